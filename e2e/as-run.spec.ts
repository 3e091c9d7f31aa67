// Issue 19 points 3 and 4 in real Chromium: MMTE and MetaHOPE "as the papers ran them", two parts
// that are off by default and that these projects switch on when they are created
// (`tropos project create --with …`): MMTE's target words (annotators mark the words that render
// each MRW in each translation, MMTE §3.3), marked with the keyboard, by mouse, kept from the
// project's imported alignment or answered "not rendered"; and MetaHOPE's post-edit (the
// workbooks' "Human Gold Standard"), written with the keyboard, versioned, exported, and chosen as
// a gold reference. Each project is seeded here through the CLI, so the demo is not touched.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { apiSignIn, screenshot, signIn, USERS } from "./helpers";
import { baseURL } from "../playwright.config";
import { tropos } from "./tropos";

const RUN = Date.now().toString(36);
const MMTE = `as-run-mmte-${RUN}`;
const MH = `as-run-mh-${RUN}`;
// translation A renders both MRWs; B renders "weathered" in two places and not "markets"
const A = "市场经受住了风暴。";
const B = "它挺过了这场风暴。";

function corpus(): string {
  const J = (o: unknown) => JSON.stringify(o);
  const lines = [
    J({ type: "document", externalId: "d1", language: "en", title: "Markets" }),
    J({ type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "The markets weathered the storm.", language: "en", metaphorical: true }),
    J({ type: "mrw", segmentId: "s1", externalId: "m-markets", spans: [{ start: 4, end: 11 }], token: "markets", pos: "NOUN", active: true, metaphorical: false }),
    J({ type: "mrw", segmentId: "s1", externalId: "m-weathered", spans: [{ start: 12, end: 21 }], token: "weathered", pos: "VERB", active: true, metaphorical: true }),
    J({ type: "translation", segmentId: "s1", system: "A", language: "zh", text: A }),
    J({ type: "translation", segmentId: "s1", system: "B", language: "zh", text: B }),
    // the project's alignment: pre-fills the target words of "weathered" in A (经受住)
    J({ type: "alignment", segmentId: "s1", mrwId: "m-weathered", system: "A", spans: [{ start: 2, end: 5 }], pattern: "DIRECT" }),
  ];
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "tropos-e2e-")), "as-run.jsonl");
  writeFileSync(file, lines.join("\n"));
  return file;
}

const OWN = `as-run-own-${RUN}`;
// a lab's own scheme (the scheme runtime) with target words: an alignment without patterns
const OWN_SCHEME = {
  id: "tw-study", version: 1, name: "Target words study", guidelines: "Mark the words that render each metaphor.",
  fields: [
    { id: "quality", scope: "translation", kind: "scale", label: "Quality", min: 1, max: 5, required: true },
    { id: "target", scope: "mrw-translation", kind: "alignment", label: "Target words", none: { label: "Not rendered", key: "0" }, required: true },
  ],
};

test.beforeAll(() => {
  const file = corpus();
  tropos("project", "create", MMTE, "--name", "MMTE as run", "--source-lang", "en", "--target-lang", "zh", "--scheme", "mmte", "--with", "target-words", "--manager", USERS.manager);
  tropos("import", file, "--project", MMTE);
  tropos("assign", "--project", MMTE, "--per-item", "1", "--annotators", USERS.annotator2, "--no-shuffle");
  tropos("project", "create", MH, "--name", "MetaHOPE as run", "--source-lang", "en", "--target-lang", "zh", "--scheme", "metahope", "--with", "metahope-post-edit", "--manager", USERS.manager);
  tropos("import", file, "--project", MH);
  tropos("assign", "--project", MH, "--per-item", "1", "--annotators", USERS.annotator2, "--no-shuffle");
  const scheme = path.join(path.dirname(file), "tw-study.json");
  writeFileSync(scheme, JSON.stringify(OWN_SCHEME));
  tropos("project", "create", OWN, "--name", "Target words, own scheme", "--source-lang", "en", "--target-lang", "zh", "--scheme", scheme, "--manager", USERS.manager);
  tropos("import", file, "--project", OWN);
  tropos("assign", "--project", OWN, "--per-item", "1", "--annotators", USERS.annotator2, "--no-shuffle");
});

test.describe.configure({ mode: "serial" });

/** The one workspace's active field (the one the keys drive) as `<translation>:<mrw>|<field>` ("-" where none). */
const activeSlot = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('[data-active="true"][data-slot]');
    return el ? `${el.getAttribute("data-slot")!.split("@")[1]}|${el.getAttribute("data-field")}` : null;
  });
const active = (page: Page) => page.locator('[data-active="true"][data-slot]');
const saved = (page: Page) => expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });

