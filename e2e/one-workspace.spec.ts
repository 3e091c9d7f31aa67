// One workspace (issue 28 point 2): an MMTE variant and a MetaHOPE variant — the presets with one
// word of their guidelines edited, so they run the scheme runtime (lib/schemes/scheme-runtime.ts)
// — annotated by keyboard in the scheme workspace, with what the built-in workspace gives those
// studies: post-edits started from a chosen translation with their diff and edit rate, MMTE's
// target words and "not rendered", MetaHOPE's alignment patterns (OMISSION by 6) on per-character
// Chinese tokens, error spans with category and severity, an omission position, a span tied to
// the MRW (by 0, or at once over the MRW's aligned words), the running penalty, and the document gate;
// the "keys act here" marker on the translation of the active field and the focused MRW
// highlighted stronger; and "nothing to mark" (n) for MetaHOPE's errors, which lets an item whose
// translations have no error be submitted (the built-in "Review done"); a span without its
// severity kept as a draft over a reload, never sent; an alignment starting from the imported one
// (the built-in pre-fill), saved once the annotator keeps it, undo back to it. Projects are made with
// the CLI as in e2e/scheme-workspace.spec.ts.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const MMTE = `e2e-mmte-variant-${stamp}`;
const METAHOPE = `e2e-metahope-variant-${stamp}`;
const METAHOPE_CLEAN = `e2e-metahope-clean-${stamp}`;
const METAHOPE_PREFILL = `e2e-metahope-prefill-${stamp}`;
const J = (o: unknown) => JSON.stringify(o);
const SOURCE = "He broke the ice at the meeting.";
const TARGETS = { "sys-one": "他在会上打破了僵局。", "sys-two": "他在会议上打破了冰。" };

/** One document of one sentence with one metaphorical MRW ("broke"), two Chinese translations. */
function corpus(): string {
  const start = SOURCE.indexOf("broke");
  return [
    J({ type: "document", externalId: "meeting", language: "en", title: "At the meeting" }),
    J({ type: "segment", documentId: "meeting", externalId: "meeting:1", index: 0, text: SOURCE, language: "en", metaphorical: true }),
    J({ type: "mrw", segmentId: "meeting:1", externalId: "m1", spans: [{ start, end: start + 5 }], token: "broke", pos: "VERB", active: true, metaphorical: true }),
    ...Object.entries(TARGETS).map(([system, text]) => J({ type: "translation", segmentId: "meeting:1", system, language: "zh", text })),
  ].join("\n");
}

/** The meeting corpus with each translation's alignment of "broke" imported: 打破, DIRECT. */
function prefillCorpus(): string {
  const aligned = Object.entries(TARGETS).map(([system, text]) => {
    const i = text.indexOf("打破");
    return J({ type: "alignment", segmentId: "meeting:1", mrwId: "m1", system, language: "zh", spans: [{ start: i, end: i + 2 }], pattern: "DIRECT" });
  });
  return [corpus(), ...aligned].join("\n");
}

/** One sentence without MRWs whose translations have no error: MetaHOPE asks only for the error lists. */
function cleanCorpus(): string {
  return [
    J({ type: "document", externalId: "clean", language: "en", title: "Clean" }),
    J({ type: "segment", documentId: "clean", externalId: "clean:1", index: 0, text: "The meeting ended at noon.", language: "en", metaphorical: false }),
    ...Object.entries({ "sys-one": "会议在中午结束。", "sys-two": "会议于中午结束。" }).map(([system, text]) => J({ type: "translation", segmentId: "clean:1", system, language: "zh", text })),
  ].join("\n");
}

/** A preset with one word of its guidelines changed: a variant, which the scheme runtime runs. */
function variant(dir: string, preset: "mmte" | "metahope"): string {
  const scheme = JSON.parse(readFileSync(`lib/schemes/presets/${preset}.json`, "utf8"));
  scheme.guidelines = `${scheme.guidelines}`.replace(/\bthe\b/, "this");
  const file = path.join(dir, `${preset}-variant.json`);
  writeFileSync(file, J(scheme));
  return file;
}

