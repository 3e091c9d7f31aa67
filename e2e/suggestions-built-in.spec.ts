// Model suggestions in the built-in MMTE workspace (issue 15 point 4) in real Chromium: a project
// made with the CLI from the MMTE preset, one item with a metaphorical and a literal MRW in two
// systems, and a model's MMTE appendix D-style answers imported with `tropos import
// --as-suggestions`. While the project does not show suggestions none reaches the annotator (page,
// item API) and a decision is "not found"; the manager switches them on in Settings; the annotator
// then accepts one (Shift+Enter), edits one (a digit) and rejects one (Shift+Backspace) by
// keyboard. Saved values (item API after a reload) and recorded decisions (database) are checked.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { sql } from "./sql";
import { tropos } from "./tropos";

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const SLUG = `e2e-mmte-suggest-${stamp}`;
const MODEL = "qwen-mmte-e2e";
const J = (o: unknown) => JSON.stringify(o);
const SOURCE = "The economy has run out of steam after two hard years.";
const TARGETS: Record<string, string> = { "sys-one": "经济在艰难的两年后已经失去了动力。", "sys-two": "经过艰难的两年，经济已经用完了蒸汽。" };
/** the model's answers per system: quality and the metaphorical MRW's labels; the literal MRW's equivalence for sys-one */
const ANSWERS: Record<string, { FLUENCY: number; EQUIVALENCE: string; EMOTION: string; AUTHENTICITY: number }> = {
  "sys-one": { FLUENCY: 4, EQUIVALENCE: "PART", EMOTION: "LESS", AUTHENTICITY: 3 },
  "sys-two": { FLUENCY: 2, EQUIVALENCE: "NON", EMOTION: "SAME", AUTHENTICITY: 2 },
};
let SEGMENT = "";

test.beforeAll(async () => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const at = (word: string) => ({ start: SOURCE.indexOf(word), end: SOURCE.indexOf(word) + word.length });
  const corpus = [
    J({ type: "document", externalId: "steam", language: "en", title: "Steam" }),
    J({ type: "segment", documentId: "steam", externalId: "steam:1", index: 0, text: SOURCE, language: "en", metaphorical: true }),
    J({ type: "mrw", segmentId: "steam:1", externalId: "steam:1:m1", spans: [at("run out of steam")], token: "run out of steam", pos: "VERB", active: true, metaphorical: true }),
    J({ type: "mrw", segmentId: "steam:1", externalId: "steam:1:m2", spans: [at("years")], token: "years", pos: "NOUN", active: true, metaphorical: false }),
    ...Object.entries(TARGETS).map(([system, text]) => J({ type: "translation", segmentId: "steam:1", system, language: "zh", text })),
  ];
  const suggestions = Object.entries(ANSWERS).flatMap(([system, a]) => [
    J({ type: "suggestion", segmentId: "steam:1", system, field: "FLUENCY", value: a.FLUENCY }),
    J({ type: "suggestion", segmentId: "steam:1", system, mrwId: "steam:1:m1", field: "EQUIVALENCE", value: a.EQUIVALENCE }),
    J({ type: "suggestion", segmentId: "steam:1", system, mrwId: "steam:1:m1", field: "EMOTION", value: a.EMOTION }),
    J({ type: "suggestion", segmentId: "steam:1", system, mrwId: "steam:1:m1", field: "AUTHENTICITY", value: a.AUTHENTICITY }),
  ]);
  suggestions.push(J({ type: "suggestion", segmentId: "steam:1", system: "sys-one", mrwId: "steam:1:m2", field: "EQUIVALENCE", value: "LITERAL" }));
  const dir = mkdtempSync(path.join(tmpdir(), "tropos-mmte-suggest-"));
  writeFileSync(path.join(dir, "steam.jsonl"), corpus.join("\n") + "\n");
  writeFileSync(path.join(dir, "model-answers.jsonl"), suggestions.join("\n") + "\n");
  tropos("project", "create", SLUG, "--name", `MMTE suggestions ${SLUG}`, "--scheme", "mmte", "--target-lang", "zh", "--manager", USERS.manager);
  tropos("import", path.join(dir, "steam.jsonl"), "--project", SLUG);
  tropos("import", path.join(dir, "model-answers.jsonl"), "--project", SLUG, "--as-suggestions", "--model", MODEL);
  tropos("assign", "--project", SLUG, "--per-item", "1", "--scheme", "MMTE", "--annotators", USERS.annotator2);
  [{ id: SEGMENT }] = await sql<{ id: string }>(`SELECT s.id FROM "Segment" s JOIN "Project" p ON p.id = s."projectId" WHERE p.slug = $1`, [SLUG]);
});

