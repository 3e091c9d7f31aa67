// Issue 13.18 in real Chromium, on the one (scheme) workspace: a submitted item opens read-only
// with a visible "Reopen to edit" button; an edit is refused on the page (and by the server: 423
// ITEM_SUBMITTED), reopening makes it editable again and the change is saved; an item submitted
// from another tab parks this page's next save (shown, not retried, not dropped) and sends it
// after reopening. The demo project (MMTE and MetaHOPE in one scheme), annotator 3's last item.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { readDemoDocuments, signIn, screenshot, USERS } from "./helpers";

type TItem = {
  segment: { id: string };
  translations: { id: string; label: string; text: string }[];
  mrws: { id: string; metaphorical: boolean }[];
  annotations: { translationId: string | null; mrwId: string | null; field: string; value: unknown; version: number }[];
  assignment: { status: string };
};

const translation = (page: Page, letter: string) => page.getByTestId(`translation-Translation ${letter}`);
const field = (scope: Locator, id: string) => scope.locator(`[data-field="${id}"]`);
const fluencyOf = (page: Page, letter: string) => field(translation(page, letter), "FLUENCY");
const stored = (item: TItem, translationId: string, f: string) => item.annotations.find((a) => a.translationId === translationId && a.mrwId === null && a.field === f);

/**
 * Completes the item through the API with every value its scheme asks for (MMTE's scales, MRW
 * labels and post-edits; MetaHOPE's alignments as omissions and error lists as "nothing to mark";
 * values already so are left alone) and submits it, as the workspace does.
 */