test.beforeAll(() => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const dir = mkdtempSync(path.join(tmpdir(), "tropos-one-ws-"));
  const data = path.join(dir, "meeting.jsonl");
  writeFileSync(data, corpus());
  for (const [slug, preset] of [[MMTE, "mmte"], [METAHOPE, "metahope"]] as const) {
    tropos("project", "create", slug, "--name", `One workspace ${preset}`, "--scheme", variant(dir, preset), "--target-lang", "zh", "--manager", USERS.manager);
    tropos("import", data, "--project", slug);
    tropos("assign", "--project", slug, "--per-item", "1", "--annotators", USERS.annotator);
  }
  const clean = path.join(dir, "clean.jsonl");
  writeFileSync(clean, cleanCorpus());
  tropos("project", "create", METAHOPE_CLEAN, "--name", "One workspace metahope clean", "--scheme", variant(dir, "metahope"), "--target-lang", "zh", "--manager", USERS.manager);
  tropos("import", clean, "--project", METAHOPE_CLEAN);
  tropos("assign", "--project", METAHOPE_CLEAN, "--per-item", "1", "--annotators", USERS.annotator);
  const prefilled = path.join(dir, "prefill.jsonl");
  writeFileSync(prefilled, prefillCorpus());
  tropos("project", "create", METAHOPE_PREFILL, "--name", "One workspace metahope prefill", "--scheme", variant(dir, "metahope"), "--target-lang", "zh", "--manager", USERS.manager);
  tropos("import", prefilled, "--project", METAHOPE_PREFILL);
  tropos("assign", "--project", METAHOPE_PREFILL, "--per-item", "1", "--annotators", USERS.annotator);
});