type TApiItem = {
  translations: { id: string; label: string; systemName: string | null }[];
  mrws: { id: string; token: string }[];
  annotations: { field: string; translationId: string | null; mrwId: string | null; value: unknown }[];
  suggestions?: { id: string; field: string; translationId: string; mrwId: string | null; value: unknown; model: string; decision: { decision: string; value: unknown } | null }[];
};
const apiItem = async (page: Page) => (await (await page.request.get(`/api/projects/${SLUG}/items/${SEGMENT}?scheme=MMTE`)).json()) as TApiItem;
const focusedSlot = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-slot") ?? null);
const saved = (page: Page) => expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
const suggestionIds = async () => (await sql<{ id: string }>(`SELECT g.id FROM "Suggestion" g JOIN "Project" p ON p.id = g."projectId" WHERE p.slug = $1`, [SLUG])).map((r) => r.id);

test("MMTE: suggestions stay hidden until the manager shows them; the annotator accepts, edits and rejects them by keyboard", async ({ page, browser }) => {
  // hidden: neither the page nor the item API carries any, and a decision on one is "not found"
  await signIn(page, USERS.annotator2);
  await page.goto(`/projects/${SLUG}/items/${SEGMENT}?scheme=MMTE`);
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(page.getByTestId("model-suggestion")).toHaveCount(0);
  const hidden = await apiItem(page);
  expect(hidden).not.toHaveProperty("suggestions");
  expect(JSON.stringify(hidden)).not.toContain(MODEL);
  const all = await suggestionIds();
  expect(all).toHaveLength(9);
  const refused = await page.request.post(`/api/projects/${SLUG}/suggestions/decisions`, { data: { suggestionId: all[0], decision: "rejected" } });
  expect(refused.status()).toBe(404);

  // the manager switches them on in Settings, beside the MMTE parts
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, USERS.manager);
  await manager.goto(`/projects/${SLUG}/settings`);
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
  const item = await apiItem(page);
  expect(item.suggestions).toHaveLength(9);
  const tA = item.translations.find((t) => t.label === "Translation A")!;
  const sysA = Object.keys(TARGETS).find((s) => item.suggestions!.some((x) => x.translationId === tA.id && x.field === "FLUENCY" && x.value === ANSWERS[s].FLUENCY))!;
  const a = ANSWERS[sysA];
  const [m1, m2] = ["run out of steam", "years"].map((token) => item.mrws.find((m) => m.token === token)!.id);
  const slot = (field: string, mrwId: string | null = null) => page.locator(`[data-slot="${tA.id}:${mrwId ?? "-"}|${field}"]`);
  const boxes = page.getByTestId("model-suggestion");
  await expect(boxes).toHaveCount(9);
  await expect(slot("FLUENCY").getByTestId("model-suggestion")).toContainText(`Model suggestion (${MODEL}): ${a.FLUENCY} (`);
  await expect(slot("FLUENCY").getByRole("radio", { checked: true })).toHaveCount(0);
  // the suggested button is outlined as the model's
  await expect(slot("FLUENCY").locator('[data-suggested="true"]')).toHaveAttribute("aria-label", new RegExp(`^${a.FLUENCY}: `));
  await expect(slot("EQUIVALENCE", m1).getByTestId("model-suggestion")).toContainText(`${a.EQUIVALENCE} (`);
  if (sysA === "sys-one") await expect(slot("EQUIVALENCE", m2).getByTestId("model-suggestion")).toContainText("LITERAL (Literal)");
  await screenshot(page, "suggestions-built-in-pending");

  // the cheat sheet lists the suggestion keys
  await expect.poll(() => focusedSlot(page)).toBe(`${tA.id}:-|FLUENCY`);
  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toContainText("Model suggestion on this field: accept it");
  await expect(sheet).toContainText("Model suggestion on this field: reject it");
  await expect(sheet).toContainText("Shift+Enter");
  await expect(sheet).toContainText("Shift+Backspace");
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);

  // accept: Shift+Enter saves the model's Likert value and moves on
  await expect.poll(() => focusedSlot(page)).toBe(`${tA.id}:-|FLUENCY`);
  await page.keyboard.press("Shift+Enter");
  await expect(slot("FLUENCY").getByRole("radio", { checked: true })).toHaveAttribute("aria-label", new RegExp(`^${a.FLUENCY}: `));
  await expect(slot("FLUENCY").getByTestId("model-suggestion")).toHaveCount(0);
  await expect.poll(() => focusedSlot(page)).toBe(`${tA.id}:-|INTELLIGIBILITY`);
  // no suggestion here: Shift+Enter says so and changes nothing
  await page.keyboard.press("Shift+Enter");
  await expect(page.getByTestId("workspace-message")).toHaveText("There is no model suggestion on this field.");
  await expect(slot("INTELLIGIBILITY").getByRole("radio", { checked: true })).toHaveCount(0);

  // edit: on the metaphorical MRW's equivalence, 1 (FULL) instead of the model's label
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
  await expect.poll(() => focusedSlot(page)).toBe(`${tA.id}:${m1}|EQUIVALENCE`);
  await page.keyboard.press("1");
  await expect(slot("EQUIVALENCE", m1).getByRole("radio", { checked: true })).toHaveAttribute("aria-label", "1: FULL");
  await expect(slot("EQUIVALENCE", m1).getByTestId("model-suggestion")).toHaveCount(0);

  // reject: Shift+Backspace on the emotion hides the suggestion and saves nothing
  await expect.poll(() => focusedSlot(page)).toBe(`${tA.id}:${m1}|EMOTION`);
  await page.keyboard.press("Shift+Backspace");
  await expect(slot("EMOTION", m1).getByTestId("model-suggestion")).toHaveCount(0);
  await expect(slot("EMOTION", m1).getByRole("radio", { checked: true })).toHaveCount(0);
  await expect.poll(() => focusedSlot(page)).toBe(`${tA.id}:${m1}|EMOTION`);
  // digits still choose as before
  await page.keyboard.press("3");
  await expect(slot("EMOTION", m1).getByRole("radio", { checked: true })).toHaveAttribute("aria-label", "3: SAME");
  await expect(boxes).toHaveCount(6);
  await saved(page);
  await screenshot(page, "suggestions-built-in-decided");

  // the decisions are recorded once the values they name are saved (the chosen emotion is the annotator's own: still a rejection)
  const byId = new Map(item.suggestions!.map((x) => [x.id, x]));
  const decisions = () =>
    sql<{ suggestionId: string; decision: string; value: unknown }>(
      `SELECT d."suggestionId", d.decision, d.value FROM "SuggestionDecision" d JOIN "User" u ON u.id = d."annotatorId" WHERE u.email = $1 AND d."suggestionId" = ANY($2)`,
      [USERS.annotator2, all],
    );
  await expect.poll(async () => (await decisions()).length, { timeout: 15_000 }).toBe(3);
  const recorded = Object.fromEntries((await decisions()).map((d) => [byId.get(d.suggestionId)!.field, [byId.get(d.suggestionId)!.translationId, d.decision, d.value]]));
  expect(recorded).toEqual({ FLUENCY: [tA.id, "accepted", a.FLUENCY], EQUIVALENCE: [tA.id, "edited", "FULL"], EMOTION: [tA.id, "rejected", null] });

  // after a reload: the saved values are the annotator's, the decided suggestions are not shown again
  await page.reload();
  await expect(page.getByTestId("workspace")).toBeVisible();
  await expect(boxes).toHaveCount(6);
  const after = await apiItem(page);
  const values = Object.fromEntries(after.annotations.map((x) => [`${x.field}@${x.translationId}:${x.mrwId ?? "-"}`, x.value]));
  expect(values).toEqual({ [`FLUENCY@${tA.id}:-`]: a.FLUENCY, [`EQUIVALENCE@${tA.id}:${m1}`]: "FULL", [`EMOTION@${tA.id}:${m1}`]: "SAME" });
  expect(after.suggestions!.filter((x) => x.decision).map((x) => `${x.field}=${x.decision!.decision}`).sort()).toEqual(["EMOTION=rejected", "EQUIVALENCE=edited", "FLUENCY=accepted"]);
});

