// The scheme runtime's workspace in real Chromium: a project made with `tropos project create
// --scheme <file>`, a small Tropos JSONL corpus imported and assigned with the CLI; an annotator
// annotates every field by keyboard (spans and alignments also with a mouse selection), the values
// reach the server (reload, API), Ctrl+Enter submits and opens the next item, a submitted item is
// read-only until reopened. Two schemes: the idiom judgement, and one field of every kind.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const IDIOM = `e2e-idiom-${stamp}`;
const EVERY = `e2e-every-${stamp}`;
const J = (o: unknown) => JSON.stringify(o);
const SOURCES = ["Time is a thief that steals our hours.", "He broke the ice at the meeting.", "She has a heart of gold."];
const TARGETS: Record<"zh" | "it", Record<string, string[]>> = {
  zh: {
    "sys-one": ["时间是偷走我们时光的小偷。", "他在会上打破了僵局。", "她有一颗金子般的心。"],
    "sys-two": ["时间是一个小偷。", "他在会议上打破了冰。", "她心地善良。"],
  },
  it: {
    "sys-one": ["Il tempo è un ladro che ruba le nostre ore.", "Ha rotto il ghiaccio alla riunione.", "Ha un cuore d'oro."],
    "sys-two": ["Il tempo è un ladro delle ore.", "Ha spezzato il ghiaccio durante l'incontro.", "È molto generosa."],
  },
};

/** Three segments of one document, two systems; every segment has a premise text and its first MRW. */
function corpus(lang: "zh" | "it"): string {
  const lines = [J({ type: "document", externalId: "idioms", language: "en", title: "Idioms at work" })];
  SOURCES.forEach((text, i) => {
    const id = `idioms:${i + 1}`;
    lines.push(J({ type: "segment", documentId: "idioms", externalId: id, index: i, text, language: "en", metaphorical: true, texts: { premise: `Premise ${i + 1}: ${text}` } }));
    const token = ["thief", "broke the ice", "heart of gold"][i];
    const start = text.indexOf(token);
    lines.push(J({ type: "mrw", segmentId: id, externalId: `m${i + 1}`, spans: [{ start, end: start + token.length }], token, pos: "NOUN", active: true, metaphorical: true }));
    for (const [system, texts] of Object.entries(TARGETS[lang])) lines.push(J({ type: "translation", segmentId: id, system, language: lang, text: texts[i] }));
  });
  return lines.join("\n");
}

test.beforeAll(() => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const dir = mkdtempSync(path.join(tmpdir(), "tropos-scheme-ws-"));
  // Italian for the idiom judgement, Chinese (tokens are characters) for every kind
  for (const [slug, scheme, lang] of [
    [IDIOM, "lib/schemes/language/fixtures/idiom-judgement.json", "it"],
    [EVERY, "lib/schemes/language/fixtures/every-kind.json", "zh"],
  ] as const) {
    const file = path.join(dir, `idioms-${lang}.jsonl`);
    writeFileSync(file, corpus(lang));
    tropos("project", "create", slug, "--name", `Scheme workspace ${slug}`, "--scheme", scheme, "--target-lang", lang, "--manager", USERS.manager);
    tropos("import", file, "--project", slug);
    tropos("assign", "--project", slug, "--per-item", "1", "--annotators", USERS.annotator);
  }
});

