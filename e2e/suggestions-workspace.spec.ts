// Model suggestions in the scheme runtime's workspace (issue 15 point 4) in real Chromium: a project
// made with the CLI from the idiom judgement scheme, a model's suggestions stored for its first
// item (rows as a suggestion job writes them, inserted directly: the job itself is tested in
// models.spec.ts). While the project does not show suggestions none reaches the annotator; the
// manager switches them on in Settings; the annotator then accepts one (Shift+Enter), edits one
// (chooses another option) and rejects one (Shift+Backspace) by keyboard. The saved values (item
// API after a reload) and the recorded decisions (database) are checked. Below: imported Meta4XNLI
// tags, and the MMTE preset with suggestions imported for its sentence and MRW fields (what
// e2e/suggestions-built-in.spec.ts tested on the built-in workspace, which no project runs now).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { sql } from "./sql";
import { tropos } from "./tropos";

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const SLUG = `e2e-suggest-${stamp}`;
const J = (o: unknown) => JSON.stringify(o);
const SOURCES = ["Break a leg tonight.", "It costs an arm and a leg."];
const TARGETS: Record<string, string[]> = { "sys-one": ["In bocca al lupo stasera.", "Costa un occhio della testa."], "sys-two": ["Rompiti una gamba stasera.", "Costa un braccio e una gamba."] };
/** suggestion ids by what they suggest */
let SEGMENT = ""; // the first item's id (set up below)
let SEGMENT2 = "";
const ID = { transparency: `sg-${stamp}-t`, meaningOne: `sg-${stamp}-m1`, meaningTwo: `sg-${stamp}-m2` };
const ID2 = { transparency: `sg-${stamp}-t2`, meaningOne: `sg-${stamp}-m21` };

test.beforeAll(async () => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const lines = [J({ type: "document", externalId: "legs", language: "en", title: "Legs" })];
  SOURCES.forEach((text, i) => {
    lines.push(J({ type: "segment", documentId: "legs", externalId: `legs:${i + 1}`, index: i, text, language: "en", metaphorical: true }));
    for (const [system, texts] of Object.entries(TARGETS)) lines.push(J({ type: "translation", segmentId: `legs:${i + 1}`, system, language: "it", text: texts[i] }));
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), "tropos-suggest-ws-")), "legs.jsonl");
  writeFileSync(file, lines.join("\n"));
  tropos("project", "create", SLUG, "--name", `Suggestions ${SLUG}`, "--scheme", "lib/schemes/language/fixtures/idiom-judgement.json", "--target-lang", "it", "--manager", USERS.manager);
  tropos("import", file, "--project", SLUG);
  tropos("assign", "--project", SLUG, "--per-item", "1", "--annotators", USERS.annotator);

  // the model's answers for the first item, as a suggestion job stores them
  const [seg] = await sql<{ id: string; projectId: string }>(`SELECT s.id, s."projectId" FROM "Segment" s JOIN "Project" p ON p.id = s."projectId" WHERE p.slug = $1 AND s."externalId" = 'legs:1'`, [SLUG]);
  const tr = await sql<{ id: string; system: string }>(`SELECT t.id, m.name AS system FROM "Translation" t JOIN "MtSystem" m ON m.id = t."systemId" WHERE t."segmentId" = $1`, [seg.id]);
  SEGMENT = seg.id;
  const tOf = (system: string) => tr.find((t) => t.system === system)!.id;
  const endpoint = `ep-${stamp}`;
  await sql(`INSERT INTO "ModelEndpoint" (id, "projectId", name, "baseUrl", model) VALUES ($1, $2, 'lab-model', 'http://127.0.0.1:9/v1', 'gpt-e2e')`, [endpoint, seg.projectId]);
  const [seg2] = await sql<{ id: string }>(`SELECT s.id FROM "Segment" s WHERE s."projectId" = $1 AND s."externalId" = 'legs:2'`, [seg.projectId]);
  SEGMENT2 = seg2.id;
  const [tr2] = await sql<{ id: string }>(`SELECT t.id FROM "Translation" t JOIN "MtSystem" m ON m.id = t."systemId" WHERE t."segmentId" = $1 AND m.name = 'sys-one'`, [seg2.id]);
  const insert = (id: string, translationId: string | null, field: string, value: unknown, segmentId = seg.id) =>
    sql(
      `INSERT INTO "Suggestion" (id, "projectId", "endpointId", "segmentId", "translationId", "itemKey", field, value, status, model, "promptVersion", "promptText")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, 'ok', 'gpt-e2e', 'e2e@000000000000', '[]')`,
      [id, seg.projectId, endpoint, segmentId, translationId, translationId ? `${translationId}:-` : "-:-", field, JSON.stringify(value)],
    );
  await insert(ID.transparency, null, "transparency", 6);
  await insert(ID.meaningOne, tOf("sys-one"), "meaning", "kept");
  await insert(ID.meaningTwo, tOf("sys-two"), "meaning", "lost");
  // the second item: decided with the mouse
  await insert(ID2.transparency, null, "transparency", 7, seg2.id);
  await insert(ID2.meaningOne, tr2.id, "meaning", "kept", seg2.id);
});

