// Issue 14, "done when": a project created from the example scheme runs end to end in the
// browser. The manager imports the corpus and two annotators' earlier values (Tropos JSONL) on the
// import page, a third annotator annotates an item by keyboard and submits it, the adjudicator
// decides a disagreement, and the dashboard and the exports read every field from the scheme.
// Fixture: tests/fixtures/idiom-judgement (its README says where the two annotators disagree).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";

test.describe.configure({ mode: "serial" });

const slug = `e2e-idiom-flow-${Date.now().toString(36)}`;
const FIXTURE = "tests/fixtures/idiom-judgement";

function tropos(...args: string[]): string {
  return execFileSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "cli/tropos.ts", ...args], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "" },
    encoding: "utf8",
  });
}

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
  // the imported values made idiom-a and idiom-b DONE assignments of every item: a third annotator each
  tropos("assign", "--project", slug, "--per-item", "3", "--annotators", [USERS.annotator, "idiom-a@annotators.test", "idiom-b@annotators.test"].join(","));
  await signIn(page, USERS.annotator);
  await page.goto(`/projects/${slug}/queue`);
  await page.getByTestId("queue-row").first().getByRole("link").click();
  await expect(page.getByTestId("scheme-workspace")).toBeVisible();
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
  await expect(page.getByTestId("scheme-adjudication-item")).toBeVisible();
  const meaning = page.getByTestId("scheme-field-meaning");
  await expect(meaning).toBeVisible();
  const decision = meaning.getByTestId("scheme-decision-meaning").filter({ hasText: "lost" }).first();
  await decision.getByRole("button", { name: /Use .*lost/ }).first().click();
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
