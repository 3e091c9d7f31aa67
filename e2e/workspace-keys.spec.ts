// Issue 13, points 5–8, on the one (scheme) workspace that serves every project: the keyboard acts
// where the annotator is looking (the "keys act here" marker on the translation of the active
// field), undo restores a pre-filled alignment exactly (through a reload), an error span not
// finished yet (no severity) is never lost and blocks submit, and the item page shows the Likert
// anchors, docks the guidelines beside the item and shows progress. Annotator 3 on the demo
// project (MMTE and MetaHOPE in one scheme), so the other workspace specs (annotator 1) keep their
// own items; item-closed.spec.ts uses the last item of annotator 3's queue.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { readDemoDocuments, screenshot, signIn, USERS } from "./helpers";

test.describe.configure({ mode: "serial" });

type TApiItem = {
  translations: { id: string; label: string }[];
  annotations: { field: string; translationId: string | null; mrwId: string | null; value: unknown }[];
};

const active = (page: Page) => page.locator('[data-active="true"]');
const activeField = (page: Page) => active(page).getAttribute("data-field");
const translation = (page: Page, letter: string) => page.getByTestId(`translation-Translation ${letter}`);
const field = (scope: Locator, id: string) => scope.locator(`[data-field="${id}"]`);
/** A translation's MetaHOPE error list (its own field, not the MRWs' alignments). */
const errorsOf = (section: Locator) => field(section, "METAHOPE_ERRORS");
/** The first MRW alignment field of a translation. */
const firstAlignment = (section: Locator) => field(section, "ALIGNMENT").first();
/** Its "Target: …" line. */
const targetOf = (alignment: Locator) => alignment.getByText(/^Target:/);

async function openRow(page: Page, row: number): Promise<string> {
  await readDemoDocuments(page.request);
  await page.goto("/projects/demo/queue");
  await page.getByTestId("queue-row").nth(row).getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  // hydrated: the workspace has focused its active field (keys pressed before that are lost)
  await expect(active(page)).toBeFocused();
  return new URL(page.url()).pathname.split("/").pop()!;
}

async function saved(page: Page) {
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
}

const apiItem = async (page: Page, seg: string) => (await (await page.request.get(`/api/projects/demo/items/${seg}`)).json()) as TApiItem;

/** Drags with the mouse from token a to token b of a field's text. */
async function dragTokens(scope: Locator, page: Page, a: number, b: number) {
  await scope.locator(`[data-token="${a}"]`).first().hover();
  await page.mouse.down();
  await scope.locator(`[data-token="${b}"]`).first().hover();
  await page.mouse.up();
}

async function tokenText(scope: Locator, a: number, b: number): Promise<string> {
  const texts = await scope.locator("[data-token]").allTextContents();
  return texts.slice(a, b + 1).join("");
}

test("point 5: a category key after a mouse selection in translation C creates the error in C, and the active translation says so", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  const seg = await openRow(page, 0);
  // the keyboard starts on the sentence's post-edit; j twice reaches translation A's first field
  expect(await activeField(page)).toBe("POSTEDIT_FIGURATIVE");
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  const a = translation(page, "A");
  const c = translation(page, "C");
  await expect(a.getByTestId("keys-act-here")).toBeVisible();
  await expect(active(page)).toHaveAttribute("data-field", "FLUENCY");
  // a mouse selection in C's error list moves the keys there: C says so, A no longer does
  await errorsOf(c).scrollIntoViewIfNeeded();
  await dragTokens(errorsOf(c), page, 2, 3);
  await expect(c.getByTestId("keys-act-here")).toContainText("a label key marks MetaHOPE errors");
  await expect(a.getByTestId("keys-act-here")).toHaveCount(0);
  await expect(errorsOf(c)).toHaveAttribute("data-active", "true");
  // i (impact) makes the error in C over the selected words, 2 its severity (medium)
  await page.keyboard.press("i");
  await expect(errorsOf(c).getByTestId("span-row")).toHaveCount(1);
  const words = await tokenText(errorsOf(c), 2, 3);
  await expect(errorsOf(c).getByTestId("span-row")).toContainText("Impact");
  await expect(errorsOf(c).getByTestId("span-row")).toContainText(`“${words}”`);
  await expect(errorsOf(a).getByTestId("span-row")).toHaveCount(0);
  await page.keyboard.press("2");
  await saved(page);
  await screenshot(page, "workspace-keys-act-here");
  await expect(page.getByTestId("workspace").getByTestId("span-row")).toHaveCount(1);
  const item = await apiItem(page, seg);
  const tC = item.translations.find((t) => t.label === "Translation C")!.id;
  const errors = item.annotations.filter((x) => x.field === "METAHOPE_ERRORS");
  expect(errors.map((x) => x.translationId)).toEqual([tC]);
  expect(errors[0].value).toEqual([expect.objectContaining({ label: "IMP", attributes: { severity: 4 } })]);
});