const activeField = (page: Page) => page.locator('[data-active="true"]').getAttribute("data-field");
async function expectActive(page: Page, id: string, label?: string) {
  await expect.poll(() => activeField(page)).toBe(id);
  if (label) await expect(page.getByTestId(`translation-Translation ${label}`).locator('[data-active="true"]')).toHaveCount(1);
}
type TApiItem = {
  segment: { id: string };
  translations: { id: string; label: string }[];
  annotations: { field: string; itemKey: string; value: unknown }[];
  suggestions?: { id: string; field: string; itemKey: string; value: unknown; model: string; endpoint: string; decision: { decision: string; value: unknown } | null }[];
};
const apiItem = async (page: Page, segment: string, slug = SLUG) => (await (await page.request.get(`/api/projects/${slug}/items/${segment}`)).json()) as TApiItem;

/** `?` opens the cheat sheet, which lists the suggestion keys; Escape closes it. */
async function expectSuggestionKeysOnSheet(page: Page) {
  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toContainText("Model suggestion on this field: accept it");
  await expect(sheet).toContainText("Model suggestion on this field: reject it");
  await expect(sheet).toContainText("Shift+Enter");
  await expect(sheet).toContainText("Shift+Backspace");
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
}

test("suggestions stay hidden until the manager shows them; the annotator accepts, edits and rejects them by keyboard", async ({ page, browser }) => {
  // hidden: neither the page nor the item API carries any suggestion
  await signIn(page, USERS.annotator);
  await page.goto(`/projects/${SLUG}/items/${SEGMENT}`);
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(page.getByTestId("model-suggestion")).toHaveCount(0);
  const hidden = await apiItem(page, SEGMENT);
  expect(hidden).not.toHaveProperty("suggestions");
  expect(JSON.stringify(hidden)).not.toContain("gpt-e2e");

  // the manager switches them on in Settings
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, USERS.manager);
  await manager.goto(`/projects/${SLUG}/settings`);
  const toggle = manager.getByLabel(/Show model suggestions to annotators/);
  await expect(toggle).not.toBeChecked();
  // a project that runs its own scheme has no built-in parts to switch
  await expect(manager.getByLabel(/MMTE sentence quality/)).toHaveCount(0);
  await toggle.check();
  await manager.getByRole("button", { name: "Save scheme" }).click();
  await expect(manager.getByTestId("scheme-message")).toHaveText("Scheme configuration saved.");
  await manager.reload();
  await expect(manager.getByLabel(/Show model suggestions to annotators/)).toBeChecked();
  await expect(manager.getByLabel("Hide system names from annotators")).toBeChecked();
  await manager.screenshot({ path: "test-results/suggestions-settings.png", fullPage: true });
  await managerContext.close();

  // the annotator's item now shows the model's values, marked as the model's and not saved
  await page.reload();
  const seg = SEGMENT;
  const boxes = page.getByTestId("model-suggestion");
  await expect(boxes).toHaveCount(3);
  const transparency = page.locator('[data-field="transparency"]');
  await expect(transparency.getByTestId("model-suggestion")).toContainText("Model suggestion (gpt-e2e): 6");
  await expect(transparency.getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(page.getByTestId("fields-filled")).toHaveText("0/9 fields");
  const A = page.getByTestId("translation-Translation A");
  const B = page.getByTestId("translation-Translation B");
  const meaningA = A.locator('[data-field="meaning"]');
  const meaningB = B.locator('[data-field="meaning"]');
  // which system is A is the annotator's blind order: read it from the item
  const item = await apiItem(page, seg);
  const idOf = (label: string) => item.translations.find((t) => t.label === `Translation ${label}`)!.id;
  const suggestionAt = (label: string) => item.suggestions!.find((x) => x.field === "meaning" && x.itemKey === `${idOf(label)}:-`)!;
  const [sA, sB] = [suggestionAt("A"), suggestionAt("B")];
  await expect(meaningA.getByTestId("model-suggestion")).toContainText(`Model suggestion (gpt-e2e): ${String(sA.value)}`);
  await expect(meaningB.getByTestId("model-suggestion")).toContainText(`Model suggestion (gpt-e2e): ${String(sB.value)}`);
  await page.screenshot({ path: "test-results/suggestions-workspace-pending.png", fullPage: true });

  // the cheat sheet lists the suggestion keys
  await expectSuggestionKeysOnSheet(page);

  // accept: Shift+Enter on the active field saves the model's value and moves on
  await expectActive(page, "transparency");
  await page.keyboard.press("Shift+Enter");
  await expect(transparency.getByRole("radio", { checked: true })).toContainText("6");
  await expect(transparency.getByTestId("model-suggestion")).toHaveCount(0);
  await expectActive(page, "meaning", "A");

  // edit: choosing another option than the model's (literalised) is an edit of its suggestion
  await page.keyboard.press("2");
  await expect(meaningA.getByRole("radio", { checked: true })).toHaveText(/literalised/);
  await expect(meaningA.getByTestId("model-suggestion")).toHaveCount(0);

  // reject: Shift+Backspace on Translation B's meaning hides it, nothing saved
  await expectActive(page, "cues", "A");
  await page.keyboard.press("j"); // fluency
  await page.keyboard.press("j"); // comment
  await page.keyboard.press("j"); // B's meaning
  await expectActive(page, "meaning", "B");
  await page.keyboard.press("Shift+Backspace");
  await expect(meaningB.getByTestId("model-suggestion")).toHaveCount(0);
  await expect(meaningB.getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(boxes).toHaveCount(0);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
  await page.screenshot({ path: "test-results/suggestions-workspace-decided.png", fullPage: true });

  // the decisions are recorded once the values they name are saved
  const decisions = () =>
    sql<{ suggestionId: string; decision: string; value: unknown }>(
      `SELECT d."suggestionId", d.decision, d.value FROM "SuggestionDecision" d JOIN "User" u ON u.id = d."annotatorId" WHERE u.email = $1 AND d."suggestionId" = ANY($2) ORDER BY d."suggestionId"`,
      [USERS.annotator, Object.values(ID)],
    );
  await expect.poll(async () => (await decisions()).length, { timeout: 15_000 }).toBe(3);
  const byId = Object.fromEntries((await decisions()).map((d) => [d.suggestionId, [d.decision, d.value]]));
  expect(byId).toEqual({
    [ID.transparency]: ["accepted", 6],
    [sA.id]: ["edited", "literal"],
    [sB.id]: ["rejected", null],
  });

  // after a reload: the saved values are the annotator's, the decided suggestions are not shown again
  await page.reload();
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(boxes).toHaveCount(0);
  const after = await apiItem(page, seg);
  const values = Object.fromEntries(after.annotations.map((a) => [`${a.field}@${a.itemKey}`, a.value]));
  expect(values).toEqual({ "transparency@-:-": 6, [`meaning@${idOf("A")}:-`]: "literal" });
  expect(Object.fromEntries(after.suggestions!.map((x) => [x.id, x.decision?.decision]))).toEqual({ [ID.transparency]: "accepted", [sA.id]: "edited", [sB.id]: "rejected" });

  // the mouse: the box's Accept and Reject buttons on the second item
  await page.goto(`/projects/${SLUG}/items/${SEGMENT2}`);
  await expect(boxes).toHaveCount(2);
  const transparency2 = page.locator('[data-field="transparency"]');
  await expect(transparency2.getByTestId("model-suggestion")).toContainText("Model suggestion (gpt-e2e): 7 (transparent)");
  await transparency2.getByRole("button", { name: /^Accept/ }).click();
  await expect(transparency2.getByRole("radio", { checked: true })).toContainText("7");
  await page.locator('[data-field="meaning"]').getByTestId("model-suggestion").getByRole("button", { name: /^Reject/ }).click();
  await expect(boxes).toHaveCount(0);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
  const decided2 = () => sql<{ suggestionId: string; decision: string }>(`SELECT "suggestionId", decision FROM "SuggestionDecision" WHERE "suggestionId" = ANY($1) ORDER BY "suggestionId"`, [Object.values(ID2)]);
  await expect.poll(async () => (await decided2()).map((d) => `${d.suggestionId}=${d.decision}`), { timeout: 15_000 }).toEqual([`${ID2.transparency}=accepted`, `${ID2.meaningOne}=rejected`].sort());
  expect(Object.fromEntries((await apiItem(page, SEGMENT2)).annotations.map((a) => [a.field, a.value]))).toEqual({ transparency: 7 });
});

// Imported Meta4XNLI predictions revised by keyboard (issue 15 point 4): three dev sentences of the
// shipped Meta4XNLI file in a project made from the meta4xnli preset, a model's tags for them
// imported with `tropos import --as-suggestions --model melbert`; the annotator sees the model's
// tags on the tokens (marked as the model's), accepts the first sentence's (Shift+Enter), changes
// the second's token by token (a tag key: "edited"), rejects the third's (Shift+Backspace) and tags
// it alone. Values (item API) and decisions (database) are checked.
test.describe("imported Meta4XNLI predictions", () => {
  const M4 = `e2e-m4x-${stamp}`;
  const DEV = readFileSync("data/meta4xnli/detection/splits/en/meta4xnli_dev.tsv", "utf8").split("\n\n").slice(0, 3);
  /** the model's tags per sentence, by token index (a made-up run, B-/I- as MelBERT writes them) */
  const MODEL: Record<number, string>[] = [{ 28: "B-METAPHOR", 30: "B-METAPHOR" }, { 11: "B-METAPHOR" }, { 1: "B-METAPHOR", 2: "I-METAPHOR" }];
  const tokensOf = (i: number) => DEV[i].split("\n").map((l) => l.split("\t")[0]);
  const modelTags = (i: number) => tokensOf(i).map((_, k) => MODEL[i][k] ?? "O");
  let items: string[] = [];

  test.beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tropos-m4x-ws-"));
    writeFileSync(path.join(dir, "meta4xnli_dev.tsv"), `${DEV.join("\n\n")}\n`);
    writeFileSync(path.join(dir, "melbert-run.tsv"), `${DEV.map((_, i) => tokensOf(i).map((t, k) => `${t}\t${modelTags(i)[k]}`).join("\n")).join("\n\n")}\n`);
    tropos("project", "create", M4, "--name", `Meta4XNLI ${M4}`, "--scheme", "lib/schemes/presets/meta4xnli.json", "--source-lang", "en", "--target-lang", "es", "--manager", USERS.manager);
    tropos("import", path.join(dir, "meta4xnli_dev.tsv"), "--project", M4, "--format", "conll");
    tropos("import", path.join(dir, "melbert-run.tsv"), "--project", M4, "--format", "conll", "--as-suggestions", "--model", "melbert");
    tropos("assign", "--project", M4, "--per-item", "1", "--annotators", USERS.annotator);
    // shown to annotators (the Settings checkbox is tested above)
    await sql(`UPDATE "Project" SET "schemeConfig" = "schemeConfig" || '{"showSuggestions": true}'::jsonb WHERE slug = $1`, [M4]);
    items = (await sql<{ id: string }>(`SELECT s.id FROM "Segment" s JOIN "Project" p ON p.id = s."projectId" WHERE p.slug = $1 ORDER BY s.index`, [M4])).map((r) => r.id);
  });

  const tagged = (page: Page) => page.locator('[data-field="metaphor"] [data-token][data-suggested="true"]');
  const openItem = async (page: Page, i: number) => {
    await page.goto(`/projects/${M4}/items/${items[i]}`);
    await expect(page.getByTestId("workspace")).toBeVisible();
    await expectActive(page, "metaphor");
    // the workspace focuses its active field once hydrated: keys pressed before that would be lost
    await expect(page.locator('[data-active="true"]')).toBeFocused();
  };
  const savedTags = async (page: Page, i: number) => (await apiItem(page, items[i], M4)).annotations.find((a) => a.field === "metaphor")?.value;

  test("the annotator accepts, edits and rejects a model's metaphor tags by keyboard", async ({ page }) => {
    await signIn(page, USERS.annotator);

    // 1. the model's tags on the tokens, marked as the model's; Shift+Enter accepts them all
    await openItem(page, 0);
    const box = page.locator('[data-field="metaphor"]').getByTestId("model-suggestion");
    await expect(box).toContainText("Model suggestion (melbert): 2 tokens tagged: continuing (B-METAPHOR), ties (B-METAPHOR)");
    await expect(tagged(page)).toHaveText(["continuingB-METAPHOR (AI)", "tiesB-METAPHOR (AI)"]);
    await screenshot(page, "suggestions-tags-pending");
    await page.keyboard.press("Shift+Enter");
    await expect(box).toHaveCount(0);
    await expect(tagged(page)).toHaveCount(0);
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
    expect(await savedTags(page, 0)).toEqual(modelTags(0));

    // 2. token by token: the selection moves to "model" (token 16) and m tags it; the model's "strengthen" stays
    await openItem(page, 1);
    await expect(tagged(page)).toHaveText(["strengthenB-METAPHOR (AI)"]);
    for (let k = 0; k <= 16; k++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("m");
    await expect(tagged(page)).toHaveCount(0);
    const edited = modelTags(1).map((t, k) => (k === 16 ? "B-METAPHOR" : t));
    // the annotator's own tags are underlined, the tag in data-tag (the model's were marked "(AI)")
    await expect(page.locator('[data-field="metaphor"] [data-token="16"]')).toHaveAttribute("data-tag", "B-METAPHOR");
    await expect(page.locator('[data-field="metaphor"] [data-token="11"]')).toHaveAttribute("data-tag", "B-METAPHOR");
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
    await screenshot(page, "suggestions-tags-edited");
    expect(await savedTags(page, 1)).toEqual(edited);

    // 3. Shift+Backspace rejects the model's "Continued Momentum"; the annotator tags "Momentum" alone
    await openItem(page, 2);
    await expect(tagged(page)).toHaveText(["ContinuedB-METAPHOR (AI)", "MomentumI-METAPHOR (AI)"]);
    await page.keyboard.press("Shift+Backspace");
    await expect(tagged(page)).toHaveCount(0);
    await expect(page.locator('[data-field="metaphor"]').getByTestId("model-suggestion")).toHaveCount(0);
    for (let k = 0; k <= 2; k++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("m");
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
    const own = tokensOf(2).map((_, k) => (k === 2 ? "B-METAPHOR" : "O"));
    expect(await savedTags(page, 2)).toEqual(own);

    // the decisions, with the values saved
    const decisions = () =>
      sql<{ segmentId: string; decision: string; value: unknown }>(
        `SELECT g."segmentId", d.decision, d.value FROM "SuggestionDecision" d JOIN "Suggestion" g ON g.id = d."suggestionId" JOIN "User" u ON u.id = d."annotatorId"
          WHERE u.email = $1 AND g."segmentId" = ANY($2)`,
        [USERS.annotator, items],
      );
    await expect.poll(async () => (await decisions()).length, { timeout: 15_000 }).toBe(3);
    const byItem = Object.fromEntries((await decisions()).map((d) => [items.indexOf(d.segmentId), [d.decision, d.value]]));
    expect(byItem).toEqual({ 0: ["accepted", modelTags(0)], 1: ["edited", edited], 2: ["rejected", null] });
  });
});

// The MMTE preset as shipped (issue 15 point 4; it runs the one workspace like any scheme): a
// project made with the CLI from `--scheme mmte`, one item with a metaphorical and a literal MRW in
// two systems, and a model's MMTE appendix D-style answers imported with `tropos import
// --as-suggestions` — sentence-level scales and the MRW fields (equivalence, emotion,
// authenticity). While the project does not show suggestions none reaches the annotator (page,
// item API) and a decision is "not found"; the manager switches them on in Settings, beside the
// MMTE parts; the annotator accepts one (Shift+Enter), edits one (a digit) and rejects one
// (Shift+Backspace) by keyboard, Shift+Enter where there is none says so, and the box's buttons
// work with the mouse. Saved values (item API after a reload) and decisions (database) are checked.
test.describe("the MMTE preset: imported suggestions on sentence and MRW fields", () => {
  const MMTE = `e2e-mmte-suggest-${stamp}`;
  const MODEL = "qwen-mmte-e2e";
  const SOURCE = "The economy has run out of steam after two hard years.";
  const TEXTS: Record<string, string> = { "sys-one": "经济在艰难的两年后已经失去了动力。", "sys-two": "经过艰难的两年，经济已经用完了蒸汽。" };
  /** the model's answers per system: quality and the metaphorical MRW's labels; the literal MRW's equivalence for sys-one */
  const ANSWERS: Record<string, { FLUENCY: number; EQUIVALENCE: string; EMOTION: string; AUTHENTICITY: number }> = {
    "sys-one": { FLUENCY: 4, EQUIVALENCE: "PART", EMOTION: "LESS", AUTHENTICITY: 3 },
    "sys-two": { FLUENCY: 2, EQUIVALENCE: "NON", EMOTION: "SAME", AUTHENTICITY: 2 },
  };
  const EQUIVALENCE_LABEL: Record<string, string> = { PART: "Part-Equivalence", NON: "Non-Equivalence" };
  let item1 = "";

  test.beforeAll(async () => {
    const at = (word: string) => ({ start: SOURCE.indexOf(word), end: SOURCE.indexOf(word) + word.length });
    const corpus = [
      J({ type: "document", externalId: "steam", language: "en", title: "Steam" }),
      J({ type: "segment", documentId: "steam", externalId: "steam:1", index: 0, text: SOURCE, language: "en", metaphorical: true }),
      J({ type: "mrw", segmentId: "steam:1", externalId: "steam:1:m1", spans: [at("run out of steam")], token: "run out of steam", pos: "VERB", active: true, metaphorical: true }),
      J({ type: "mrw", segmentId: "steam:1", externalId: "steam:1:m2", spans: [at("years")], token: "years", pos: "NOUN", active: true, metaphorical: false }),
      ...Object.entries(TEXTS).map(([system, text]) => J({ type: "translation", segmentId: "steam:1", system, language: "zh", text })),
    ];
    const answers = Object.entries(ANSWERS).flatMap(([system, a]) => [
      J({ type: "suggestion", segmentId: "steam:1", system, field: "FLUENCY", value: a.FLUENCY }),
      J({ type: "suggestion", segmentId: "steam:1", system, mrwId: "steam:1:m1", field: "EQUIVALENCE", value: a.EQUIVALENCE }),
      J({ type: "suggestion", segmentId: "steam:1", system, mrwId: "steam:1:m1", field: "EMOTION", value: a.EMOTION }),
      J({ type: "suggestion", segmentId: "steam:1", system, mrwId: "steam:1:m1", field: "AUTHENTICITY", value: a.AUTHENTICITY }),
    ]);
    answers.push(J({ type: "suggestion", segmentId: "steam:1", system: "sys-one", mrwId: "steam:1:m2", field: "EQUIVALENCE", value: "LITERAL" }));
    const dir = mkdtempSync(path.join(tmpdir(), "tropos-mmte-suggest-"));
    writeFileSync(path.join(dir, "steam.jsonl"), corpus.join("\n") + "\n");
    writeFileSync(path.join(dir, "model-answers.jsonl"), answers.join("\n") + "\n");
    tropos("project", "create", MMTE, "--name", `MMTE suggestions ${MMTE}`, "--scheme", "mmte", "--target-lang", "zh", "--manager", USERS.manager);
    tropos("import", path.join(dir, "steam.jsonl"), "--project", MMTE);
    tropos("import", path.join(dir, "model-answers.jsonl"), "--project", MMTE, "--as-suggestions", "--model", MODEL);
    tropos("assign", "--project", MMTE, "--per-item", "1", "--annotators", USERS.annotator2);
    [{ id: item1 }] = await sql<{ id: string }>(`SELECT s.id FROM "Segment" s JOIN "Project" p ON p.id = s."projectId" WHERE p.slug = $1`, [MMTE]);
  });

  type TMmteItem = TApiItem & { mrws: { id: string; token: string }[] };
  const mmteItem = async (page: Page) => (await apiItem(page, item1, MMTE)) as TMmteItem;
  /** A field of the item at a translation (and an MRW): its slot is keyed "<field index>@<translation>:<mrw>". */
  const slotAt = (page: Page, fieldId: string, translationId: string, mrwId: string | null = null) =>
    page.locator(`[data-field="${fieldId}"][data-slot$="@${translationId}:${mrwId ?? "-"}"]`);
  const activeAt = async (page: Page) => {
    const el = page.locator('[data-active="true"]');
    return `${await el.getAttribute("data-field")}@${(await el.getAttribute("data-slot"))!.split("@")[1]}`;
  };
  const at = (fieldId: string, translationId: string, mrwId: string | null = null) => `${fieldId}@${translationId}:${mrwId ?? "-"}`;
  const saved = (page: Page) => expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
  const suggestionIds = async () => (await sql<{ id: string }>(`SELECT g.id FROM "Suggestion" g JOIN "Project" p ON p.id = g."projectId" WHERE p.slug = $1`, [MMTE])).map((r) => r.id);
  const translationOf = (x: { itemKey: string }) => x.itemKey.split(":")[0];
  const mrwOf = (x: { itemKey: string }) => (x.itemKey.split(":")[1] === "-" ? null : x.itemKey.split(":")[1]);

  test("MMTE: suggestions stay hidden until the manager shows them; the annotator accepts, edits and rejects them by keyboard", async ({ page, browser }) => {
    // hidden: neither the page nor the item API carries any, and a decision on one is "not found"
    await signIn(page, USERS.annotator2);
    await page.goto(`/projects/${MMTE}/items/${item1}`);
    await expect(page.getByTestId("workspace")).toBeVisible();
    await expect(page.getByTestId("scheme-name")).toContainText("MMTE");
    await expect(page.getByTestId("model-suggestion")).toHaveCount(0);
    const hidden = await mmteItem(page);
    expect(hidden).not.toHaveProperty("suggestions");
    expect(JSON.stringify(hidden)).not.toContain(MODEL);
    const all = await suggestionIds();
    expect(all).toHaveLength(9);
    const refused = await page.request.post(`/api/projects/${MMTE}/suggestions/decisions`, { data: { suggestionId: all[0], decision: "rejected" } });
    expect(refused.status()).toBe(404);

    // the manager switches them on in Settings, beside the MMTE parts (the preset as shipped keeps its parts form)
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await signIn(manager, USERS.manager);
    await manager.goto(`/projects/${MMTE}/settings`);
    await expect(manager.getByLabel(/MMTE sentence quality/)).toBeChecked();
    const toggle = manager.getByLabel(/Show model suggestions to annotators/);
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await manager.getByRole("button", { name: "Save scheme" }).click();
    await expect(manager.getByTestId("scheme-message")).toHaveText("Scheme configuration saved.");
    await manager.reload();
    await expect(manager.getByLabel(/Show model suggestions to annotators/)).toBeChecked();
    await expect(manager.getByLabel(/MMTE metaphor equivalence/)).toBeChecked();
    await managerContext.close();

    // the annotator's item now shows the model's values, marked as the model's and not saved
    await page.reload();
    await expect(page.getByTestId("workspace")).toBeVisible();
    const item = await mmteItem(page);
    expect(item.suggestions).toHaveLength(9);
    const tA = item.translations.find((t) => t.label === "Translation A")!.id;
    const tB = item.translations.find((t) => t.label === "Translation B")!.id;
    const sysA = Object.keys(TEXTS).find((s) => item.suggestions!.some((x) => translationOf(x) === tA && x.field === "FLUENCY" && x.value === ANSWERS[s].FLUENCY))!;
    const a = ANSWERS[sysA];
    const [m1, m2] = ["run out of steam", "years"].map((token) => item.mrws.find((m) => m.token === token)!.id);
    const boxes = page.getByTestId("model-suggestion");
    await expect(boxes).toHaveCount(9);
    const fluencyA = slotAt(page, "FLUENCY", tA);
    await expect(fluencyA.getByTestId("model-suggestion")).toContainText(`Model suggestion (${MODEL}): ${a.FLUENCY} (`);
    await expect(fluencyA.getByRole("radio", { checked: true })).toHaveCount(0);
    // the suggested button is outlined as the model's
    await expect(fluencyA.locator('[data-suggested="true"]')).toHaveAttribute("aria-label", new RegExp(`^${a.FLUENCY}: `));
    await expect(slotAt(page, "EQUIVALENCE", tA, m1).getByTestId("model-suggestion")).toContainText(`Model suggestion (${MODEL}): ${EQUIVALENCE_LABEL[a.EQUIVALENCE]}`);
    await expect(slotAt(page, "EQUIVALENCE", tA, m1).locator('[data-suggested="true"]')).toContainText(EQUIVALENCE_LABEL[a.EQUIVALENCE]);
    if (sysA === "sys-one") await expect(slotAt(page, "EQUIVALENCE", tA, m2).getByTestId("model-suggestion")).toContainText(`Model suggestion (${MODEL}): Literal`);
    await screenshot(page, "suggestions-mmte-pending");

    // the keyboard starts on the sentence's post-edit; j twice reaches translation A's fluency
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect.poll(() => activeAt(page)).toBe(at("FLUENCY", tA));
    // the cheat sheet lists the suggestion keys
    await expectSuggestionKeysOnSheet(page);

    // accept: Shift+Enter saves the model's Likert value and moves on
    await expect.poll(() => activeAt(page)).toBe(at("FLUENCY", tA));
    await page.keyboard.press("Shift+Enter");
    await expect(fluencyA.getByRole("radio", { checked: true })).toHaveAttribute("aria-label", new RegExp(`^${a.FLUENCY}: `));
    await expect(fluencyA.getByTestId("model-suggestion")).toHaveCount(0);
    await expect.poll(() => activeAt(page)).toBe(at("INTELLIGIBILITY", tA));
    // no suggestion here: Shift+Enter says so and changes nothing
    await page.keyboard.press("Shift+Enter");
    await expect(page.getByTestId("workspace-message")).toHaveText("There is no model suggestion on this field.");
    await expect(slotAt(page, "INTELLIGIBILITY", tA).getByRole("radio", { checked: true })).toHaveCount(0);

    // edit: on the metaphorical MRW's equivalence (after fidelity and overall), 1 (FULL) instead of the model's label
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    await expect.poll(() => activeAt(page)).toBe(at("EQUIVALENCE", tA, m1));
    await page.keyboard.press("1");
    await expect(slotAt(page, "EQUIVALENCE", tA, m1).getByRole("radio", { checked: true })).toContainText("Full-Equivalence");
    await expect(slotAt(page, "EQUIVALENCE", tA, m1).getByTestId("model-suggestion")).toHaveCount(0);

    // reject: Shift+Backspace on the emotion hides the suggestion and saves nothing
    await expect.poll(() => activeAt(page)).toBe(at("EMOTION", tA, m1));
    await page.keyboard.press("Shift+Backspace");
    await expect(slotAt(page, "EMOTION", tA, m1).getByTestId("model-suggestion")).toHaveCount(0);
    await expect(slotAt(page, "EMOTION", tA, m1).getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(slotAt(page, "EMOTION", tA, m1).locator('[data-suggested="true"]')).toHaveCount(0);
    await expect.poll(() => activeAt(page)).toBe(at("EMOTION", tA, m1));
    // digits still choose as before
    await page.keyboard.press("3");
    await expect(slotAt(page, "EMOTION", tA, m1).getByRole("radio", { checked: true })).toContainText("Same");
    await expect(boxes).toHaveCount(6);
    await saved(page);
    await screenshot(page, "suggestions-mmte-decided");

    // the decisions are recorded once the values they name are saved (the chosen emotion is the annotator's own: still a rejection)
    const byId = new Map(item.suggestions!.map((x) => [x.id, x]));
    const decisions = () =>
      sql<{ suggestionId: string; decision: string; value: unknown }>(
        `SELECT d."suggestionId", d.decision, d.value FROM "SuggestionDecision" d JOIN "User" u ON u.id = d."annotatorId" WHERE u.email = $1 AND d."suggestionId" = ANY($2)`,
        [USERS.annotator2, all],
      );
    await expect.poll(async () => (await decisions()).length, { timeout: 15_000 }).toBe(3);
    const recorded = Object.fromEntries((await decisions()).map((d) => [byId.get(d.suggestionId)!.field, [translationOf(byId.get(d.suggestionId)!), mrwOf(byId.get(d.suggestionId)!), d.decision, d.value]]));
    expect(recorded).toEqual({ FLUENCY: [tA, null, "accepted", a.FLUENCY], EQUIVALENCE: [tA, m1, "edited", "FULL"], EMOTION: [tA, m1, "rejected", null] });

    // after a reload: the saved values are the annotator's, the decided suggestions are not shown again
    await page.reload();
    await expect(page.getByTestId("workspace")).toBeVisible();
    await expect(boxes).toHaveCount(6);
    const after = await mmteItem(page);
    const values = Object.fromEntries(after.annotations.map((x) => [`${x.field}@${x.itemKey}`, x.value]));
    expect(values).toEqual({ [`FLUENCY@${tA}:-`]: a.FLUENCY, [`EQUIVALENCE@${tA}:${m1}`]: "FULL", [`EMOTION@${tA}:${m1}`]: "SAME" });
    expect(after.suggestions!.filter((x) => x.decision).map((x) => `${x.field}=${x.decision!.decision}`).sort()).toEqual(["EMOTION=rejected", "EQUIVALENCE=edited", "FLUENCY=accepted"]);
    // translation B's are all still pending
    expect(after.suggestions!.filter((x) => translationOf(x) === tB).every((x) => x.decision === null)).toBe(true);
  });

  test("MMTE: the box's Accept and Reject buttons (mouse)", async ({ page }) => {
    await signIn(page, USERS.annotator2);
    await page.goto(`/projects/${MMTE}/items/${item1}`);
    await expect(page.getByTestId("workspace")).toBeVisible();
    // hydrated: the workspace has focused its active field (a click before that does nothing)
    await expect(page.locator('[data-active="true"]')).toBeFocused();
    const item = await mmteItem(page);
    const tA = item.translations.find((t) => t.label === "Translation A")!.id;
    const [m1, m2] = ["run out of steam", "years"].map((token) => item.mrws.find((m) => m.token === token)!.id);
    const x = item.suggestions!.find((s) => s.itemKey === `${tA}:${m1}` && s.field === "AUTHENTICITY")!;
    const authenticity = slotAt(page, "AUTHENTICITY", tA, m1);
    await authenticity.getByTestId("model-suggestion").getByRole("button", { name: /^Accept/ }).click();
    await expect(authenticity.getByRole("radio", { checked: true })).toHaveAttribute("aria-label", new RegExp(`^${String(x.value)}: `));
    await expect(authenticity.getByTestId("model-suggestion")).toHaveCount(0);
    // and moves on, as Shift+Enter does: the literal MRW's equivalence follows
    await expect.poll(() => activeAt(page)).toBe(at("EQUIVALENCE", tA, m2));
    await saved(page);
    await expect
      .poll(async () => (await sql<{ decision: string; value: unknown }>(`SELECT decision, value FROM "SuggestionDecision" WHERE "suggestionId" = $1`, [x.id])).map((d) => [d.decision, d.value]), { timeout: 15_000 })
      .toEqual([["accepted", x.value]]);
    // Reject: Translation B's fluency suggestion is hidden, nothing saved, the decision recorded
    const tB = item.translations.find((t) => t.label === "Translation B")!.id;
    const y = item.suggestions!.find((s) => s.itemKey === `${tB}:-` && s.field === "FLUENCY")!;
    const fluencyB = slotAt(page, "FLUENCY", tB);
    await fluencyB.getByTestId("model-suggestion").getByRole("button", { name: /^Reject/ }).click();
    await expect(fluencyB.getByTestId("model-suggestion")).toHaveCount(0);
    await expect(fluencyB.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect.poll(() => activeAt(page)).toBe(at("FLUENCY", tB));
    await expect
      .poll(async () => (await sql<{ decision: string }>(`SELECT decision FROM "SuggestionDecision" WHERE "suggestionId" = $1`, [y.id])).map((d) => d.decision), { timeout: 15_000 })
      .toEqual(["rejected"]);
    expect((await mmteItem(page)).annotations.find((v) => v.field === "FLUENCY" && v.itemKey === `${tB}:-`)).toBeUndefined();
  });
});
