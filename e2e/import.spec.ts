// Import in the browser: upload → preview (counts, first rows, errors with line numbers) → import
// → the project overview shows the new counts. The spec seeds its own project through the CLI.
import { expect, test } from "@playwright/test";
import { apiSignIn, screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const slug = `e2e-import-${Date.now().toString(36)}`;
const J = (o: unknown) => JSON.stringify(o);
const SEGMENTS = [
  "After two years of rapid growth, the regional economy has run out of steam.",
  "他的话像一把刀，刺进了我的心。",
  "Quel discorso è stato una doccia fredda per tutti.",
];
const corpus = [
  J({ type: "document", externalId: "news-1", language: "en", title: "News" }),
  ...SEGMENTS.map((text, i) => J({ type: "segment", documentId: "news-1", externalId: `news-1:${i + 1}`, index: i, text, language: "en", metaphorical: true })),
  J({ type: "mrw", segmentId: "news-1:1", externalId: "t1", spans: [{ start: 59, end: 75 }], token: "run out of steam", pos: "VERB", active: true, metaphorical: true }),
  J({ type: "translation", segmentId: "news-1:1", system: "GPT-5.4", language: "zh", text: "经过两年的快速增长，地区经济已经后劲不足。" }),
  J({ type: "translation", segmentId: "news-1:2", system: "GPT-5.4", language: "zh", text: "他的话像一把刀，刺痛了我的心。" }),
].join("\r\n");
const broken = [
  J({ type: "document", externalId: "news-2", language: "en" }),
  '{"type":"segment","documentId":"news-2","externalId":"news-2:1","index":0,"text":"Truncated',
  J({ type: "mrw", segmentId: "news-2:9", externalId: "t1", spans: [{ start: 0, end: 5 }], token: "x", pos: "NOUNISH", active: true, metaphorical: true }),
].join("\n");

test.beforeAll(() => {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  tropos("project", "create", slug, "--name", "Import E2E", "--manager", USERS.manager);
});

test("a manager previews, sees errors, imports, and the overview counts update", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/import`);
  await expect(page.getByRole("heading", { name: "Import", exact: true })).toBeVisible();

  // a broken file: every error with its line, nothing stored
  await page.getByLabel("Files").setInputFiles({ name: "broken.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(broken) });
  await page.getByRole("button", { name: "Preview" }).click();
  const errors = page.getByTestId("import-errors");
  await expect(errors).toBeVisible();
  await expect(errors).toContainText("broken.jsonl:2");
  await expect(errors).toContainText("broken.jsonl:3");
  await expect(page.getByTestId("import-message")).toContainText("nothing was stored");
  await screenshot(page, "import-errors");

  // a good file (CRLF, Chinese and Italian): preview first, then import
  await page.getByLabel("Files").setInputFiles({ name: "corpus.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(`\uFEFF${corpus}`) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-ready")).toBeVisible();
  await expect(page.getByTestId("detected-format")).toHaveText("jsonl");
  await expect(page.getByTestId("preview-segments").first()).toContainText(SEGMENTS[1]);
  await expect(page.getByTestId("preview-segments").first()).toContainText("run out of steam");
  await expect(page.getByTestId("preview-translations")).toContainText("后劲不足");
  await expect(page.getByTestId("preview-count-segments")).toHaveText("3");
  await expect(page.getByTestId("preview-count-mrws")).toHaveText("1");
  await screenshot(page, "import-preview");

  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("import-message")).toContainText("Imported 1 file(s) (3 segments)");
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page.getByTestId("count-segments")).toHaveText("3");
  await expect(page.getByTestId("count-documents")).toHaveText("1");
  await expect(page.getByTestId("count-translations")).toHaveText("2");
  await expect(page.getByTestId("count-mrws")).toHaveText("1");

  // the settings page: split the new corpus
  await page.goto(`/projects/${slug}/settings`);
  await page.getByLabel("Pilot segments").fill("1");
  await page.getByLabel("Test segments").fill("2");
  await page.getByLabel("Split by").selectOption("random");
  await page.getByRole("button", { name: "Save split" }).click();
  await expect(page.getByTestId("split-message")).toHaveText("Split saved: 1 pilot, 2 test, 0 without a split.");
  await screenshot(page, "settings");
});

test("the export route streams the imported project back as JSONL", async ({ page }) => {
  await signIn(page, USERS.manager);
  const res = await page.request.get(`/api/projects/${slug}/export?what=project&format=jsonl`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain(`${slug}-project.jsonl`);
  const text = await res.text();
  for (const s of SEGMENTS) expect(text).toContain(JSON.stringify(s));
});

test("an annotator cannot open the import page or upload", async ({ page }) => {
  await signIn(page, USERS.annotator);
  const res = await page.request.post(`/api/projects/demo/import`, { multipart: { file: { name: "x.jsonl", mimeType: "text/plain", buffer: Buffer.from(corpus) } } });
  expect(res.status()).toBe(403);
});

test("an upload over the limit is refused with the limit in the message, and nothing is stored", async ({ request }) => {
  await apiSignIn(request, USERS.manager);
  const before = await (await request.get("/api/projects/demo")).json();
  const big = Buffer.alloc(9 * 1024 * 1024, "a");
  const res = await request.post("/api/projects/demo/import", {
    multipart: { file: { name: "huge.tsv", mimeType: "text/tab-separated-values", buffer: big } },
  });
  expect(res.status()).toBe(413);
  expect((await res.json()).error.message).toContain("8 MB");
  const after = await (await request.get("/api/projects/demo")).json();
  expect(after.segments).toBe(before.segments);
});

test("the import page links the JSONL format reference, and a workbook renamed .tsv is named a spreadsheet (issue 29 point 7)", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/import`);
  await page.getByLabel("Files").setInputFiles({ name: "sheet.tsv", mimeType: "text/tab-separated-values", buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0xff, 0xfe]) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("import-errors")).toContainText("spreadsheet");
  await expect(page.getByTestId("import-errors")).toContainText("MetaHOPE annotation workbook");
  await expect(page.getByTestId("import-errors")).not.toContainText("could not recognise");

  await page.getByTestId("jsonl-reference-link").click();
  await expect(page).toHaveURL(/\/formats\/jsonl$/);
  for (const type of ["document", "segment", "mrw", "translation", "annotation", "errorSpan"]) {
    await expect(page.locator(`section#${type}`)).toBeVisible();
  }
  await screenshot(page, "jsonl-format-reference");
  const example = await page.request.get("/formats/jsonl/example.jsonl");
  expect(example.status()).toBe(200);
  expect((await example.text()).split("\n").filter(Boolean)).toHaveLength(10);
});