const active = (page: Page) => page.locator('[data-active="true"]');
const activeField = (page: Page) => active(page).getAttribute("data-field");
const translation = (page: Page, letter: string) => page.getByTestId(`translation-Translation ${letter}`);
const field = (scope: Locator, id: string) => scope.locator(`[data-field="${id}"]`);
async function saved(page: Page) {
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
}
async function press(page: Page, ...keys: string[]) {
  for (const k of keys) await page.keyboard.press(k);
}
async function expectActive(page: Page, id: string, where?: Locator) {
  await expect.poll(() => activeField(page)).toBe(id);
  if (where) await expect(where.locator('[data-active="true"]')).toHaveCount(1);
}
type TApiItem = { segment: { id: string }; translations: { id: string; label: string }[]; annotations: { field: string; itemKey: string; value: unknown }[] };
async function serverValues(page: Page, slug: string, segmentId: string) {
  const item = (await (await page.request.get(`/api/projects/${slug}/items/${segmentId}`)).json()) as TApiItem;
  const label = (id: string) => item.translations.find((t) => t.id === id)?.label.replace("Translation ", "") ?? id;
  // "field@A" for translation values, "field@-" for the segment's, "field@document", "field@role:premise"
  return Object.fromEntries(
    item.annotations.map((a) => {
      const [t, m] = a.itemKey.split(":");
      const where = a.itemKey === "document" || a.itemKey.startsWith("role:") ? a.itemKey : `${t === "-" ? "-" : label(t)}${m && m !== "-" ? "+mrw" : ""}`;
      return [`${a.field}@${where}`, a.value];
    }),
  );
}
async function openFirstItem(page: Page, slug: string, schemeName: string): Promise<string> {
  await page.goto(`/projects/${slug}/queue`);
  await expect(page.getByTestId("queue-scheme")).toContainText(schemeName);
  await expect(page.getByTestId("queue-row")).toHaveCount(3);
  await page.getByTestId("queue-row").first().getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("idiom judgement: every field by keyboard, saved, reloaded, submitted with Ctrl+Enter", async ({ page }) => {
  await signIn(page, USERS.annotator);
  const seg = await openFirstItem(page, IDIOM, "Idiom judgement");
  await expect(page.getByTestId("item-progress")).toHaveText("Item 1 of 3 · 0 done");
  await expect(page.getByTestId("scheme-name")).toContainText("Idiom judgement v1");
  const A = translation(page, "A");
  const B = translation(page, "B");

  // the keyboard starts on the first missing value; a digit chooses and moves on; Ctrl+Z undoes
  await expectActive(page, "transparency");
  await press(page, "4");
  await expectActive(page, "meaning", A);
  await press(page, "Control+z");
  await expect(page.getByRole("radiogroup", { name: "Transparency of the idiom" }).getByRole("radio", { checked: true })).toHaveCount(0);
  await press(page, "k", "5");
  await expectActive(page, "meaning", A);
  await press(page, "3"); // lost
  await expectActive(page, "cues", A);
  await press(page, "1", "3", "j"); // joy and anger, then on
  await expectActive(page, "fluency", A);
  await page.keyboard.type("73"); // digits go into the number box
  await press(page, "Escape", "j");
  await expectActive(page, "note", A);
  await page.keyboard.type("Reads naturally"); // typing goes into the text box
  await press(page, "Escape", "j");
  await expectActive(page, "meaning", B);
  await press(page, "1");
  await expectActive(page, "cues", B);
  await press(page, "2", "ArrowDown");
  await expectActive(page, "fluency", B);
  await press(page, "Enter");
  await page.keyboard.type("40");
  await press(page, "Escape", "Tab");
  await expectActive(page, "note", B);
  await press(page, "Enter");
  await page.keyboard.type("Flat but right");
  await press(page, "Escape");

  // the cheat sheet lists the scheme's keys; the guidelines panel shows the task's Markdown
  await press(page, "?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toContainText("Figurative meaning: literalised");
  await expect(sheet).toContainText("Emotional cues kept: toggle anger");
  await page.screenshot({ path: "test-results/scheme-workspace-keys.png" });
  await press(page, "Escape");
  await expect(sheet).toHaveCount(0);
  await press(page, "g");
  await expect(page.getByTestId("guidelines-panel")).toContainText("Read the whole sentence first.");
  await expect(page.getByTestId("guidelines-panel")).toContainText("Comment");
  await page.screenshot({ path: "test-results/scheme-workspace-idiom.png", fullPage: true });
  await press(page, "g");

  await saved(page);
  const values = await serverValues(page, IDIOM, seg);
  expect(values).toEqual({
    "transparency@-": 5,
    "meaning@A": "lost",
    "cues@A": ["joy", "anger"],
    "fluency@A": 73,
    "note@A": "Reads naturally",
    "meaning@B": "kept",
    "cues@B": ["sorrow"],
    "fluency@B": 40,
    "note@B": "Flat but right",
  });

  // a reload shows the saved values
  await page.reload();
  await expect(page.getByRole("radiogroup", { name: "Transparency of the idiom" }).getByRole("radio", { checked: true })).toContainText("5");
  await expect(field(A, "meaning").getByRole("radio", { checked: true })).toHaveText(/lost/);
  await expect(field(A, "cues").getByRole("checkbox", { checked: true })).toHaveCount(2);
  await expect(field(A, "fluency").getByRole("spinbutton")).toHaveValue("73");
  await expect(field(B, "note").getByRole("textbox")).toHaveValue("Flat but right");
  await expect(page.getByTestId("fields-filled")).toHaveText("9/9 fields");

  // Ctrl+Enter submits and opens the next item
  await press(page, "Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(`/items/${seg}`));
  await expect(page.getByTestId("item-progress")).toHaveText("Item 2 of 3 · 1 done");
  await expectActive(page, "transparency");
  // an incomplete item is not submitted: the first missing value is named and made active
  await press(page, "j", "Control+Enter");
  await expect(page.getByTestId("workspace-message")).toContainText("Cannot submit yet: Transparency of the idiom (segment) is required");
  await expectActive(page, "transparency");

  // p goes back to the submitted item: read-only until reopened
  await press(page, "p");
  await expect(page).toHaveURL(new RegExp(`/items/${seg}`));
  await expect(page.getByTestId("item-closed")).toContainText("This item was submitted; it is read-only.");
  await expect(page.getByRole("button", { name: /Submit & next/ })).toHaveCount(0);
  await expectActive(page, "transparency");
  await press(page, "3");
  await expect(page.getByTestId("workspace-message")).toHaveText("This item was submitted; reopen it to change it.");
  await page.getByRole("button", { name: "Reopen to edit" }).click();
  await expect(page.getByTestId("item-closed")).toHaveCount(0);
  await field(page.locator("body"), "transparency").getByRole("radio", { name: /^3/ }).click();
  await saved(page);
  expect((await serverValues(page, IDIOM, seg))["transparency@-"]).toBe(3);
});

/** Drags with the mouse from token a to token b of a field's text. */
async function dragTokens(page: Page, scope: Locator, a: number, b: number) {
  await scope.locator(`[data-token="${a}"]`).hover();
  await page.mouse.down();
  await scope.locator(`[data-token="${b}"]`).hover();
  await page.mouse.up();
}

test("every field kind: by keyboard (and a mouse selection for spans and alignment), saved and submitted", async ({ page }) => {
  await signIn(page, USERS.annotator);
  const seg = await openFirstItem(page, EVERY, "Every field kind");
  const A = translation(page, "A");
  const B = translation(page, "B");
  await expect(page.getByTestId("role-text-premise")).toContainText("Premise");
  await expect(page.getByTestId("document-context")).toContainText(SOURCES[1]);

  // the first missing value is the segment's transparency: go up to the document's register
  await expectActive(page, "transparency");
  await press(page, "k");
  await expectActive(page, "register");
  await press(page, "f"); // fiction, then on
  await expectActive(page, "transparency");
  await press(page, "6");
  // tags: move the word selection with →, extend with Shift+→, tag with its key
  await expectActive(page, "metaphor-tags");
  const source = (await page.getByTestId("source-text").textContent())!;
  const words = source.split(/\s+/);
  const thief = words.findIndex((w) => w.startsWith("thief") || w === "ice" || w === "heart");
  await press(page, ...Array.from({ length: thief + 1 }, () => "ArrowRight"), "Shift+ArrowRight", "m");
  const tags = field(page.locator("body"), "metaphor-tags");
  await expect(tags.locator("[data-tag]")).toHaveCount(2);
  expect(await tags.locator("[data-tag]").evaluateAll((els) => els.map((e) => e.getAttribute("data-tag")))).toEqual(["B-METAPHOR", "I-METAPHOR"]);
  await press(page, "j");
  await expectActive(page, "conventional");
  await press(page, "y");
  await expectActive(page, "premise-ok");
  await press(page, "n"); // the field's own n: "no", not the next item
  await expectActive(page, "meaning", A);

  // translation A: "lost" shows a conditional text field (after the cues, in scheme order)
  await expect(field(A, "why-lost")).toHaveCount(0);
  await press(page, "3");
  await expectActive(page, "cues", A);
  await press(page, "1", "j");
  await expectActive(page, "why-lost", A);
  await page.keyboard.type("The idiom became literal");
  await press(page, "Escape", "j");
  await expectActive(page, "fluency", A);
  await page.keyboard.type("55");
  await press(page, "Escape", "j");
  await expectActive(page, "seconds", A);
  await page.keyboard.type("42");
  await press(page, "Escape", "j");
  await expectActive(page, "post-edit", A);
  await press(page, "Enter", "Control+End");
  await page.keyboard.type("！");
  await press(page, "Escape", "j");
  // spans by keyboard: select two characters, a label key, then the severity key
  await expectActive(page, "errors", A);
  await press(page, "ArrowRight", "Shift+ArrowRight", "i");
  await expect(field(A, "errors").getByTestId("field-message")).toContainText("Not saved yet: span 1 has no severity");
  await press(page, "2");
  await expect(field(A, "errors").getByTestId("span-row")).toContainText("mistranslation");
  await expect(field(A, "errors").getByTestId("field-message")).toHaveCount(0);
  await press(page, "j");
  // alignment by keyboard: select the target words, then the pattern
  await expectActive(page, "alignment", A);
  await press(page, "ArrowRight", "ArrowRight", "Shift+ArrowRight", "d");
  await expect(field(A, "alignment").getByRole("radio", { name: /DIRECT/ })).toHaveAttribute("aria-checked", "true");
  await press(page, "j");
  // a vector: Enter goes to its first dimension, arrows set it, Tab the next dimension
  await expectActive(page, "emotion", A);
  await press(page, "Enter", "ArrowRight", "ArrowRight", "ArrowRight", "Tab", "ArrowRight", "Escape", "j");

  // translation B: spans and alignment with a mouse selection, then their keys
  await expectActive(page, "meaning", B);
  await press(page, "2");
  const errorsB = field(B, "errors");
  await errorsB.scrollIntoViewIfNeeded();
  await dragTokens(page, errorsB, 2, 4);
  await expectActive(page, "errors", B);
  await press(page, "s", "1");
  await expect(errorsB.getByTestId("span-row")).toContainText("style");
  const alignB = field(B, "alignment");
  await dragTokens(page, alignB, 0, 1);
  await press(page, "d");
  await expect(alignB.getByRole("radio", { name: /DIRECT/ })).toHaveAttribute("aria-checked", "true");
  await press(page, "j");
  await expectActive(page, "emotion", B);
  await page.screenshot({ path: "test-results/scheme-workspace-every-kind.png", fullPage: true });
  await field(A, "errors").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/scheme-workspace-every-kind-viewport.png" });

  await saved(page);
  const v = await serverValues(page, EVERY, seg);
  expect(v["register@document"]).toBe("fiction");
  expect(v["transparency@-"]).toBe(6);
  expect(v["metaphor-tags@-"]).toEqual(words.map((_, i) => (i === thief ? "B-METAPHOR" : i === thief + 1 ? "I-METAPHOR" : "O")));
  expect(v["conventional@-+mrw"]).toBe(true);
  expect(v["premise-ok@role:premise"]).toBe(false);
  expect(v["meaning@A"]).toBe("lost");
  expect(v["why-lost@A"]).toBe("The idiom became literal");
  expect(v["cues@A"]).toEqual(["joy"]);
  expect(v["fluency@A"]).toBe(55);
  expect(v["seconds@A"]).toBe(42);
  expect(v["post-edit@A"]).toMatch(/！$/);
  expect(v["errors@A"]).toEqual([{ start: 0, end: 2, label: "MIS", attributes: { severity: 6 } }]);
  expect(v["alignment@A+mrw"]).toEqual({ pattern: "DIRECT", spans: [{ start: 1, end: 3 }] });
  expect(v["emotion@A+mrw"]).toEqual({ joy: 0.3, anger: 0.1 });
  expect(v["meaning@B"]).toBe("literal");
  expect(v["errors@B"]).toEqual([{ start: 2, end: 5, label: "STL", attributes: { severity: 2 } }]);
  expect(v["alignment@B+mrw"]).toEqual({ pattern: "DIRECT", spans: [{ start: 0, end: 2 }] });

  // reloaded, the page shows them; Ctrl+Enter submits and opens the next item
  await page.reload();
  await expect(field(A, "why-lost").getByRole("textbox")).toHaveValue("The idiom became literal");
  await expect(field(A, "seconds").getByRole("spinbutton")).toHaveValue("42");
  await expect(field(page.locator("body"), "metaphor-tags").locator("[data-tag]")).toHaveCount(2);
  expect(await field(page.locator("body"), "metaphor-tags").locator("[data-tag]").evaluateAll((els) => els.map((e) => e.getAttribute("data-tag")))).toEqual(["B-METAPHOR", "I-METAPHOR"]);
  await press(page, "Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(`/items/${seg}`));
  await expect(page.getByTestId("item-progress")).toHaveText("Item 2 of 3 · 1 done");
  // the document's register is one value for the whole document
  await expect(field(page.locator("body"), "register").getByRole("radio", { checked: true })).toHaveText(/fiction/);
});
