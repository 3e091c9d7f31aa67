// Issue 14, "done when": a project created from the example scheme runs end to end in the
// browser. The manager imports the corpus and two annotators' earlier values (Tropos JSONL) on the
// import page, a third annotator annotates an item by keyboard and submits it, the adjudicator
// decides a disagreement, and the dashboard and the exports read every field from the scheme.
// Fixture: tests/fixtures/idiom-judgement (its README says where the two annotators disagree).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

test.describe.configure({ mode: "serial" });

const slug = `e2e-idiom-flow-${Date.now().toString(36)}`;
const FIXTURE = "tests/fixtures/idiom-judgement";

test.beforeAll(() => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  tropos("project", "create", slug, "--name", "Idiom judgement, end to end", "--scheme", "lib/schemes/language/fixtures/idiom-judgement.json", "--target-lang", "fr", "--manager", USERS.manager);
});

async function importFile(page: Page, name: string, expected: RegExp) {
  await page.getByLabel("Files").setInputFiles({ name, mimeType: "application/x-ndjson", buffer: readFileSync(path.join(FIXTURE, name)) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-ready")).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("import-message")).toContainText(expected, { timeout: 60_000 });
}

test("the manager imports the corpus and two annotators' values on the import page", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/import`);
  await importFile(page, "corpus.jsonl", /Imported 1 file\(s\) \(3 segments\)/);
  // an annotation line the scheme refuses: named with file, line and field, nothing stored
  const bad = `${JSON.stringify({ type: "annotation", annotator: "idiom-a@annotators.test", segmentId: "s1", system: "sys-a", field: "meaning", value: "maybe" })}\n`;
  await page.getByLabel("Files").setInputFiles({ name: "bad.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(bad) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("import-errors")).toContainText('"maybe" is not one of kept, literal, lost');
  await expect(page.getByTestId("import-errors")).toContainText("bad.jsonl");
  await importFile(page, "annotations.jsonl", /Imported 1 file\(s\)/);
});

test("an annotator annotates an item by keyboard and submits it", async ({ page }) => {
  // idiom-a and idiom-b are the imported file's raters (placeholders of this project, not people to
  // send work to, and not counted toward K): annotator 1 gets every item
  tropos("assign", "--project", slug, "--per-item", "1", "--annotators", USERS.annotator);
  await signIn(page, USERS.annotator);
  await page.goto(`/projects/${slug}/queue`);
  await page.getByTestId("queue-row").first().getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  const active = () => page.locator('[data-active="true"]').getAttribute("data-field");
  await expect.poll(active).toBe("transparency");
  await page.keyboard.press("6");
  for (const letter of ["A", "B"]) {
    await expect.poll(active).toBe("meaning");
    await page.keyboard.press(letter === "A" ? "1" : "2"); // kept, literalised
    await expect.poll(active).toBe("cues");
    await page.keyboard.press("j");
    await expect.poll(active).toBe("fluency");
    await page.keyboard.press("Enter");
    await page.keyboard.type(letter === "A" ? "80" : "55");
    await page.keyboard.press("Escape");
    await page.keyboard.press("j");
    await expect.poll(active).toBe("note");
    await page.keyboard.press("j");
  }
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
  await screenshot(page, "scheme-e2e-workspace");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("item-progress")).toContainText("1 done");
});

test("the adjudicator decides a disagreement on the meaning", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto(`/projects/${slug}/adjudication`);
  await expect(page.getByTestId("adjudication-queue")).toBeVisible();
  // one row per disagreeing field of the item; any of them opens the item
  const row = page.getByTestId("queue-sentence").filter({ hasText: "cat out of the bag" }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId("adjudication-item")).toBeVisible();
  const meaning = page.getByTestId("scheme-field-meaning");
  await expect(meaning).toBeVisible();
  // the unit where someone said "lost" (sys-b); which annotator is "Annotator n" depends on the shuffle
  const useLost = page.getByRole("button", { name: /^Use .*: lost$/ });
  const decision = meaning.getByTestId("scheme-decision-meaning").filter({ has: useLost }).first();
  await decision.getByRole("button", { name: /^Use .*: lost$/ }).first().click();
  await decision.getByRole("button", { name: "Save decision" }).click();
  await expect(decision).toContainText("Saved (version 1)");
  await screenshot(page, "scheme-e2e-adjudication");
});

test("the dashboard shows agreement for every field and the exports have a column per field", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/dashboard`);
  const agreement = page.getByTestId("scheme-agreement");
  await expect(agreement).toBeVisible();
  for (const label of ["Transparency of the idiom", "Figurative meaning", "Fluency"]) await expect(agreement).toContainText(label);
  await expect(page.getByTestId("scheme-progress")).toContainText(USERS.annotator);
  await screenshot(page, "scheme-e2e-dashboard");

  const csv = await (await page.request.get(`/api/projects/${slug}/export?what=annotations&format=csv`)).text();
  const header = csv.split("\n")[0];
  for (const f of ["transparency", "meaning", "cues", "fluency", "note"]) expect(header.split(",")).toContain(f);
  const agreementRows = (await (await page.request.get(`/api/projects/${slug}/export?what=agreement&format=json`)).json()) as { scheme: string; field: string }[];
  expect(new Set(agreementRows.map((r) => r.scheme))).toEqual(new Set(["idiom-judgement"]));
  expect(new Set(agreementRows.map((r) => r.field))).toEqual(new Set(["transparency", "meaning", "cues", "fluency"]));
  const decided = await (await page.request.get(`/api/projects/${slug}/export?what=adjudicated&format=json`)).json();
  expect(JSON.stringify(decided)).toContain('"lost"');
});

