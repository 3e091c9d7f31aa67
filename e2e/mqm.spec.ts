// MQM in real Chromium (issue 20): a project made from the mqm preset with the synthetic WMT file
// imported (tests/fixtures/mqm/wmt-9col.tsv); the annotator marks, by keyboard only, a Major
// mistranslation on the first translation and a Minor omission on the source (→ walks from the
// translation's words into the source's), then No error (0) on the other translation, and submits;
// the values reach the server with the side each span lies on. The manager sees the MQM table of
// the imported raters on the dashboard and downloads the Marot export.
import path from "node:path";
import pg from "pg";
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const slug = `e2e-mqm-${Date.now().toString(36)}`;

test.beforeAll(async () => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  tropos("project", "create", slug, "--name", "MQM", "--scheme", "mqm", "--source-lang", "zh", "--target-lang", "en", "--manager", USERS.manager);
  tropos("import", path.resolve("tests/fixtures/mqm/wmt-9col.tsv"), "--project", slug);
  // the imported raters already count for their items (finished work), so K = 3 gives the annotator every item
  // the raters are the project's placeholder raters, whose addresses name the project (issue 27, point 7)
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM "Project" WHERE slug = $1`, [slug]);
  await db.end();
  const rater = (name: string) => `${name}@${rows[0].id}.annotators.tropos.local`;
  tropos("assign", "--project", slug, "--per-item", "3", "--annotators", `${USERS.annotator},${rater("raterx")},${rater("ratery")}`, "--no-shuffle");
});

const active = (page: Page) => page.locator('[data-active="true"]').getAttribute("data-slot");

test("errors on the translation and the source, and No error, by keyboard", async ({ page }) => {
  await signIn(page, USERS.annotator);
  await page.goto(`/projects/${slug}/queue`);
  await page.getByTestId("queue-row").first().getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  // an MQM item is not a "literal" sentence: the metaphor flag is shown only in studies of metaphors (issue 29 point 10)
  await expect(page.getByRole("region", { name: "Source" }).getByRole("heading")).toHaveText("Source");
  const first = await active(page);
  const slot = page.locator(`[data-slot="${first}"]`);
  await expect(slot).toHaveAttribute("data-field", "errors");

  // the first word of the translation: Mistranslation (m), Major (1)
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("m");
  await page.keyboard.press("1");
  // → past the translation's last word lands on the source's first: Omission (o), Minor (2)
  await page.keyboard.press("ArrowRight");
  for (let i = 0; i < 30 && (await slot.getByTestId("spans-source").locator('[data-selected="true"]').count()) === 0; i++) await page.keyboard.press("ArrowRight");
  await expect(slot.getByTestId("spans-source").locator('[data-selected="true"]')).toHaveCount(1);
  await page.keyboard.press("o");
  await page.keyboard.press("2");
  await expect(slot.getByTestId("span-row")).toHaveCount(2);
  await screenshot(page, "mqm-workspace");

  // the other translation: No error
  await page.keyboard.press("j");
  const second = await active(page);
  expect(second).not.toBe(first);
  await page.keyboard.press("0");
  await expect(page.locator(`[data-slot="${second}"]`).getByTestId("spans-none")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });

  const seg = new URL(page.url()).pathname.split("/").pop()!;
  const item = (await (await page.request.get(`/api/projects/${slug}/items/${seg}`)).json()) as {
    translations: { id: string; text: string }[];
    annotations: { field: string; translationId: string; value: unknown }[];
  };
  const bySlotText = new Map(item.annotations.map((a) => [item.translations.find((t) => t.id === a.translationId)?.text, a.value]));
  const firstText = (await slot.locator('p[aria-label="Errors: text"]').innerText()).trim();
  const firstWord = /^\S+?(?=\s|$)/.exec(firstText)![0];
  expect(bySlotText.get(firstText)).toEqual([
    { start: 0, end: firstWord.length, label: "Accuracy/Mistranslation", attributes: { severity: "Major" }, on: "target" },
    { start: 0, end: 1, label: "Accuracy/Omission", attributes: { severity: "Minor" }, on: "source" },
  ]);
  expect([...bySlotText.entries()].find(([t]) => t !== firstText)?.[1]).toEqual([]);

  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("workspace")).toBeVisible();
});

test("the manager sees the MQM table and downloads the Marot export", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/dashboard`);
  const table = page.getByTestId("mqm-systems");
  await expect(table).toBeVisible({ timeout: 30_000 });
  // from the imported raters (and whatever the first test added): two systems, each with a score
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table.getByTestId("mqm-score").first()).toHaveText(/^\d+\.\d\d$/);
  await screenshot(page, "mqm-dashboard");
  const res = await page.request.get(`/api/projects/${slug}/export?what=errors&format=marot`);
  expect(res.status()).toBe(200);
  const lines = (await res.text()).trimEnd().split("\n");
  expect(lines[0]).toBe("system\tdoc\tdocSegId\tglobalSegId\trater\tsource\ttarget\tcategory\tseverity\tmetadata");
  expect(lines.slice(1).every((l) => l.split("\t").length === 10)).toBe(true);
});