/** The item as the annotator's page shows it: translations blind ("Translation A") and in the annotator's own order. */
async function itemOf(page: Page, slug: string): Promise<{ segment: { id: string }; translations: { id: string; label: string; text: string }[]; mrws: { id: string; token: string }[] }> {
  return (await page.request.get(`/api/projects/${slug}/items/s1`)).json();
}

test("MMTE target words: marked by keyboard and mouse, kept from the project's alignment, or not rendered; saved, submitted, exported", async ({ page }) => {
  await signIn(page, USERS.annotator2);
  const item = await itemOf(page, MMTE);
  await page.goto(`/projects/${MMTE}/items/s1`);
  await expect(page.getByTestId("workspace")).toBeVisible();
  // a key pressed before the page has hydrated reaches no handler: wait until it focused its first field
  await expect(page.locator('[data-active="true"]')).toBeFocused();
  const mrw = (token: string) => item.mrws.find((m) => m.token === token)!.id;
  const tid = (text: string) => item.translations.find((t) => t.text === text)!.id;
  const slot = (text: string, token: string, field: string) => `${tid(text)}:${mrw(token)}|${field}`;

  // the one workspace walks the sentence's fields first: the post-edits (MMTE B.5), each started
  // from translation 1 by its digit; Tab moves on
  for (const f of ["POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL"]) {
    await expect.poll(() => activeSlot(page)).toBe(`-:-|${f}`);
    await page.keyboard.press("1");
    await expect(active(page).getByRole("textbox")).toHaveValue(item.translations[0].text);
    await page.keyboard.press("Tab");
  }
  for (const t of item.translations) {
    // quality: one digit each, and the walk moves on
    for (const f of ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"]) {
      await expect.poll(() => activeSlot(page)).toBe(`${t.id}:-|${f}`);
      await page.keyboard.press("4");
    }
    // per MRW, by position in the source: "markets" first, its target words before its labels
    await expect.poll(() => activeSlot(page)).toBe(slot(t.text, "markets", "TARGET_WORDS"));
    const section = page.getByTestId(`translation-${t.label}`);
    await expect(section.getByTestId("keys-act-here")).toContainText("mark the target words of “markets”");
    const words = active(page).locator("[data-target-words]");
    if (t.text === A) {
      // keyboard: → selects 市 (characters in Chinese), Shift+→ extends over 场, Space marks them, Tab moves on
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Shift+ArrowRight");
      await expect(active(page).locator('[data-token][data-selected="true"]')).toHaveText(["市", "场"]);
      await page.keyboard.press(" ");
      await expect(words).toContainText("Target: 市场");
    } else {
      await page.keyboard.press("2"); // not rendered: B has no word for "markets"
      await expect(words).toContainText("Target: Not rendered");
    }
    await page.keyboard.press("Tab");
    for (const v of ["1", "3", "4"]) await page.keyboard.press(v); // equivalence, emotion, authenticity
    await expect.poll(() => activeSlot(page)).toBe(slot(t.text, "weathered", "TARGET_WORDS"));
    const weathered = active(page);
    if (t.text === A) {
      // pre-filled from the project's alignment, not the annotator's yet: Space on its words keeps it
      await expect(weathered.locator("[data-target-words]")).toContainText("Target: 经受住");
      await expect(weathered.getByTestId("field-message")).toContainText("Pre-filled from the imported alignment, not saved yet: Space on its words");
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight"); // 经
      await page.keyboard.press(" ");
      await expect(weathered.getByTestId("field-message")).toHaveCount(0);
      await expect(weathered.locator("[data-target-words]")).toContainText("Target: 经受住");
    } else {
      // mouse: drag over 挺过 (characters 1–2), then over 这场 (4–5): a rendering in two places
      const token = (i: number) => weathered.locator(`[data-target-words] [data-token="${i}"]`);
      for (const [from, to] of [[1, 2], [4, 5]]) {
        await token(from).hover();
        await page.mouse.down();
        await token(to).hover();
        await page.mouse.up();
      }
      await expect(weathered.locator("[data-target-words]")).toContainText("Target: 挺过 / 这场");
      await screenshot(page, "as-run-target-words");
    }
    await page.keyboard.press("Tab");
    for (const v of ["1", "3", "4"]) await page.keyboard.press(v);
  }
  // every field answered: submit
  await expect(page.getByTestId("fields-filled")).toHaveText(/^(\d+)\/\1 fields$/);
  await saved(page);
  await page.keyboard.press("Control+Enter");
  await expect(page).not.toHaveURL(/\/items\/s1/, { timeout: 15_000 });

  const after = await (await page.request.get(`/api/projects/${MMTE}/items/s1`)).json();
  expect(after.assignment.status).toBe("DONE");
  const tw = (text: string, token: string) => after.annotations.find((a: { field: string; translationId: string; mrwId: string }) => a.field === "TARGET_WORDS" && a.translationId === tid(text) && a.mrwId === mrw(token))?.value;
  expect([tw(A, "markets"), tw(A, "weathered"), tw(B, "markets"), tw(B, "weathered")]).toEqual([
    { spans: [{ start: 0, end: 2 }] },
    { spans: [{ start: 2, end: 5 }] },
    { spans: [] },
    { spans: [{ start: 1, end: 3 }, { start: 4, end: 6 }] },
  ]);

  // the manager exports them in MMTE's @word@ notation (system names, not the annotator's labels)
  const manager = await playwrightRequest.newContext({ baseURL });
  await apiSignIn(manager, USERS.manager);
  const rows = await (await manager.get(`/api/projects/${MMTE}/export?what=target-words&format=json`)).json();
  expect(rows.map((r: Record<string, unknown>) => [r.system, r.mrw_token, r.rendered, r.translation_marked])).toEqual([
    ["A", "markets", true, "@市场@经受住了风暴。"],
    ["A", "weathered", true, "市场@经受住@了风暴。"],
    ["B", "markets", false, B],
    ["B", "weathered", true, "它@挺过@了@这场@风暴。"],
  ]);
  await manager.dispose();
});

