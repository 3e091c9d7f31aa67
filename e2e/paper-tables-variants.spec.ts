// Issue 28 ("One platform, not two"): a project on MMTE whose guideline text a manager edits in the
// browser, and a MetaHOPE project whose scheme gets one extra error category, keep their paper
// tables. Each project is made here through the CLI and filled by a fixture script (the demo is
// not touched); the tables are read on the one dashboard before the edit (the preset as shipped)
// and after it (a variant, scheme version 2), and compared cell for cell (the figures' tables of
// numbers included). That the preset's tables are the built-in runtime's, to the last bit, is
// tests/integration/scheme-paper-tables.test.ts's (the same values in a project of the earlier
// release); here the MetaHOPE variant's table 3 also shows the published figures of the pilot.
// Screenshots of both dashboards, before and after, go to test-results/paper-tables-variants/.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";

const stamp = Date.now().toString(36);
const mmteSlug = `e2e-mmte-variant-${stamp}`;
const metahopeSlug = `e2e-metahope-variant-${stamp}`;
const SHOTS = "test-results/paper-tables-variants";
// MetaHOPE table 3 (SEGS) as published: α, κ, r, exact % (as e2e/dashboard.spec.ts reads them)
const PUBLISHED_TABLE3: [string, string[]][] = [
  ["GoogleMT", ["0.235", "0.305", "0.536", "76.9"]],
  ["GPT-5.4", ["0.304", "0.348", "0.726", "70.8"]],
  ["Hunyuan-LLM-7B", ["0.105", "0.191", "0.333", "61.5"]],
];
let pilotA = "";

function run(args: string[]): string {
  const r = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), ...args], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout;
}

test.beforeAll(() => {
  run(["cli/tropos.ts", "project", "create", mmteSlug, "--name", "MMTE variant E2E", "--scheme", "mmte", "--source-lang", "en", "--target-lang", "zh", "--manager", USERS.manager]);
  run(["scripts/e2e-paper-variants-fixture.ts", "mmte", mmteSlug]);
  run(["cli/tropos.ts", "project", "create", metahopeSlug, "--name", "MetaHOPE variant E2E", "--scheme", "metahope", "--source-lang", "en", "--target-lang", "zh", "--manager", USERS.manager]);
  // the pilot as the workbooks give it, post-edits included
  const out = run(["scripts/e2e-paper-variants-fixture.ts", "metahope", metahopeSlug]);
  pilotA = (JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { annotators: { A: string } }).annotators.A;
});