test("MMTE: the box's Accept and Reject buttons (mouse)", async ({ page }) => {
  await signIn(page, USERS.annotator2);
  await page.goto(`/projects/${SLUG}/items/${SEGMENT}?scheme=MMTE`);
  await expect(page.getByTestId("workspace")).toBeVisible();
  // hydrated: the workspace has focused its first missing field (a click before that does nothing)
  await expect.poll(() => focusedSlot(page)).not.toBeNull();
  const item = await apiItem(page);
  const tA = item.translations.find((t) => t.label === "Translation A")!;
  const m1 = item.mrws.find((m) => m.token === "run out of steam")!.id;
  const x = item.suggestions!.find((s) => s.translationId === tA.id && s.mrwId === m1 && s.field === "AUTHENTICITY")!;
  const field = page.locator(`[data-slot="${tA.id}:${m1}|AUTHENTICITY"]`);
  await field.getByTestId("model-suggestion").getByRole("button", { name: /^Accept/ }).click();
  await expect(field.getByRole("radio", { checked: true })).toHaveAttribute("aria-label", new RegExp(`^${String(x.value)}: `));
  await expect(field.getByTestId("model-suggestion")).toHaveCount(0);
  // and moves on, as Shift+Enter does: the literal MRW's equivalence follows
  await expect.poll(() => focusedSlot(page)).toMatch(new RegExp(`^${tA.id}:.*\\|EQUIVALENCE$`));
  await saved(page);
  await expect
    .poll(async () => (await sql<{ decision: string; value: unknown }>(`SELECT decision, value FROM "SuggestionDecision" WHERE "suggestionId" = $1`, [x.id])).map((d) => [d.decision, d.value]), { timeout: 15_000 })
    .toEqual([["accepted", x.value]]);
  // Reject: Translation B's fluency suggestion is hidden, nothing saved, the decision recorded
  const tB = item.translations.find((t) => t.label === "Translation B")!;
  const y = item.suggestions!.find((s) => s.translationId === tB.id && s.field === "FLUENCY")!;
  const fluencyB = page.locator(`[data-slot="${tB.id}:-|FLUENCY"]`);
  await fluencyB.getByTestId("model-suggestion").getByRole("button", { name: /^Reject/ }).click();
  await expect(fluencyB.getByTestId("model-suggestion")).toHaveCount(0);
  await expect(fluencyB.getByRole("radio", { checked: true })).toHaveCount(0);
  await expect.poll(() => focusedSlot(page)).toBe(`${tB.id}:-|FLUENCY`);
  await expect
    .poll(async () => (await sql<{ decision: string }>(`SELECT decision FROM "SuggestionDecision" WHERE "suggestionId" = $1`, [y.id])).map((d) => d.decision), { timeout: 15_000 })
    .toEqual(["rejected"]);
});