test("point 6: after clicking the error list, Shift+→ and Space select for an error, never the pre-filled alignment", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  await openRow(page, 1);
  const a = translation(page, "A");
  const alignment = firstAlignment(a);
  const before = (await targetOf(alignment).textContent())!;
  // on the alignment, the active translation says what the keys do there
  await alignment.getByText("Alignment *", { exact: true }).click();
  await expect(alignment).toHaveAttribute("data-active", "true");
  await expect(a.getByTestId("keys-act-here")).toContainText("a digit sets the pattern");
  // a click on the error list's title (its label, * for required) moves the keys to it
  await errorsOf(a).getByText("MetaHOPE errors *", { exact: true }).click();
  await expect(errorsOf(a)).toHaveAttribute("data-active", "true");
  await expect(a.getByTestId("keys-act-here")).toContainText("a label key marks MetaHOPE errors");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press(" ");
  await expect(targetOf(alignment)).toHaveText(before);
  await page.keyboard.press("m");
  await expect(errorsOf(a).getByTestId("span-row")).toHaveCount(1);
  await expect(errorsOf(a).getByTestId("span-row")).toContainText(`“${await tokenText(errorsOf(a), 0, 1)}”`);
  await expect(targetOf(alignment)).toHaveText(before);
});

test("point 6: Ctrl+Z restores a pre-filled alignment exactly, and the reload shows what undo restored", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  // an item whose translation A has a comma and a pre-filled first alignment: the queue order is a
  // per-annotator shuffle seeded by the account's id, which differs between databases, so look for
  // one (rows 2 and 4–9: the other tests here use rows 0, 1 and 3, item-closed.spec.ts the last)
  let seg = "";
  let comma = -1;
  for (const row of [2, 4, 5, 6, 7, 8, 9]) {
    seg = await openRow(page, row);
    const alignment = firstAlignment(translation(page, "A"));
    if ((await alignment.getByTestId("field-message").filter({ hasText: "Pre-filled" }).count()) === 0) continue;
    const tokens = await alignment.locator("[data-token]").allTextContents();
    comma = tokens.findIndex((t) => t === "，" || t === ",");
    if (comma > 0) break;
  }
  expect(comma).toBeGreaterThan(0);
  const alignment = firstAlignment(translation(page, "A"));
  const before = (await targetOf(alignment).textContent())!;
  await alignment.focus();
  await expect(alignment).toHaveAttribute("data-active", "true");
  // the slip from the issue: the selection runs onto the comma, Space marks it; one more Space
  for (let i = 0; i <= comma; i++) await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press(" ");
  await expect(targetOf(alignment)).not.toHaveText(before);
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press(" ");
  await saved(page);
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z");
  await expect(targetOf(alignment)).toHaveText(before);
  await expect(alignment.getByTestId("field-message")).toContainText("Pre-filled from the imported alignment");
  await saved(page);
  await page.reload();
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(targetOf(firstAlignment(translation(page, "A")))).toHaveText(before);
  const item = await apiItem(page, seg);
  const stored = item.annotations.filter((x) => x.field === "ALIGNMENT" && x.value !== null);
  expect(stored).toEqual([]);
});

test("point 7: an error span without its severity survives a reload unsent, is named at its field and blocks submit", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  const seg = await openRow(page, 3);
  const a = translation(page, "A");
  // the item opens on the post-edit: move to A's error list first
  await errorsOf(a).getByText("MetaHOPE errors *", { exact: true }).click();
  await dragTokens(errorsOf(a), page, 0, 1);
  await page.keyboard.press("r");
  await expect(errorsOf(a).getByTestId("span-row")).toHaveCount(1);
  await expect(errorsOf(a).getByTestId("field-message")).toContainText("Not saved yet");
  await expect(errorsOf(a).getByTestId("field-message")).toContainText("severity");
  await page.reload();
  await expect(page.getByTestId("workspace")).toBeVisible();
  const errors = errorsOf(translation(page, "A"));
  const row = errors.getByTestId("span-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`“${await tokenText(errors, 0, 1)}”`);
  await expect(errors.getByTestId("field-message")).toContainText("severity");
  await screenshot(page, "workspace-draft-error");
  // submit refuses and names the problem
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("workspace-message")).toContainText("Cannot submit yet: MetaHOPE errors (Translation A)");
  await expect(errors).toHaveAttribute("data-active", "true");
  // never sent: the server has no error list for A
  const item = await apiItem(page, seg);
  const tA = item.translations.find((t) => t.label === "Translation A")!.id;
  expect(item.annotations.filter((x) => x.field === "METAHOPE_ERRORS" && x.translationId === tA)).toEqual([]);
  // choosing the severity completes it, and it is saved
  await row.locator("span").first().click(); // the row's label (its centre is a select)
  await page.keyboard.press("2");
  await expect(errors.getByTestId("field-message")).toHaveCount(0);
  await saved(page);
  const after = await apiItem(page, seg);
  expect(after.annotations.find((x) => x.field === "METAHOPE_ERRORS" && x.translationId === tA)?.value).toEqual([expect.objectContaining({ label: "RAM", attributes: { severity: 4 } })]);
});

test("point 8: Likert anchors on the buttons, guidelines docked beside the item, item progress", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  await openRow(page, 0);
  const fluency = field(translation(page, "A"), "FLUENCY").getByRole("radiogroup", { name: "Fluency" });
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
