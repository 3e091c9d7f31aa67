// The annotator workspace in real Chromium against `next start` and the demo database:
// keyboard-only MMTE and MetaHOPE items, autosave across reloads and offline periods, the two-tab
// conflict, submit jumping to the first missing value, API-level privacy, and screenshots.
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { apiSignIn, readDemoDocuments, screenshot, signIn, USERS } from "./helpers";

async function focusedSlot(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute("data-slot") ?? null);
}

async function openRow(page: Page, slug: string, scheme: "MMTE" | "METAHOPE", row: number): Promise<string> {
  if (scheme === "METAHOPE") await readDemoDocuments(page.request, slug);
  await page.goto(`/projects/${slug}/queue?scheme=${scheme}`);
  await page.getByTestId("queue-row").nth(row).getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect.poll(() => focusedSlot(page)).not.toBeNull();
  return new URL(page.url()).pathname.split("/").pop()!;
}

async function saved(page: Page) {
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
}

test.describe.configure({ mode: "serial" });

test("MMTE: a full item with the keyboard only, from the queue's continue button", async ({ page }) => {
  await signIn(page, USERS.annotator);
  await page.goto("/projects/demo-it/queue?scheme=MMTE");
  await expect(page.getByTestId("queue-progress")).toContainText("0 /");
  await page.getByRole("link", { name: "Continue where I stopped" }).click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  const first = new URL(page.url()).pathname.split("/").pop();
  await expect.poll(() => focusedSlot(page)).toMatch(/\|FLUENCY$/);

  // Guidelines in context: on an Equivalence field, `g` shows the Equivalence definitions.
  const slots = await page.locator("[data-slot]").evaluateAll((els) => els.map((e) => e.getAttribute("data-slot")!));
  const eq = slots.findIndex((s) => s.endsWith("|EQUIVALENCE"));
  for (let i = 0; i < eq; i++) await page.keyboard.press("1");
  await expect.poll(() => focusedSlot(page)).toMatch(/\|EQUIVALENCE$/);
  await page.keyboard.press("g");
  await expect(page.getByTestId("guidelines-title")).toHaveText(/Equivalence/);
  // The item comes from a per-annotator shuffle (seeded by the annotator's id, new every run), so
  // its first MRW may be metaphorical or literal: the panel must show that source's label set.
  await expect(page.getByRole("complementary", { name: "Guidelines" })).toContainText(
    /Full-Equivalence|The non-metaphorical source word is translated by a literal/,
  );
  await page.keyboard.press("g");
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeHidden();

  // Digits choose and advance; the post-edits start from translation A, and one is edited.
  const labelSlots = slots.filter((s) => !s.includes("POSTEDIT")).length;
  for (let i = eq; i < labelSlots; i++) await page.keyboard.press("1");
  await expect.poll(() => focusedSlot(page)).toMatch(/POSTEDIT_FIGURATIVE$/);
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  await page.keyboard.type(" davvero");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("edit-rate").first()).toContainText("Edit rate");
  await page.keyboard.press("Tab");
  await expect.poll(() => focusedSlot(page)).toMatch(/POSTEDIT_LITERAL$/);
  await page.keyboard.press("1");
  await page.keyboard.press("Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(`/items/${first}`), { timeout: 15_000 });

  const item = await (await page.request.get(`/api/projects/demo-it/items/${first}?scheme=MMTE`)).json();
  expect(item.assignment.status).toBe("DONE");
  expect(item.postEdits.find((p: { kind: string }) => p.kind === "FIGURATIVE").text).toMatch(/ davvero$/);
  await page.goto("/projects/demo-it/queue?scheme=MMTE");
  await expect(page.getByTestId("queue-progress")).toContainText("1 /");
  await screenshot(page, "workspace-queue");
});

