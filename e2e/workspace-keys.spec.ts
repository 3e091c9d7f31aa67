// Issue 13, points 5–8: the keyboard acts where the annotator is looking, undo restores exactly
// (through a reload), an error span without a category is never lost, and the item page shows
// the Likert anchors, docks the guidelines beside the item and shows progress. Annotator 3 on
// the demo project, so the other workspace specs (annotator 1) keep their own items.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { readDemoDocuments, screenshot, signIn, USERS } from "./helpers";

test.describe.configure({ mode: "serial" });

async function focusedSlot(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute("data-slot") ?? null);
}

async function openRow(page: Page, scheme: "MMTE" | "METAHOPE", row: number): Promise<string> {
  if (scheme === "METAHOPE") await readDemoDocuments(page.request);
  await page.goto(`/projects/demo/queue?scheme=${scheme}`);
  await page.getByTestId("queue-row").nth(row).getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect.poll(() => focusedSlot(page)).not.toBeNull();
  return new URL(page.url()).pathname.split("/").pop()!;
}

async function saved(page: Page) {
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
}

const translation = (page: Page, letter: string) => page.getByTestId(`translation-Translation ${letter}`);

/** Drags with the mouse from token a to token b of a translation's text. */
async function dragTokens(section: Locator, page: Page, a: number, b: number) {
  await section.locator(`[data-token="${a}"]`).first().hover();
  await page.mouse.down();
  await section.locator(`[data-token="${b}"]`).first().hover();
  await page.mouse.up();
}

async function tokenText(section: Locator, a: number, b: number): Promise<string> {
  const texts = await section.locator("p[lang] [data-token]").allTextContents();
  return texts.slice(a, b + 1).join("");
}

/** The "Target: …" line of the first MRW alignment field of a translation. */
const firstAlignmentTarget = (section: Locator) => section.getByRole("radiogroup").filter({ hasText: "Target:" }).first();

test("point 5: `e` after a mouse selection in translation C creates the error in C, and the active translation says so", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  await openRow(page, "METAHOPE", 0);
  // the keyboard starts on translation A's first field
  await expect.poll(() => focusedSlot(page)).toMatch(/\|ALIGNMENT$/);
  const a = translation(page, "A");
  const c = translation(page, "C");
  await c.scrollIntoViewIfNeeded();
  await dragTokens(c, page, 2, 3);
  await expect(c.getByTestId("keys-act-here")).toBeVisible();
  await expect(a.getByTestId("keys-act-here")).toHaveCount(0);
  await page.keyboard.press("e");
  await expect(c.getByTestId("error-row")).toHaveCount(1);
  await expect(c.getByTestId("error-row")).toContainText(await tokenText(c, 2, 3));
  await expect(a.getByTestId("error-row")).toHaveCount(0);
  await page.keyboard.press("i");
  await page.keyboard.press("2");
  await saved(page);
  await screenshot(page, "workspace-keys-act-here");
  await expect(page.getByTestId("workspace").getByTestId("error-row")).toHaveCount(1);
});

test("point 6: after clicking the error list, Shift+→ and Space select for an error, never the pre-filled alignment", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  await openRow(page, "METAHOPE", 1);
  await expect.poll(() => focusedSlot(page)).toMatch(/\|ALIGNMENT$/);
  const a = translation(page, "A");
  const before = (await firstAlignmentTarget(a).textContent())!;
  // the active translation says what Space marks
  await expect(a.getByTestId("keys-act-here")).toContainText("alignment");
  await a.getByRole("group", { name: "Errors in Translation A" }).getByText("MetaHOPE errors", { exact: true }).click();
  await expect(a.getByTestId("keys-act-here")).toContainText("error");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press(" ");
  await expect(firstAlignmentTarget(a)).toHaveText(before);
  await page.keyboard.press("e");
  await expect(a.getByTestId("error-row")).toHaveCount(1);
  await expect(a.getByTestId("error-row")).toContainText(await tokenText(a, 1, 1));
  await expect(firstAlignmentTarget(a)).toHaveText(before);
});