const active = (page: Page) => page.locator('[data-active="true"]');
const activeField = (page: Page) => active(page).getAttribute("data-field");
const activeSlot = (page: Page) => active(page).getAttribute("data-slot");
const translation = (page: Page, letter: string) => page.getByTestId(`translation-Translation ${letter}`);
const field = (scope: Locator, id: string) => scope.locator(`[data-field="${id}"]`);
async function press(page: Page, ...keys: string[]) {
  for (const k of keys) await page.keyboard.press(k);
}
async function saved(page: Page) {
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
}
async function moveOn(page: Page, from: string | null) {
  await press(page, "j");
  await expect.poll(() => activeSlot(page)).not.toBe(from);
}
type TApiItem = { translations: { id: string; label: string }[]; annotations: { field: string; itemKey: string; value: unknown }[]; assignment?: { status: string } };
async function serverValues(page: Page, slug: string, segmentId: string): Promise<Record<string, unknown>> {
  const res = await page.request.get(`/api/projects/${slug}/items/${segmentId}`);
  expect(res.status(), await res.text()).toBe(200);
  const item = (await res.json()) as TApiItem;
  const label = (id: string) => item.translations.find((t) => t.id === id)?.label.replace("Translation ", "") ?? id;
  return Object.fromEntries(
    item.annotations.map((a) => {
      const [t, m] = a.itemKey.split(":");
      return [`${a.field}@${t === "-" ? "-" : label(t)}${m && m !== "-" ? "+mrw" : ""}`, a.value];
    }),
  );
}
/** A translation's text as shown (systems are shown in a per-annotator order: A is either system). */
const shownText = async (section: Locator) => (await section.locator("p[lang]").first().textContent())!;
async function openItem(page: Page, slug: string): Promise<string> {
  await page.goto(`/projects/${slug}/queue`);
  await page.getByTestId("queue-row").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/items\//);
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("MMTE variant: scales, target words, equivalence and both post-edits by keyboard; diff and edit rate shown", async ({ page }) => {
  await signIn(page, USERS.annotator);
  const seg = await openItem(page, MMTE);
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(page.getByTestId("scheme-name")).toContainText("MMTE");
  const total = Number((await page.getByTestId("fields-filled").textContent())!.split("/")[1].split(" ")[0]);
  const A = translation(page, "A");
  const textA = await shownText(A);
  const textB = await shownText(translation(page, "B"));

  // every field in the order the keyboard walks it: the field decides the keys
  const seen = new Set<string>();
  for (let step = 0; step < 40 && seen.size < total; step++) {
    const slot = (await activeSlot(page))!;
    const id = await activeField(page);
    if (seen.has(slot)) break;
    seen.add(slot);
    const inA = (await A.locator(`[data-slot="${slot}"]`).count()) > 0;
    if (id === "TARGET_WORDS" && inA) {
      // Chinese is marked by characters: → selects 他, Shift+→ extends over 在, Space marks them
      await press(page, "ArrowRight", "Shift+ArrowRight", " ");
      await expect(active(page).getByText("Target: 他在")).toBeVisible();
      await moveOn(page, slot);
    } else if (id === "TARGET_WORDS") {
      await press(page, "2"); // not rendered
      await expect(active(page).getByText("Target: Not rendered")).toBeVisible();
      await moveOn(page, slot);
    } else if (id === "POSTEDIT_FIGURATIVE" || id === "POSTEDIT_LITERAL") {
      // the edit starts empty (never from the source); a digit starts it from that translation
      const box = active(page).getByRole("textbox");
      await expect(box).toHaveValue("");
      await press(page, id === "POSTEDIT_FIGURATIVE" ? "1" : "2");
      await expect(box).toHaveValue(id === "POSTEDIT_FIGURATIVE" ? textA : textB);
      if (id === "POSTEDIT_FIGURATIVE") {
        await press(page, "Enter", "End");
        await page.keyboard.type("真的");
        await press(page, "Escape");
        await expect(active(page).getByTestId("edit-rate")).toContainText("Edit rate (HTER-style): 16.7% (2 edits / 12 tokens)");
      } else {
        await expect(active(page).getByTestId("edit-rate")).toContainText("0.0%");
      }
      await moveOn(page, slot);
    } else {
      // a scale or choice: 1 chooses and moves on (the last field stays)
      await press(page, "1");
      await expect.poll(async () => (await activeSlot(page)) !== slot || (await page.getByTestId("fields-filled").textContent()) === `${total}/${total} fields`).toBe(true);
    }
  }
  await expect(page.getByTestId("fields-filled")).toHaveText(`${total}/${total} fields`);
  await saved(page);
  await screenshot(page, "one-workspace-mmte-variant");

  const values = await serverValues(page, MMTE, seg);
  expect(values["TARGET_WORDS@A+mrw"]).toEqual({ spans: [{ start: 0, end: 2 }] });
  expect(values["TARGET_WORDS@B+mrw"]).toEqual({ spans: [] });
  expect(values["POSTEDIT_FIGURATIVE@-"]).toBe(`${textA}真的`);
  expect(values["POSTEDIT_LITERAL@-"]).toBe(textB);
  expect(values["FLUENCY@A"]).toBe(1);

  await press(page, "Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(`/items/${seg}(\\?|$)`), { timeout: 15_000 });
});

test("MetaHOPE variant: the document gate, patterns (OMISSION by 6), errors with severity, an omission, the MRW tie and the penalty", async ({ page }) => {
  await signIn(page, USERS.annotator);
  const seg = await openItem(page, METAHOPE);
  // read the document first (workflow.readDocumentFirst): Space at its end opens the sentence
  await expect(page.getByTestId("document-gate")).toBeVisible();
  await expect(page.getByTestId("document-gate-text")).toBeFocused();
  await press(page, "Space");
  await expect(page.getByTestId("workspace")).toBeVisible();
  const A = translation(page, "A");
  const B = translation(page, "B");
  const textA = await shownText(A);
  const textB = await shownText(B);
  const broke = textA.indexOf("打破");
  const n = textA.length; // one token per character; the last is 。

  // alignment in A: select 打破 (→ selects the first character, each further → the next), then DIRECT (1)
  await field(A, "ALIGNMENT").focus();
  await expect(field(A, "ALIGNMENT")).toHaveAttribute("data-active", "true");
  // keys act in A (said on A only), and the MRW the alignment is about is highlighted stronger
  await expect(A.getByTestId("keys-act-here")).toContainText("a digit sets the pattern of “broke”");
  await expect(B.getByTestId("keys-act-here")).toHaveCount(0);
  await expect(page.getByTestId("source-text").locator('mark[data-focused="true"]')).toHaveText("broke");
  await press(page, ...Array(broke + 1).fill("ArrowRight"), "Shift+ArrowRight", "1");
  await expect(field(A, "ALIGNMENT").getByText("Target: 打破")).toBeVisible();
  await screenshot(page, "one-workspace-metahope-keys-act-here");

  // B's alignment: OMISSION (the pattern without a key of its own) is 6
  await field(B, "ALIGNMENT").focus();
  await expect(field(B, "ALIGNMENT")).toHaveAttribute("data-active", "true");
  await press(page, "6");
  await expect(field(B, "ALIGNMENT").getByRole("radio", { checked: true })).toContainText("Omission");

  // errors in A: the two characters before 。 as a major mistranslation (m, 3) tied to the MRW (0);
  // an omission position (Shift+r) before 。, minor (1)
  await field(A, "METAHOPE_ERRORS").focus();
  await expect(field(A, "METAHOPE_ERRORS")).toHaveAttribute("data-active", "true");
  await press(page, ...Array(n - 2).fill("ArrowRight"), "Shift+ArrowRight", "m", "3", "0");
  await expect(field(A, "METAHOPE_ERRORS").getByTestId("penalty")).toContainText("Penalty: 6 (1 span)");
  await expect(field(A, "METAHOPE_ERRORS").getByRole("combobox", { name: "Tied to" })).toHaveValue(/.+/);
  // the selection was used up: → starts again at the first character, the others reach 。
  await press(page, ...Array(n).fill("ArrowRight"), "Shift+R", "1");
  await expect(field(A, "METAHOPE_ERRORS").getByTestId("span-row")).toHaveCount(2);
  await expect(field(A, "METAHOPE_ERRORS").getByTestId("penalty")).toContainText("Penalty: 8 (2 spans)");
  // 打破, the MRW's aligned words, as a medium impact error (i, 2): tied to the MRW at once
  await press(page, ...Array(broke + 1).fill("ArrowRight"), "Shift+ArrowRight", "i", "2");
  await expect(field(A, "METAHOPE_ERRORS").getByTestId("penalty")).toContainText("Penalty: 12 (3 spans)");
  await expect(field(A, "METAHOPE_ERRORS").getByRole("combobox", { name: "Tied to" }).nth(2)).toHaveValue(/.+/);
  await field(A, "METAHOPE_ERRORS").getByRole("textbox", { name: "Comment" }).first().fill("the ice is gone");
  await press(page, "Escape");

  // errors in B: a minor style error (s, 1), sentence level
  await field(B, "METAHOPE_ERRORS").focus();
  await expect(B.getByTestId("keys-act-here")).toContainText("n: nothing to mark");
  await expect(A.getByTestId("keys-act-here")).toHaveCount(0);
  // a sentence-level field: no MRW is focused
  await expect(page.getByTestId("source-text").locator('mark[data-focused="true"]')).toHaveCount(0);
  await press(page, "ArrowRight", "ArrowRight", "s", "1");
  await expect(field(B, "METAHOPE_ERRORS").getByTestId("penalty")).toContainText("Penalty: 2 (1 span)");

  // the post-edit starts from B (2), diff and edit rate against it
  await field(page.locator("body"), "METAHOPE_POSTEDIT").focus();
  await press(page, "2");
  await expect(field(page.locator("body"), "METAHOPE_POSTEDIT").getByTestId("edit-rate")).toContainText("0.0%");

  await saved(page);
  await press(page, "?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("Alignment: pattern Omission");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("MetaHOPE errors: Nothing to mark");
  await page.screenshot({ path: "e2e/screenshots/one-workspace-metahope-keys.png" });
  await press(page, "Escape");
  await screenshot(page, "one-workspace-metahope-variant");

  const values = await serverValues(page, METAHOPE, seg);
  expect(values["ALIGNMENT@A+mrw"]).toEqual({ pattern: "DIRECT", spans: [{ start: broke, end: broke + 2 }] });
  expect(values["ALIGNMENT@B+mrw"]).toEqual({ pattern: "OMISSION", spans: [] });
  const errorsA = values["METAHOPE_ERRORS@A"] as { start: number; end: number; label: string; attributes: { severity: number }; mrwId?: string; comment?: string }[];
  expect(errorsA).toHaveLength(3);
  expect(errorsA[0]).toMatchObject({ start: n - 3, end: n - 1, label: "MIS", attributes: { severity: 6 }, comment: "the ice is gone" });
  expect(typeof errorsA[0].mrwId).toBe("string");
  expect(errorsA[1]).toMatchObject({ start: n - 1, end: n - 1, label: "RAM", attributes: { severity: 2 } });
  expect(errorsA[1].mrwId).toBeUndefined();
  expect(errorsA[2]).toMatchObject({ start: broke, end: broke + 2, label: "IMP", attributes: { severity: 4 }, mrwId: errorsA[0].mrwId });
  expect(values["METAHOPE_ERRORS@B"]).toEqual([{ start: 1, end: 2, label: "STL", attributes: { severity: 2 } }]);
  expect(values["METAHOPE_POSTEDIT@-"]).toBe(textB);

  await press(page, "Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(`/items/${seg}(\\?|$)`), { timeout: 15_000 });
});

test("MetaHOPE variant: a draft span survives a reload unsent; translations without errors are marked “nothing to mark” by n (the empty list, a value) and the item is submitted", async ({ page }) => {
  await signIn(page, USERS.annotator);
  const seg = await openItem(page, METAHOPE_CLEAN);
  if (await page.getByTestId("document-gate").isVisible()) await press(page, "Space");
  await expect(page.getByTestId("workspace")).toBeVisible();
  const A = translation(page, "A");
  const B = translation(page, "B");
  // a span with its category but no severity yet is a draft: never sent, kept over a reload
  await field(A, "METAHOPE_ERRORS").focus();
  await press(page, "ArrowRight", "Shift+ArrowRight", "m");
  await expect(field(A, "METAHOPE_ERRORS").getByTestId("field-message")).toContainText("Not saved yet");
  await page.reload();
  if (await page.getByTestId("document-gate").isVisible()) await press(page, "Space");
  await expect(field(A, "METAHOPE_ERRORS").getByTestId("span-row")).toHaveCount(1);
  await expect(field(A, "METAHOPE_ERRORS").getByTestId("field-message")).toContainText("severity");
  await screenshot(page, "one-workspace-metahope-draft-after-reload");
  expect(await serverValues(page, METAHOPE_CLEAN, seg)).not.toHaveProperty("METAHOPE_ERRORS@A");
  await field(A, "METAHOPE_ERRORS").getByRole("button", { name: "remove" }).click();
  await expect(field(A, "METAHOPE_ERRORS").getByTestId("span-row")).toHaveCount(0);
  await expect(field(A, "METAHOPE_ERRORS").getByTestId("field-message")).toHaveCount(0);

  // not done yet: no list has a value (the post-edit is optional)
  await expect(page.getByTestId("fields-filled")).toHaveText(/^0\/3 /);
  for (const t of [A, B]) {
    await field(t, "METAHOPE_ERRORS").focus();
    await expect(field(t, "METAHOPE_ERRORS")).toHaveAttribute("data-active", "true");
    await expect(t.getByTestId("keys-act-here")).toBeVisible();
    await press(page, "n");
    await expect(field(t, "METAHOPE_ERRORS").getByTestId("spans-none")).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByTestId("fields-filled")).toHaveText(/^2\/3 /);
  await saved(page);
  await screenshot(page, "one-workspace-metahope-nothing-marked");
  const values = await serverValues(page, METAHOPE_CLEAN, seg);
  expect(values["METAHOPE_ERRORS@A"]).toEqual([]);
  expect(values["METAHOPE_ERRORS@B"]).toEqual([]);

  await press(page, "Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(`/items/${seg}(\\?|$)`), { timeout: 15_000 });
  const res = await page.request.get(`/api/projects/${METAHOPE_CLEAN}/items/${seg}`);
  expect(((await res.json()) as TApiItem).assignment?.status).toBe("DONE");
});

test("MetaHOPE variant: the alignment starts from the imported one, is saved when its key keeps it, and undo goes back to the pre-fill", async ({ page }) => {
  await signIn(page, USERS.annotator);
  const seg = await openItem(page, METAHOPE_PREFILL);
  if (await page.getByTestId("document-gate").isVisible()) await press(page, "Space");
  await expect(page.getByTestId("workspace")).toBeVisible();
  const A = translation(page, "A");
  const broke = (await shownText(A)).indexOf("打破");
  const alignA = field(A, "ALIGNMENT");
  // shown, not saved: the pattern and words of the import, the slot still needed
  await expect(alignA.getByRole("radio", { checked: true })).toContainText("Direct lexical correspondence");
  await expect(alignA.getByText("Target: 打破")).toBeVisible();
  await expect(alignA.getByTestId("field-message")).toContainText("Pre-filled from the imported alignment");
  await expect(alignA).toHaveAttribute("data-missing", "true");
  await screenshot(page, "one-workspace-metahope-prefill");
  expect(await serverValues(page, METAHOPE_PREFILL, seg)).not.toHaveProperty("ALIGNMENT@A+mrw");

  // its key keeps it
  await alignA.focus();
  await expect(alignA).toHaveAttribute("data-active", "true");
  await press(page, "1");
  await expect(alignA.getByTestId("field-message")).toHaveCount(0);
  await saved(page);
  expect((await serverValues(page, METAHOPE_PREFILL, seg))["ALIGNMENT@A+mrw"]).toEqual({ pattern: "DIRECT", spans: [{ start: broke, end: broke + 2 }] });

  // undo: no value of the annotator's again, the pre-fill shown again
  await press(page, "Control+z");
  await expect(alignA.getByTestId("field-message")).toContainText("Pre-filled from the imported alignment");
  await expect(alignA.getByRole("radio", { checked: true })).toContainText("Direct lexical correspondence");
  await saved(page);
  expect((await serverValues(page, METAHOPE_PREFILL, seg))["ALIGNMENT@A+mrw"] ?? null).toBeNull();
});