test("MetaHOPE: alignment spans, an error span and reviews with the keyboard only", async ({ page }) => {
  await signIn(page, USERS.annotator);
  const seg = await openRow(page, "demo", "METAHOPE", 0);
  await expect.poll(() => focusedSlot(page)).toMatch(/\|ALIGNMENT$/);
  const slots = await page.locator("[data-slot]").evaluateAll((els) => els.map((e) => e.getAttribute("data-slot")!));

  // First alignment: clear the pre-fill, mark token 2 with the token cursor, choose DIRECT.
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press(" ");
  await page.keyboard.press("1");
  for (let i = 1; i < slots.length; i++) {
    const slot = slots[i];
    await expect.poll(() => focusedSlot(page)).toBe(slot);
    if (slot.endsWith("|ALIGNMENT")) {
      await page.keyboard.press("6"); // OMISSION
    } else if (i === slots.findIndex((s) => s.endsWith("|METAHOPE_ERRORS"))) {
      // An error on the first translation: select a token, e, category M(IS), severity 3 (major = 6).
      await page.keyboard.press("Shift+ArrowRight");
      await page.keyboard.press(" ");
      await page.keyboard.press("e");
      await page.keyboard.press("m");
      await page.keyboard.press("3");
      await expect(page.getByTestId("error-row")).toHaveCount(1);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("penalty").first()).toContainText("Penalty: 6");
      await page.keyboard.press("1");
    } else {
      await page.keyboard.press("1"); // review done, no errors
    }
  }
  await saved(page);
  await screenshot(page, "workspace-metahope");
  await page.keyboard.press("Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(`/items/${seg}`), { timeout: 15_000 });
  const item = await (await page.request.get(`/api/projects/demo/items/${seg}?scheme=METAHOPE`)).json();
  expect(item.assignment.status).toBe("DONE");
  expect(item.errorSpans).toHaveLength(1);
  expect(item.errorSpans[0]).toMatchObject({ category: "MIS", severity: 6 });
  const first = item.annotations.find((a: { field: string; value: { pattern: string } }) => a.field === "ALIGNMENT" && a.value.pattern === "DIRECT");
  expect(first.value.spans).toHaveLength(1);
});

test("autosave survives a reload and an offline period", async ({ page, context }) => {
  await signIn(page, USERS.annotator);
  const seg = await openRow(page, "demo-it", "MMTE", 1);
  await page.keyboard.press("4");
  await saved(page);
  await page.reload();
  await expect(page.getByRole("radiogroup", { name: "Fluency — Translation A" }).getByRole("radio", { name: "4: Good" })).toHaveAttribute("aria-checked", "true");

  await context.setOffline(true);
  await expect.poll(() => focusedSlot(page)).toMatch(/INTELLIGIBILITY$/);
  await page.keyboard.press("3");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "offline");
  await expect(page.getByTestId("save-status")).toContainText("kept in this browser");
  const queued = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("tropos.saveQueue")).map((k) => localStorage.getItem(k)).join(""));
  expect(queued).toContain("INTELLIGIBILITY");
  await context.setOffline(false);
  await page.reload();
  await saved(page);
  await expect(page.getByRole("radiogroup", { name: "Intelligibility — Translation A" }).getByRole("radio", { name: "3: Acceptable" })).toHaveAttribute("aria-checked", "true");
  const item = await (await page.request.get(`/api/projects/demo-it/items/${seg}?scheme=MMTE`)).json();
  const tA = item.translations[0].id;
  expect(item.annotations.find((a: { field: string; translationId: string }) => a.field === "INTELLIGIBILITY" && a.translationId === tA).value).toBe(3);
});

