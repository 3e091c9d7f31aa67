// Issue 13.18 in real Chromium: a submitted item opens read-only with a visible "Reopen to edit"
// button; an edit is refused on the page (and by the server: 423 ITEM_SUBMITTED), reopening makes
// it editable again and the change is saved.
import { expect, test, type Page } from "@playwright/test";
import { readDemoDocuments, signIn, screenshot, USERS } from "./helpers";

type TItem = {
  segment: { id: string };
  translations: { id: string }[];
  mrws: { id: string; active: boolean }[];
  annotations: { translationId: string | null; mrwId: string | null; field: string; value: unknown; version: number }[];
  assignment: { status: string };
};

/**
 * Completes the MetaHOPE part of an item through the API (every translation reviewed, every active
 * MRW aligned as an omission; values already so are left alone) and submits it, as the workspace does.
 */
async function completeAndSubmit(page: Page, api: string): Promise<TItem> {
  const item: TItem = await (await page.request.get(`${api}?scheme=METAHOPE`)).json();
  const version = (t: string, m: string | null, f: string) => item.annotations.find((a) => a.translationId === t && a.mrwId === m && a.field === f)?.version ?? 0;
  for (const t of item.translations) {
    const puts = [{ mrwId: null, field: "METAHOPE_ERRORS", value: { reviewed: true } }, ...item.mrws.filter((m) => m.active).map((m) => ({ mrwId: m.id, field: "ALIGNMENT", value: { pattern: "OMISSION", spans: [] } }))];
    for (const p of puts) {
      const cur = item.annotations.find((a) => a.translationId === t.id && a.mrwId === p.mrwId && a.field === p.field);
      if (JSON.stringify(cur?.value) === JSON.stringify(p.value)) continue;
      expect((await page.request.put("/api/projects/demo/annotations", { data: { segmentId: item.segment.id, translationId: t.id, ...p, baseVersion: version(t.id, p.mrwId, p.field) } })).status()).toBe(200);
    }
  }
  expect((await page.request.post(`${api}/assignment`, { data: { action: "submit", scheme: "METAHOPE" } })).status()).toBe(200);
  return item;
}

test("submit, try to edit: read-only; reopen: editable and saved", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  await readDemoDocuments(page.request);
  await page.goto("/projects/demo/queue?scheme=METAHOPE");
  // the last item of annotator 3's queue: workspace-keys.spec.ts works on the first ones
  await page.getByTestId("queue-row").last().getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  const seg = new URL(page.url()).pathname.split("/").pop()!;
  const api = `/api/projects/demo/items/${seg}`;

  // Complete the MetaHOPE part through the API (every translation reviewed, every active MRW
  // aligned as an omission) and submit it, as the workspace does.
  const item = await completeAndSubmit(page, api);

  // The submitted item is read-only: a banner, "Reopen to edit" instead of Submit, edits refused.
  await page.reload();
  await expect(page.getByTestId("item-closed")).toContainText("This item was submitted; it is read-only.");
  await expect(page.getByRole("button", { name: "Reopen to edit" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Submit & next/ })).toHaveCount(0);
  const review = page.getByRole("radiogroup", { name: "MetaHOPE errors — Translation A" }).getByRole("radio").first();
  await expect(review).toHaveAttribute("aria-checked", "true");
  await review.click();
  await expect(page.getByTestId("workspace-message")).toHaveText("This item was submitted; reopen it to change it.");
  await expect(review).toHaveAttribute("aria-checked", "true");
  await screenshot(page, "workspace-item-closed");
  // the server refuses it too, whatever the page does
  const tA = item.translations[0].id;
  const current = (await (await page.request.get(`${api}?scheme=METAHOPE`)).json()) as TItem;
  const mark = current.annotations.find((a) => a.translationId === tA && a.field === "METAHOPE_ERRORS")!;
  const refused = await page.request.put("/api/projects/demo/annotations", { data: { segmentId: item.segment.id, translationId: tA, field: "METAHOPE_ERRORS", value: { reviewed: false }, baseVersion: mark.version } });
  expect(refused.status()).toBe(423);
  expect((await refused.json()).error).toMatchObject({ code: "ITEM_SUBMITTED", message: "This item was submitted; reopen it to change it." });

  // Reopen: editable again, the change is saved.
  await page.getByRole("button", { name: "Reopen to edit" }).click();
  await expect(page.getByTestId("item-closed")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Submit & next/ })).toBeVisible();
  await review.click();
  await expect(review).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  const after = (await (await page.request.get(`${api}?scheme=METAHOPE`)).json()) as TItem;
  expect(after.assignment.status).toBe("IN_PROGRESS");
  expect(after.annotations.find((a) => a.translationId === tA && a.field === "METAHOPE_ERRORS")).toMatchObject({ value: { reviewed: false }, version: mark.version + 1 });
});

test("an item submitted from another tab: the page's next save is parked and shown, not retried or dropped, and sent after reopening", async ({ page }) => {
  await signIn(page, USERS.annotator3);
  await readDemoDocuments(page.request);
  await page.goto("/projects/demo/queue?scheme=METAHOPE");
  // the last item of annotator 3's queue: workspace-keys.spec.ts works on the first ones
  await page.getByTestId("queue-row").last().getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(page.getByRole("button", { name: /Submit & next/ })).toBeVisible();
  const seg = new URL(page.url()).pathname.split("/").pop()!;
  const api = `/api/projects/demo/items/${seg}`;

  // "another tab" completes and submits the item through the API
  const item = await completeAndSubmit(page, api);
  const tB = item.translations[1].id;
  const before = ((await (await page.request.get(`${api}?scheme=METAHOPE`)).json()) as TItem).annotations.find((a) => a.translationId === tB && a.field === "METAHOPE_ERRORS")!;

  // this (stale) page still shows the item open; its edit is refused by the server and parked
  const saves: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/projects/demo/annotations")) saves.push(r.method());
  });
  const review = page.getByRole("radiogroup", { name: "MetaHOPE errors — Translation B" }).getByRole("radio").first();
  await review.click();
  await expect(page.getByTestId("item-closed")).toContainText("This item was submitted; reopen it to change it.");
  await expect(page.getByTestId("item-closed")).toContainText("1 change is kept in this browser and sent after reopening");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "error");
  await page.waitForTimeout(4000); // longer than the autosaver's retry interval: no retry loop
  expect(saves).toEqual(["PUT"]);
  const stillBefore = ((await (await page.request.get(`${api}?scheme=METAHOPE`)).json()) as TItem).annotations.find((a) => a.translationId === tB && a.field === "METAHOPE_ERRORS");
  expect(stillBefore).toMatchObject({ value: { reviewed: true }, version: before.version });
  await screenshot(page, "workspace-item-closed-parked");

  // reopening sends the parked edit
  await page.getByRole("button", { name: "Reopen to edit" }).click();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await expect(page.getByTestId("item-closed")).toHaveCount(0);
  const after = ((await (await page.request.get(`${api}?scheme=METAHOPE`)).json()) as TItem).annotations.find((a) => a.translationId === tB && a.field === "METAHOPE_ERRORS");
  expect(after).toMatchObject({ value: { reviewed: false }, version: before.version + 1 });
});