test("point 6: Ctrl+Z restores a pre-filled alignment exactly, and the reload shows what undo restored", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  // an item whose translation A has a comma: the queue order is a per-annotator shuffle seeded by
  // the account's id, which differs between databases, so look for one (rows 2 and 4–9: the other
  // tests here use rows 0, 1 and 3, item-closed.spec.ts the last)
  let seg = "";
  let comma = -1;
  for (const row of [2, 4, 5, 6, 7, 8, 9]) {
    seg = await openRow(page, "METAHOPE", row);
    const tokens = await translation(page, "A").locator("p[lang] [data-token]").allTextContents();
    comma = tokens.findIndex((t) => t === "，" || t === ",");
    if (comma > 0) break;
  }
  expect(comma).toBeGreaterThan(0);
  await expect.poll(() => focusedSlot(page)).toMatch(/\|ALIGNMENT$/);
  const a = translation(page, "A");
  const before = (await firstAlignmentTarget(a).textContent())!;
  // the slip from the issue: the token cursor onto the comma, Space, then one more token, Space
  for (let i = 0; i <= comma; i++) await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press(" ");
  await expect(firstAlignmentTarget(a)).not.toHaveText(before);
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press(" ");
  await saved(page);
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z");
  await expect(firstAlignmentTarget(a)).toHaveText(before);
  await saved(page);
  await page.reload();
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(firstAlignmentTarget(translation(page, "A"))).toHaveText(before);
  const item = await (await page.request.get(`/api/projects/demo/items/${seg}?scheme=METAHOPE`)).json();
  const stored = item.annotations.filter((x: { field: string; value: unknown }) => x.field === "ALIGNMENT" && x.value !== null);
  expect(stored).toEqual([]);
});

test("point 7: an error span without a category survives a reload, is named by the indicator and blocks submit", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  const seg = await openRow(page, "METAHOPE", 3);
  const a = translation(page, "A");
  // the item opens on A's first alignment, where drags mark the alignment: move to the error list first
  await a.getByTestId("errors-header").getByText("MetaHOPE errors", { exact: true }).click();
  await dragTokens(a, page, 0, 1);
  await page.keyboard.press("e");
  await expect(a.getByTestId("error-row")).toHaveCount(1);
  await expect(page.getByTestId("draft-errors")).toContainText("1 error needs a category");
  await saved(page);
  await page.reload();
  await expect(page.getByTestId("workspace")).toBeVisible();
  const row = translation(page, "A").getByTestId("error-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(await tokenText(translation(page, "A"), 0, 1));
  await expect(page.getByTestId("draft-errors")).toContainText("1 error needs a category");
  await screenshot(page, "workspace-draft-error");
  // submit refuses and names the problem
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("workspace-message")).toContainText("Cannot submit yet");
  const item = await (await page.request.get(`/api/projects/demo/items/${seg}?scheme=METAHOPE`)).json();
  expect(item.errorSpans).toHaveLength(1);
  expect(item.errorSpans[0]).toMatchObject({ category: null, severity: null });
  // choosing category and severity completes it
  await row.locator("span").first().click(); // the excerpt (the row's centre is a select)
  await page.keyboard.press("r");
  await page.keyboard.press("2");
  await expect(page.getByTestId("draft-errors")).toHaveCount(0);
  await saved(page);
  const after = await (await page.request.get(`/api/projects/demo/items/${seg}?scheme=METAHOPE`)).json();
  expect(after.errorSpans[0]).toMatchObject({ category: "RAM", severity: 4 });
});

test("point 8: Likert anchors on the buttons, guidelines docked beside the item, item progress", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  await openRow(page, "MMTE", 0);
  const fluency = page.getByRole("radiogroup", { name: "Fluency — Translation A" });
  await expect(fluency.getByRole("radio", { name: "1: Very Poor" })).toBeVisible();
  await expect(fluency.getByRole("radio", { name: "5: Very Good" })).toContainText("Very Good");
  await expect(page.getByTestId("item-progress")).toHaveText(/^Item \d+ of \d+ · \d+ done$/);
  await page.keyboard.press("g");
  const panel = page.getByRole("complementary", { name: "Guidelines" });
  await expect(panel).toBeVisible();
  const submit = page.getByRole("button", { name: /Submit & next/ });
  // nothing covers the Submit button: the element at its centre is the button itself
  const box = (await submit.boundingBox())!;
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.textContent ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(hit).toContain("Submit & next");
  const pb = (await panel.boundingBox())!;
  expect(pb.y).toBeGreaterThanOrEqual(box.y + box.height);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "workspace-guidelines-docked");
  // the panel stays beside the item while scrolling
  await page.mouse.wheel(0, 600);
  await expect(panel).toBeInViewport();
});