test("the same item in two tabs: the stale save is refused and both versions are shown", async ({ page, context }) => {
  await signIn(page, USERS.annotator);
  await openRow(page, "demo-it", "MMTE", 2);
  const tab2 = await context.newPage();
  await tab2.goto(page.url());
  await expect.poll(() => focusedSlot(tab2)).toMatch(/\|FLUENCY$/);

  await page.keyboard.press("5");
  await saved(page);
  await tab2.keyboard.press("2");
  const dialog = tab2.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Theirs (version 1");
  await expect(tab2.getByTestId("conflict-mine")).toHaveText("2 — Poor");
  await expect(tab2.getByTestId("conflict-theirs")).toHaveText("5 — Very Good");
  await screenshot(tab2, "workspace-conflict");
  await dialog.getByRole("button", { name: "Keep mine" }).click();
  await saved(tab2);
  const seg = new URL(page.url()).pathname.split("/").pop();
  const item = await (await page.request.get(`/api/projects/demo-it/items/${seg}?scheme=MMTE`)).json();
  const fl = item.annotations.find((a: { field: string; translationId: string }) => a.field === "FLUENCY" && a.translationId === item.translations[0].id);
  expect(fl).toMatchObject({ value: 2, version: 2 });
});

test("submit with a missing value jumps to it", async ({ page }) => {
  await signIn(page, USERS.annotator);
  await openRow(page, "demo-it", "MMTE", 3);
  for (const k of ["1", "2", "3"]) await page.keyboard.press(k);
  await expect.poll(() => focusedSlot(page)).toMatch(/\|OVERALL$/);
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect.poll(() => focusedSlot(page)).not.toMatch(/\|OVERALL$/);
  await page.keyboard.press("Control+Enter");
  await expect.poll(() => focusedSlot(page)).toMatch(/\|OVERALL$/);
  await expect(page.getByTestId("workspace-message")).toContainText("Overall — Translation A");
});

test("privacy: another annotator's values never reach the browser, and blind mode hides system names", async ({ baseURL }) => {
  const a2 = await playwrightRequest.newContext({ baseURL });
  await apiSignIn(a2, USERS.annotator2);
  const item2 = await (await a2.get("/api/projects/demo/items/demo-doc-1-s2?scheme=MMTE")).json();
  const t = item2.translations[0].id;
  // other specs (no-lost-work) may already have saved as annotator2 here: build on what is stored
  const editVersion = item2.postEdits.find((p: { kind: string }) => p.kind === "LITERAL")?.version ?? 0;
  const fluencyVersion =
    item2.annotations.find((a: { translationId: string | null; mrwId: string | null; field: string }) => a.translationId === t && !a.mrwId && a.field === "FLUENCY")?.version ?? 0;
  const put = await a2.put("/api/projects/demo/items/demo-doc-1-s2/post-edits", { data: { kind: "LITERAL", text: "PRIVATE-annotator2-text", baseTranslationId: t, baseVersion: editVersion } });
  expect(put.status()).toBe(404); // post-edits are addressed by segment id, not external id
  const ok = await a2.put(`/api/projects/demo/items/${item2.segment.id}/post-edits`, { data: { kind: "LITERAL", text: "PRIVATE-annotator2-text", baseTranslationId: t, baseVersion: editVersion } });
  expect(ok.status()).toBe(200);
  const sv = await a2.put("/api/projects/demo/annotations", { data: { segmentId: item2.segment.id, translationId: t, field: "FLUENCY", value: 2, baseVersion: fluencyVersion } });
  expect(sv.status()).toBe(200);

  const a1 = await playwrightRequest.newContext({ baseURL });
  await apiSignIn(a1, USERS.annotator);
  const res = await a1.get(`/api/projects/demo/items/${item2.segment.id}?scheme=MMTE`);
  const body = await res.text();
  expect(res.status()).toBe(200);
  expect(body).not.toContain("PRIVATE-annotator2");
  expect(JSON.parse(body).annotations.filter((a: { field: string }) => a.field === "FLUENCY")).toEqual([]);
  expect(body).not.toMatch(/mt-alpha|mt-beta|llm-gamma/);
  // a1 cannot edit a2's error spans or read the item through another project
  expect((await a1.get(`/api/projects/other/items/${item2.segment.id}?scheme=MMTE`)).status()).toBe(404);
  // stale save: validation names the field
  const bad = await a1.put("/api/projects/demo/annotations", { data: { segmentId: item2.segment.id, translationId: t, field: "FLUENCY", value: 9, baseVersion: 0 } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.message).toMatch(/^Fluency: expected a whole number/);
  await a1.dispose();
  await a2.dispose();
});

test("screenshot: MMTE item page (EN→ZH) at 1366×768 without horizontal scroll", async ({ page }) => {
  await signIn(page, USERS.annotator);
  await openRow(page, "demo", "MMTE", 1);
  for (const k of ["4", "5", "4", "4", "2"]) await page.keyboard.press(k);
  await saved(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "workspace-mmte");
});