/** Every table inside a dashboard element (a DataTable, or a figure's table of numbers) as rows of cell texts, header first. */
async function tablesOf(el: Locator): Promise<string[][][]> {
  await expect(el).toBeVisible();
  return el.evaluate((root) =>
    [...root.querySelectorAll("table")].map((t) => [...t.querySelectorAll("tr")].map((tr) => [...tr.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").trim()))),
  );
}

/** A table's rows as objects keyed by its header (a header cell's text, sort marks aside). */
function keyed(table: string[][]): Record<string, string>[] {
  const [header, ...rows] = table;
  const names = header.map((h) => h.replace(/[↑↓↕▲▼]/g, "").trim());
  return rows.map((r) => Object.fromEntries(r.map((c, i) => [names[i], c])));
}

async function openDashboard(page: Page, slug: string) {
  await page.goto(`/projects/${slug}/dashboard`);
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
}

/** Settings → Scheme: edits the stored scheme's text with `edit`, saves it, and returns the save's answer. */
async function editScheme(page: Page, slug: string, edit: (text: string) => string, note: string): Promise<Locator> {
  await page.goto(`/projects/${slug}/settings/scheme`);
  const text = page.getByTestId("scheme-text");
  const before = await text.inputValue();
  const after = edit(before);
  expect(after).not.toBe(before);
  await text.fill(after);
  // on failure, what the editor found wrong (seen once in a full CI run, not reproduced alone)
  await expect(page.getByTestId("scheme-status"))
    .toContainText("saves as version 2 of this project")
    .catch(async (e: Error) => {
      const errors = await page.getByTestId("scheme-errors").textContent({ timeout: 1000 }).catch(() => null);
      throw new Error(`${e.message}\nthe editor's errors: ${errors}`);
    });
  await page.getByLabel("Change note").fill(note);
  await page.getByTestId("scheme-save").click();
  const answer = page.getByTestId("scheme-save-answer");
  await expect(answer).toContainText("Saved as version 2 of this project's scheme.", { timeout: 30_000 });
  return answer;
}

test("an MMTE project whose guideline text is edited in the browser keeps table 3 and figures 3–5, figure for figure", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.manager);
  const parts = ["mmte-quality", "chart-equivalence", "correlation-matrix", "emotion-equivalence"];

  // before: the preset as shipped
  await openDashboard(page, mmteSlug);
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const before: Record<string, string[][][]> = {};
  for (const id of parts) before[id] = await tablesOf(page.getByTestId(id));
  // table 3 has a row per system and group, with figures in it
  expect(keyed(before["mmte-quality"][0]).length).toBeGreaterThan(0);
  expect(before["emotion-equivalence"][0].length).toBeGreaterThan(1);
  await page.screenshot({ path: `${SHOTS}/mmte-before.png`, fullPage: true });

  // one word of the guidelines: the stored scheme is now a variant of the preset
  await page.goto(`/projects/${mmteSlug}/settings/scheme`);
  await expect(page.getByTestId("scheme-current")).toContainText('Version 1 of "MMTE');
  const answer = await editScheme(page, mmteSlug, (t) => t.replace("Please compare", "Please contrast"), "our wording");
  await expect(answer).toContainText("Task guidelines changed");
  await page.reload();
  await expect(page.getByTestId("scheme-current")).toContainText('Version 2 of "MMTE');
  await page.screenshot({ path: `${SHOTS}/mmte-scheme-saved.png`, fullPage: true });

  // after: the variant's dashboard (it names the scheme and its version) with the paper tables below
  await openDashboard(page, mmteSlug);
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(page.getByTestId("dashboard").getByRole("heading", { level: 2 })).toContainText("scheme version 2");
  const paper = page.getByTestId("scheme-paper-tables");
  await expect(paper).toBeVisible();
  await expect(page.getByTestId("paper-analysis-notes")).toHaveCount(0);
  for (const id of parts) expect(await tablesOf(paper.getByTestId(id)), id).toEqual(before[id]);
  await page.screenshot({ path: `${SHOTS}/mmte-after.png`, fullPage: true });
});

test("a MetaHOPE project with one extra error category keeps tables 3–6 and shows the category's column", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.manager);

  await openDashboard(page, metahopeSlug);
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const agreementBefore = keyed((await tablesOf(page.getByTestId("metahope-agreement")))[0]);
  const epsBefore = keyed((await tablesOf(page.getByTestId("metahope-eps")))[0]);
  const epmBefore = keyed((await tablesOf(page.getByTestId("metahope-epm")))[0]);
  expect(agreementBefore.length).toBeGreaterThan(0);
  expect(epsBefore.length).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/metahope-before.png`, fullPage: true });

  // one more label of METAHOPE_ERRORS, added in the editor
  const answer = await editScheme(
    page,
    metahopeSlug,
    (t) => {
      const s = JSON.parse(t) as { fields: { id: string; labels?: Record<string, unknown>[] }[] };
      s.fields.find((f) => f.id === "METAHOPE_ERRORS")!.labels!.push({ value: "CUL", label: "Cultural reference lost", key: "c" });
      return JSON.stringify(s, null, 2);
    },
    "a cultural category",
  );
  await expect(answer).toContainText("METAHOPE_ERRORS");

  await openDashboard(page, metahopeSlug);
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const paper = page.getByTestId("scheme-paper-tables");
  await expect(paper).toBeVisible();
  await expect(page.getByTestId("paper-analysis-notes")).toContainText("CUL");

  // tables 5–6: a CUL column beside the five categories, and every other cell as before
  for (const [id, rowsBefore] of [["metahope-eps", epsBefore], ["metahope-epm", epmBefore]] as const) {
    const rows = keyed((await tablesOf(paper.getByTestId(id)))[0]);
    expect(Object.keys(rows[0]), id).toContain("CUL");
    // with a category beyond the paper's, SEGS says it sums the paper's five (IMP–PRF) only
    expect(Object.keys(rows[0]), id).toContain("SEGS (IMP–PRF)");
    const paperColumns = rows.map(({ CUL: _cul, "SEGS (IMP–PRF)": segs, ...rest }) => ({ ...rest, SEGS: segs }));
    expect(paperColumns, id).toEqual(rowsBefore);
  }
  // tables 3–4: the paper's rows under the columns both dashboards show, figure for figure
  const agreementAfter = keyed((await tablesOf(paper.getByTestId("metahope-agreement")))[0]);
  const shared = Object.keys(agreementAfter[0]).filter((k) => k in agreementBefore[0]);
  expect(shared.length).toBeGreaterThanOrEqual(4);
  // the point estimate (or why there is none); the interval (bootstrapped on its own for a
  // project this small) and n follow it
  const pick = (r: Record<string, string>) => Object.fromEntries(shared.map((k) => [k, r[k].split(/\[|n = /)[0]]));
  expect(agreementAfter.filter((r) => r.Field !== "CUL").map(pick)).toEqual(agreementBefore.map(pick));
  await page.screenshot({ path: `${SHOTS}/metahope-after.png`, fullPage: true });

  // and the variant's table 3 is the paper's, under the published convention
  const q = new URLSearchParams({ convention: "metahope-published", annotator: pilotA, eps: "sentence-level", sentences: "20", ci: "0" });
  await page.goto(`/projects/${metahopeSlug}/dashboard?${q}`);
  await expect(page.getByTestId("convention-note")).toContainText("MetaHOPE as published");
  const published = page.getByTestId("metahope-agreement");
  for (const [system, cells] of PUBLISHED_TABLE3) {
    const texts = await published.getByRole("row").filter({ hasText: system }).filter({ has: page.getByRole("cell", { name: "SEGS", exact: true }) }).getByRole("cell").allInnerTexts();
    expect(texts.slice(0, 6).map((t) => t.split("\n")[0].trim()), system).toEqual([system, "SEGS", ...cells]);
  }
});