async function completeAndSubmit(page: Page, api: string): Promise<TItem> {
  const item: TItem = await (await page.request.get(api)).json();
  const puts: { translationId: string | null; mrwId: string | null; field: string; value: unknown }[] = [
    { translationId: null, mrwId: null, field: "POSTEDIT_FIGURATIVE", value: item.translations[0].text },
    { translationId: null, mrwId: null, field: "POSTEDIT_LITERAL", value: item.translations[0].text },
  ];
  for (const t of item.translations) {
    for (const f of ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"]) puts.push({ translationId: t.id, mrwId: null, field: f, value: 3 });
    puts.push({ translationId: t.id, mrwId: null, field: "METAHOPE_ERRORS", value: [] });
    for (const m of item.mrws) {
      puts.push({ translationId: t.id, mrwId: m.id, field: "EQUIVALENCE", value: m.metaphorical ? "FULL" : "LITERAL" });
      puts.push({ translationId: t.id, mrwId: m.id, field: "EMOTION", value: "SAME" });
      puts.push({ translationId: t.id, mrwId: m.id, field: "AUTHENTICITY", value: 3 });
      puts.push({ translationId: t.id, mrwId: m.id, field: "ALIGNMENT", value: { pattern: "OMISSION", spans: [] } });
    }
  }
  for (const p of puts) {
    const cur = item.annotations.find((a) => a.translationId === p.translationId && a.mrwId === p.mrwId && a.field === p.field);
    if (JSON.stringify(cur?.value) === JSON.stringify(p.value)) continue;
    const res = await page.request.put("/api/projects/demo/annotations", { data: { segmentId: item.segment.id, ...p, baseVersion: cur?.version ?? 0 } });
    expect(res.status(), `${p.field}: ${await res.text()}`).toBe(200);
  }
  const submitted = await page.request.post(`${api}/assignment`, { data: { action: "submit" } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return item;
}

/** Annotator 3's last item (workspace-keys.spec.ts works on the first ones), opened in the workspace. */
async function openLastItem(page: Page): Promise<string> {
  await signIn(page, USERS.annotator3);
  await readDemoDocuments(page.request);
  await page.goto("/projects/demo/queue");
  await page.getByTestId("queue-row").last().getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(page.locator('[data-active="true"]')).toBeFocused();
  return `/api/projects/demo/items/${new URL(page.url()).pathname.split("/").pop()!}`;
}

test.describe.configure({ mode: "serial" });

test("submit, try to edit: read-only; reopen: editable and saved", async ({ page }) => {
  const api = await openLastItem(page);
  const item = await completeAndSubmit(page, api);
  const tA = item.translations.find((t) => t.label === "Translation A")!.id;

  // The submitted item is read-only: a banner, "Reopen to edit" instead of Submit, edits refused.
  await page.reload();
  // the page is hydrated once it has focused its first field (a focus before that reaches no handler)
  await expect(page.locator('[data-active="true"]')).toBeFocused();
  await expect(page.getByTestId("item-closed")).toContainText("This item was submitted; it is read-only.");
  await expect(page.getByRole("button", { name: "Reopen to edit" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Submit & next/ })).toHaveCount(0);
  const fluency = fluencyOf(page, "A");
  await expect(fluency.getByRole("radio", { name: "3: Acceptable" })).toHaveAttribute("aria-checked", "true");
  // the mouse cannot change it (the form is disabled) …
  await expect(fluency.getByRole("radio", { name: "2: Poor" })).toBeDisabled();
  await expect(field(translation(page, "A"), "METAHOPE_ERRORS").getByTestId("spans-none")).toBeDisabled();
  // … and a key on the field says why
  await fluency.focus();
  await expect(fluency).toHaveAttribute("data-active", "true");
  await page.keyboard.press("2");
  await expect(page.getByTestId("workspace-message")).toHaveText("This item was submitted; reopen it to change it.");
  await expect(fluency.getByRole("radio", { name: "3: Acceptable" })).toHaveAttribute("aria-checked", "true");
  await screenshot(page, "workspace-item-closed");
  // the server refuses it too, whatever the page does
  const current = (await (await page.request.get(api)).json()) as TItem;
  const mark = stored(current, tA, "FLUENCY")!;
  const refused = await page.request.put("/api/projects/demo/annotations", { data: { segmentId: item.segment.id, translationId: tA, field: "FLUENCY", value: 2, baseVersion: mark.version } });
  expect(refused.status()).toBe(423);
  expect((await refused.json()).error).toMatchObject({ code: "ITEM_SUBMITTED", message: "This item was submitted; reopen it to change it." });

  // Reopen: editable again, the change (a click) is saved.
  await page.getByRole("button", { name: "Reopen to edit" }).click();
  await expect(page.getByTestId("item-closed")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Submit & next/ })).toBeVisible();
  await fluency.getByRole("radio", { name: "2: Poor" }).click();
  await expect(fluency.getByRole("radio", { name: "2: Poor" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  const after = (await (await page.request.get(api)).json()) as TItem;
  expect(after.assignment.status).toBe("IN_PROGRESS");
  expect(stored(after, tA, "FLUENCY")).toMatchObject({ value: 2, version: mark.version + 1 });
});

test("an item submitted from another tab: the page's next save is parked and shown, not retried or dropped, and sent after reopening", async ({ page }) => {
  const api = await openLastItem(page);
  await expect(page.getByRole("button", { name: /Submit & next/ })).toBeVisible();

  // "another tab" completes and submits the item through the API
  const item = await completeAndSubmit(page, api);
  const tB = item.translations.find((t) => t.label === "Translation B")!.id;
  const before = stored((await (await page.request.get(api)).json()) as TItem, tB, "FLUENCY")!;
  expect(before.value).toBe(3);

  // this (stale) page still shows the item open; its edit is refused by the server and parked
  const saves: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/projects/demo/annotations")) saves.push(r.method());
  });
  const fluencyB = fluencyOf(page, "B");
  await fluencyB.getByRole("radio", { name: "4: Good" }).click();
  await expect(page.getByTestId("item-closed")).toContainText("This item was submitted; reopen it to change it.");
  await expect(page.getByTestId("item-closed")).toContainText("1 change is kept in this browser and sent after reopening");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "error");
  await page.waitForTimeout(4000); // longer than the autosaver's retry interval: no retry loop
  expect(saves).toEqual(["PUT"]);
  const stillBefore = stored((await (await page.request.get(api)).json()) as TItem, tB, "FLUENCY");
  expect(stillBefore).toMatchObject({ value: 3, version: before.version });
  await screenshot(page, "workspace-item-closed-parked");

  // reopening sends the parked edit
  await page.getByRole("button", { name: "Reopen to edit" }).click();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await expect(page.getByTestId("item-closed")).toHaveCount(0);
  const after = stored((await (await page.request.get(api)).json()) as TItem, tB, "FLUENCY");
  expect(after).toMatchObject({ value: 4, version: before.version + 1 });
});
