// Issue 19 point 3 in real Chromium: MetaHOPE asks annotators to read the whole news document
// before annotating its sentences (the preset's workflow.readDocumentFirst). A sentence of an
// unread document opens on the document, the server refuses saves to it (423 DOCUMENT_NOT_READ),
// scrolling to the end opens the sentence, and "I have read the document" does it without
// scrolling. Its own MetaHOPE project (CLI), so the demo's annotators are not touched.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const SLUG = `read-first-${Date.now().toString(36)}`;

test.beforeAll(() => {
  tropos("project", "create", SLUG, "--name", "Read the document first", "--source-lang", "en", "--target-lang", "zh", "--scheme", "metahope", "--manager", USERS.manager);
  const J = (o: unknown) => JSON.stringify(o);
  // d1: a long article (it has to be scrolled); d2: one sentence
  const sentences = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1}: the markets weathered another storm of selling as investors ran for cover and prices kept sliding.`);
  const lines = [
    J({ type: "document", externalId: "d1", language: "en", title: "Markets weather the storm" }),
    ...sentences.map((text, i) => J({ type: "segment", documentId: "d1", externalId: `d1-s${i + 1}`, index: i, text, language: "en", metaphorical: true })),
    ...sentences.map((_, i) => J({ type: "translation", segmentId: `d1-s${i + 1}`, system: "A", language: "zh", text: `第${i + 1}段：市场又经历了一场抛售风暴。` })),
    J({ type: "mrw", segmentId: "d1-s5", externalId: "m1", spans: [{ start: 25, end: 33 }], token: "weathered", pos: "VERB", active: true, metaphorical: true }),
    J({ type: "document", externalId: "d2", language: "en", title: "A short note" }),
    J({ type: "segment", documentId: "d2", externalId: "d2-s1", index: 0, text: "The plan hit a wall.", language: "en", metaphorical: true }),
    J({ type: "translation", segmentId: "d2-s1", system: "A", language: "zh", text: "计划碰壁了。" }),
    // d3: short enough to fit, read by the keyboard
    J({ type: "document", externalId: "d3", language: "en", title: "Another short note" }),
    J({ type: "segment", documentId: "d3", externalId: "d3-s1", index: 0, text: "The talks ran into a brick wall.", language: "en", metaphorical: true }),
    J({ type: "translation", segmentId: "d3-s1", system: "A", language: "zh", text: "谈判碰了壁。" }),
  ];
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "tropos-e2e-")), "articles.jsonl");
  writeFileSync(file, lines.join("\n"));
  tropos("import", file, "--project", SLUG);
  tropos("assign", "--project", SLUG, "--per-item", "1", "--annotators", USERS.annotator2, "--no-shuffle");
});

test("a sentence opens only after its document was read; the server refuses saves before", async ({ page }) => {
  await signIn(page, USERS.annotator2);
  const item = await (await page.request.get(`/api/projects/${SLUG}/items/d1-s5`)).json();
  expect(item.documentGate).toEqual({ documentId: item.document.id, read: false });

  // the server: a save to a sentence of the unread document is refused, naming the document
  // (the value is MetaHOPE's "nothing to mark" for the error list: [], valid, so only the gate refuses it)
  const refused = await page.request.put(`/api/projects/${SLUG}/annotations`, {
    data: { segmentId: item.segment.id, translationId: item.translations[0].id, mrwId: null, field: "METAHOPE_ERRORS", value: [], baseVersion: 0 },
  });
  expect(refused.status()).toBe(423);
  expect((await refused.json()).error).toMatchObject({ code: "DOCUMENT_NOT_READ", message: expect.stringContaining("Markets weather the storm") });

  // the page: the document, with the opened sentence marked, instead of the workspace
  await page.goto(`/projects/${SLUG}/items/d1-s5`);
  const gate = page.getByTestId("document-gate");
  await expect(gate).toBeVisible();
  await expect(page.getByTestId("workspace")).toHaveCount(0);
  await expect(gate.getByRole("heading")).toHaveText("Read the whole document first: Markets weather the storm");
  await expect(gate.locator("[data-current]")).toContainText("Paragraph 5:");
  await expect(gate).toContainText("sentence 5 of 40");
  await screenshot(page, "document-gate");

  // half way is not read: still closed after a reload
  const text = page.getByTestId("document-gate-text");
  await text.evaluate((el) => el.scrollTo({ top: (el.scrollHeight - el.clientHeight) / 2 }));
  await expect(page.getByRole("progressbar", { name: "Read so far" })).not.toHaveAttribute("aria-valuenow", "100");
  await page.reload();
  await expect(page.getByTestId("document-gate")).toBeVisible();

  // the keyboard reads on (the text has the focus): End scrolls to the end, which records it and opens the sentence
  await expect(text).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(page.getByTestId("document-gate")).toHaveCount(0);

  // every sentence of that document is open now, and saves land
  const again = await (await page.request.get(`/api/projects/${SLUG}/items/d1-s5`)).json();
  expect(again.documentGate).toEqual({ documentId: item.document.id, read: true });
  const saved = await page.request.put(`/api/projects/${SLUG}/annotations`, {
    data: { segmentId: item.segment.id, translationId: item.translations[0].id, mrwId: null, field: "METAHOPE_ERRORS", value: [], baseVersion: 0 },
  });
  expect(saved.status()).toBe(200);
  await page.goto(`/projects/${SLUG}/items/d1-s1`);
  await expect(page.getByTestId("workspace")).toBeVisible();

  // another document is still closed; a short one is read with the button
  await page.goto(`/projects/${SLUG}/items/d2-s1`);
  await expect(page.getByTestId("document-gate")).toBeVisible();
  await page.getByRole("button", { name: "I have read the document" }).click();
  await expect(page.getByTestId("workspace")).toBeVisible();
});

test("another annotator cannot mark a document read for a project they have no sentence of", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  const res = await page.request.post(`/api/projects/${SLUG}/documents/d1/read`);
  // not a member of this project at all
  expect([403, 404]).toContain(res.status());
});

test("a document that fits on screen is read by the keyboard too: Space at its end opens the sentence (issue 29 point 6)", async ({ page }) => {
  await signIn(page, USERS.annotator2);
  await page.goto(`/projects/${SLUG}/items/d3-s1`);
  const text = page.getByTestId("document-gate-text");
  await expect(text).toBeFocused();
  // nothing to scroll: the whole text is in view
  expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  await page.keyboard.press("Space");
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(page.getByTestId("document-gate")).toHaveCount(0);
});