test("MetaHOPE post-edit: written with the keyboard beside the alignments and the review, versioned, exported, chosen as gold", async ({ page }) => {
  await signIn(page, USERS.annotator2);
  expect((await page.request.post(`/api/projects/${MH}/documents/d1/read`)).status()).toBe(200);
  const item = await itemOf(page, MH);
  await page.goto(`/projects/${MH}/items/s1`);
  await expect(page.getByTestId("workspace")).toBeVisible();
  // a key pressed before the page has hydrated reaches no handler: wait until it focused its first field
  await expect(page.locator('[data-active="true"]')).toBeFocused();
  const postEdit = page.locator('[data-field="METAHOPE_POSTEDIT"]');
  await expect(postEdit).toContainText("Post-edit");

  // the keyboard starts at the first value needed (translation 1's errors); the post-edit, not
  // required, is the sentence's field above it: k goes back to it
  await expect.poll(() => activeSlot(page)).toBe(`${item.translations[0].id}:-|METAHOPE_ERRORS`);
  await page.keyboard.press("k");
  await expect.poll(() => activeSlot(page)).toBe("-:-|METAHOPE_POSTEDIT");
  // start from B (its digit: its place on the page), Enter edits, rewrite its end, Esc leaves
  await page.keyboard.press(String(item.translations.findIndex((t) => t.text === B) + 1));
  const box = postEdit.getByRole("textbox");
  await expect(box).toHaveValue(B);
  await page.keyboard.press("Enter");
  await expect(box).toBeFocused();
  await page.keyboard.press("End");
  for (let i = 0; i < 3; i++) await page.keyboard.press("Backspace"); // 风暴。
  await page.keyboard.type("风暴的考验。");
  await page.keyboard.press("Escape");
  const text = "它挺过了这场风暴的考验。";
  await expect(box).toHaveValue(text);
  await expect(postEdit.getByTestId("edit-rate")).toContainText("Edit rate (HTER-style)");
  await saved(page);
  await page.keyboard.press("Tab");

  // per translation: the review ("nothing to mark", n) and two alignments (6 = OMISSION, or 1 = DIRECT keeping the pre-fill)
  for (const t of item.translations) {
    await expect.poll(() => activeSlot(page)).toBe(`${t.id}:-|METAHOPE_ERRORS`);
    await page.keyboard.press("n");
    await page.keyboard.press("Tab");
    for (const m of item.mrws) {
      await expect.poll(() => activeSlot(page)).toBe(`${t.id}:${m.id}|ALIGNMENT`);
      await page.keyboard.press(t.text === A && m.token === "weathered" ? "1" : "6");
      await page.keyboard.press("Tab");
    }
  }
  await saved(page);
  await screenshot(page, "as-run-metahope-post-edit");
  await page.keyboard.press("Control+Enter");
  await expect(page).not.toHaveURL(/\/items\/s1/, { timeout: 15_000 });

  const after = await (await page.request.get(`/api/projects/${MH}/items/s1`)).json();
  expect(after.assignment.status).toBe("DONE");
  const alignment = (text: string, token: string) => after.annotations.find((a: { field: string; translationId: string; mrwId: string }) => a.field === "ALIGNMENT" && a.translationId === item.translations.find((t) => t.text === text)!.id && a.mrwId === item.mrws.find((m) => m.token === token)!.id)?.value;
  expect(alignment(A, "weathered")).toEqual({ pattern: "DIRECT", spans: [{ start: 2, end: 5 }] });
  expect(alignment(B, "markets")).toEqual({ pattern: "OMISSION", spans: [] });
  // the post-edit is a value of the scheme's edit field, versioned like every value
  const edits = after.annotations.filter((a: { field: string }) => a.field === "METAHOPE_POSTEDIT");
  expect(edits).toEqual([expect.objectContaining({ translationId: null, mrwId: null, value: text })]);
  expect(edits[0].version).toBeGreaterThanOrEqual(1);

  // the manager: exported with its scheme, the output it started from and its edit rate, then chosen as the gold reference
  await signIn(page, USERS.manager);
  const rows = await (await page.request.get(`/api/projects/${MH}/export?what=post-edits&format=json`)).json();
  expect(rows).toEqual([expect.objectContaining({ segment: "s1", annotator: USERS.annotator2, scheme: "MetaHOPE", kind: "reference", text, base_system: "B", base_translation: B })]);
  expect(rows[0].edit_rate).toBeGreaterThan(0);
  await page.goto(`/projects/${MH}/adjudication/${after.segment.id}`);
  await expect(page.getByTestId("adjudication-item")).toBeVisible();
  const gold = page.getByTestId("scheme-field-METAHOPE_POSTEDIT");
  await expect(gold.getByTestId("gold-field")).toHaveText("gold reference (reference)");
  // the adjudicator sees the annotators blind, by number
  await gold.getByRole("button", { name: `Use Annotator 1: ${text}` }).click();
  await expect(gold.getByLabel("Final Post-edit")).toHaveValue(text);
  await gold.getByRole("button", { name: "Save decision" }).click();
  await expect(gold.getByRole("status")).toHaveText(/Saved \(version 1\)/);
  await screenshot(page, "as-run-metahope-gold");
  const goldRows = await (await page.request.get(`/api/projects/${MH}/export?what=gold&format=json`)).json();
  expect(goldRows).toEqual([expect.objectContaining({ kind: "reference", text, provenance: `post-edit:${USERS.annotator2}:reference` })]);
});