// The same downstream for a scheme made of every field kind at once (its workspace by keyboard is
// e2e/scheme-workspace.spec.ts): two annotators' values imported with the CLI, then adjudication,
// dashboard and exports in the browser.
test.describe("a scheme of every field kind", () => {
  const every = `e2e-every-flow-${Date.now().toString(36)}`;
  const A = "every-a@annotators.test";
  const B = "every-b@annotators.test";
  const jl = (...recs: object[]) => recs.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const both = (rec: Record<string, unknown>, a: unknown, b: unknown) => [
    { type: "annotation", annotator: A, ...rec, value: a },
    { type: "annotation", annotator: B, ...rec, value: b },
  ];

  test.beforeAll(() => {
    const dir = path.join(process.cwd(), "test-results");
    const corpus = path.join(dir, `${every}-corpus.jsonl`);
    const values = path.join(dir, `${every}-values.jsonl`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      corpus,
      jl(
        { type: "document", externalId: "d1", language: "en", title: "Every kind" },
        { type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "Time is a thief.", language: "en", metaphorical: true, texts: { premise: "Time passes." } },
        { type: "segment", documentId: "d1", externalId: "s2", index: 1, text: "He broke the ice.", language: "en", metaphorical: true, texts: { premise: "He spoke first." } },
        { type: "mrw", segmentId: "s1", externalId: "m1", spans: [{ start: 10, end: 15 }], token: "thief", pos: "NOUN", active: true, metaphorical: true },
        { type: "translation", segmentId: "s1", system: "sys-a", language: "fr", text: "Le temps est un voleur." },
        { type: "translation", segmentId: "s2", system: "sys-a", language: "fr", text: "Il a brisé la glace." },
      ),
    );
    writeFileSync(
      values,
      jl(
        ...both({ segmentId: "s1", field: "register" }, "fiction", "news"),
        ...both({ segmentId: "s1", field: "transparency" }, 3, 5),
        ...both({ segmentId: "s2", field: "transparency" }, 6, 6),
        ...both({ segmentId: "s1", field: "metaphor-tags" }, ["O", "O", "O", "B-METAPHOR"], ["B-METAPHOR", "O", "O", "B-METAPHOR"]),
        ...both({ segmentId: "s1", role: "premise", field: "premise-ok" }, true, true),
        ...both({ segmentId: "s1", mrwId: "m1", field: "conventional" }, false, true),
        ...both({ segmentId: "s1", system: "sys-a", field: "meaning" }, "kept", "lost"),
        ...both({ segmentId: "s2", system: "sys-a", field: "meaning" }, "literal", "literal"),
        ...both({ segmentId: "s1", system: "sys-a", field: "cues" }, ["joy", "sorrow"], ["joy"]),
        { type: "annotation", annotator: B, segmentId: "s1", system: "sys-a", field: "why-lost", value: "The thief is gone." },
        ...both({ segmentId: "s1", system: "sys-a", field: "fluency" }, 80, 70),
        ...both({ segmentId: "s2", system: "sys-a", field: "fluency" }, 40, 55),
        ...both({ segmentId: "s1", system: "sys-a", field: "seconds" }, 30, 45),
        ...both({ segmentId: "s1", system: "sys-a", field: "post-edit" }, "Le temps est un voleur d'heures.", "Le temps vole nos heures."),
        ...both({ segmentId: "s1", system: "sys-a", field: "errors" }, [{ start: 0, end: 2, label: "MIS", attributes: { severity: 6 } }], []),
        ...both({ segmentId: "s1", system: "sys-a", mrwId: "m1", field: "alignment" }, { pattern: "DIRECT", spans: [{ start: 16, end: 22 }] }, { pattern: "OMISSION", spans: [] }),
        ...both({ segmentId: "s1", system: "sys-a", mrwId: "m1", field: "emotion" }, { joy: 0.2, anger: 0, fear: 0.7 }, { joy: 0.1, anger: 0.1, fear: 0.8 }),
      ),
    );
    tropos("project", "create", every, "--name", "Every kind, end to end", "--scheme", "lib/schemes/language/fixtures/every-kind.json", "--target-lang", "fr", "--manager", USERS.manager);
    tropos("import", corpus, values, "--project", every);
  });

  test("adjudication, dashboard and exports read every field from the scheme", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto(`/projects/${every}/adjudication`);
    await page.getByTestId("queue-sentence").filter({ hasText: "Time is a thief" }).first().click();
    const item = page.getByTestId("adjudication-item");
    await expect(item).toBeVisible();
    for (const id of ["register", "transparency", "metaphor-tags", "conventional", "meaning", "cues", "fluency", "seconds", "alignment", "emotion"]) {
      await expect(page.getByTestId(`scheme-field-${id}`), id).toBeVisible();
    }
    const meaning = page.getByTestId("scheme-decision-meaning").first();
    await meaning.getByRole("button", { name: /Use .*kept/ }).click();
    await meaning.getByRole("button", { name: "Save decision" }).click();
    await expect(meaning).toContainText("Saved (version 1)");
    await screenshot(page, "scheme-e2e-every-adjudication");

    await page.goto(`/projects/${every}/dashboard`);
    const agreement = page.getByTestId("scheme-agreement");
    await expect(agreement).toBeVisible();
    for (const label of ["Register of the document", "Transparency", "Metaphorical tokens", "Figurative meaning", "Emotion intensity · joy"]) await expect(agreement).toContainText(label);
    await screenshot(page, "scheme-e2e-every-dashboard");

    const header = (await (await page.request.get(`/api/projects/${every}/export?what=annotations&format=csv`)).text()).split("\n")[0].split(",");
    const ids = ["register", "transparency", "metaphor-tags", "premise-ok", "conventional", "meaning", "cues", "why-lost", "fluency", "seconds", "post-edit", "errors", "alignment", "emotion"];
    for (const id of ids) expect(header, id).toContain(id);
  });
});