test("a lab's own scheme marks target words the same way (scheme runtime): words by keyboard, or not rendered by its key", async ({ page }) => {
  await signIn(page, USERS.annotator2);
  const item = await itemOf(page, OWN);
  await page.goto(`/projects/${OWN}/items/s1`);
  await expect(page.getByTestId("workspace")).toBeVisible();
  // a key pressed before the page has hydrated reaches no handler: wait until it focused its first field
  await expect(page.locator('[data-active="true"]')).toBeFocused();
  const targetOf = (text: string, token: string) =>
    page.getByTestId(`translation-${item.translations.find((x) => x.text === text)!.label}`).locator("[data-target-words]").nth(item.mrws.findIndex((m) => m.token === token));
  for (const t of item.translations) {
    await page.keyboard.press("4"); // quality; the walk goes on to the target words of each MRW, in source order
    for (const m of item.mrws) {
      if (t.text === A && m.token === "weathered") {
        // ←/→ select a word (a character in Chinese), Shift extends, Space marks: 经受住 = characters 2–4
        for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
        await page.keyboard.press("Shift+ArrowRight");
        await page.keyboard.press("Shift+ArrowRight");
        await page.keyboard.press(" ");
        await expect(targetOf(A, "weathered")).toContainText("Target: 经受住");
      } else {
        await page.keyboard.press("0"); // not rendered
        await expect(targetOf(t.text, m.token)).toContainText("Target: Not rendered");
      }
      await page.keyboard.press("Tab");
    }
  }
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await screenshot(page, "as-run-own-scheme-target-words");
  const values = (await (await page.request.get(`/api/projects/${OWN}/items/s1`)).json()).annotations as { field: string; translationId: string; mrwId: string; value: unknown }[];
  const target = values.filter((v) => v.field === "target");
  expect(target).toHaveLength(4);
  const weathered = item.mrws.find((m) => m.token === "weathered")!.id;
  const tA = item.translations.find((t) => t.text === A)!.id;
  expect(target.find((v) => v.translationId === tA && v.mrwId === weathered)!.value).toEqual({ spans: [{ start: 2, end: 5 }] });
  expect(target.filter((v) => !(v.translationId === tA && v.mrwId === weathered)).map((v) => v.value)).toEqual([{ spans: [] }, { spans: [] }, { spans: [] }]);
});

test("the manager's Settings show both parts switched on for these projects and off elsewhere", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${MMTE}/settings`);
  await expect(page.getByLabel("MMTE target words (annotators mark the words that render each MRW)")).toBeChecked();
  await expect(page.getByLabel("MetaHOPE post-edit (the human reference of each sentence)")).not.toBeChecked();
  await screenshot(page, "as-run-settings");
  await page.goto(`/projects/demo/settings`);
  await expect(page.getByLabel("MMTE target words (annotators mark the words that render each MRW)")).not.toBeChecked();
  await expect(page.getByLabel("MetaHOPE post-edit (the human reference of each sentence)")).not.toBeChecked();
});
