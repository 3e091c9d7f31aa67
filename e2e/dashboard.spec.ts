// The dashboard reproduces MetaHOPE's tables 3, 4 and 6 after the released pilot workbooks of
// annotators A and B (and A's sentence-level pass) are imported (scripts/e2e-metahope-fixture.ts).
// Skipped with a message when /work/shared/data is absent.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";

const SLUG = "metahope-pilot";
const DATA = path.resolve("data/metahope"); // shipped: data/metahope/README.md
const have = existsSync(path.join(DATA, "VUAMC_pilot20__translation_aligned_annotator-A.xlsx"));
// A and B are the project's placeholder raters, whose addresses name the project (issue 27,
// point 7): the fixture script prints them
let A = "";
let B = "";

// MetaHOPE table 3 (SEGS): α, κ, r, exact %, A total, B total
const TABLE3: [string, string[]][] = [
  ["GoogleMT", ["0.235", "0.305", "0.536", "76.9", "22", "124"]],
  ["GPT-5.4", ["0.304", "0.348", "0.726", "70.8", "30", "150"]],
  ["Hunyuan-LLM-7B", ["0.105", "0.191", "0.333", "61.5", "42", "226"]],
];
// table 4, a sample of cells incl. undefined r ("NA" in the paper)
const TABLE4: [string, string, string[]][] = [
  ["GoogleMT", "MIS", ["0.484", "0.481", "0.497", "92.3"]],
  ["GPT-5.4", "RAM", ["-0.031", "-0.023", "-0.031", "92.3"]],
  ["Hunyuan-LLM-7B", "PRF", ["-0.091", "-0.010", "-0.057", "76.9"]],
  ["GoogleMT", "STL", ["-0.025", "0.000", "no value", "90.8"]], // the cell says why under "no value"
];

test.describe("MetaHOPE reproduction on the dashboard", () => {
  test.skip(!have, `the MetaHOPE workbooks are not in ${DATA}`);

  test.beforeAll(() => {
    const out = execFileSync("node_modules/.bin/tsx", ["scripts/e2e-metahope-fixture.ts", SLUG], { env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "" }, encoding: "utf8" });
    ({ A, B } = (JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { annotators: { A: string; B: string } }).annotators);
  });

  test("tables 3, 4 and 6 show the published figures", async ({ page }) => {
    await signIn(page, USERS.manager);
    const q = new URLSearchParams({ convention: "metahope-published", annotator: A, eps: "sentence-level", sentences: "20", ci: "0" });
    await page.goto(`/projects/${SLUG}/dashboard?${q}`);
    await expect(page.getByTestId("convention-note")).toContainText("MetaHOPE as published");
    // which annotations the figures rest on is said beside them (issue 13, point 1)
    await expect(page.getByTestId("includes-metahope")).toHaveText("Includes: every annotator's saved values (imported, submitted or still in progress) on the translations that annotator reviewed; every split, every system; adjudicated values not used.");
    const table = page.getByTestId("metahope-agreement");
    for (const [system, cells] of TABLE3) {
      const row = table.getByRole("row").filter({ hasText: system }).filter({ hasText: "SEGS" });
      // each figure cell shows the value and, under it, the sample it rests on (issue 13, point 3)
      await expect(row.getByRole("cell")).toHaveText([system, "SEGS", ...cells.map((c, i) => (i < 4 ? `${c}n = 65 · 2 raters` : c))]);
    }
    for (const [system, field, cells] of TABLE4) {
      const row = table.getByRole("row").filter({ hasText: system }).filter({ has: page.getByRole("cell", { name: field, exact: true }) });
      const texts = await row.getByRole("cell").allInnerTexts();
      expect(texts.slice(0, 6).map((t) => t.split("\n")[0].trim()), `${system} ${field}`).toEqual([system, field, ...cells]);
    }
    // raters imported from the workbooks are named as the files name them, not by their generated addresses
    await expect(table.locator("thead")).toContainText("Total a (imported)");
    await expect(page.getByText("Raw values of annotator a (imported) only (adjudications not used).")).toBeVisible();
    // table 6 for annotator A: per sentence over 20, per metaphor over 65, Ratio M/S
    const epm = page.getByTestId("metahope-epm");
    await expect(epm.getByRole("row").filter({ hasText: "GoogleMT" }).getByRole("cell")).toHaveText(["GoogleMT", "0", "0", "16", "0", "6", "22", "1.100", "65", "0.338", "0.917"]);
    await expect(epm.getByRole("row").filter({ hasText: "GPT-5.4" }).getByRole("cell")).toHaveText(["GPT-5.4", "2", "4", "16", "0", "8", "30", "1.500", "65", "0.462", "0.938"]);
    await expect(epm.getByRole("row").filter({ hasText: "Hunyuan" }).getByRole("cell")).toHaveText(["Hunyuan-LLM-7B", "4", "0", "36", "0", "2", "42", "2.100", "65", "0.646", "0.618"]);
    await screenshot(page, "dashboard-metahope");

    // the export gives the same figures, every level and weighting
    const figs = await (await page.request.get(`/api/projects/${SLUG}/reports/agreement?format=json`)).json();
    const pick = (system: string, field: string, statistic: string, extra: Record<string, string> = {}) =>
      figs.find((f: Record<string, unknown>) => f.scheme === "metahope" && f.system === system && f.field === field && f.statistic === statistic && Object.entries(extra).every(([k, v]) => f[k] === v));
    expect(pick("GoogleMT", "SEGS", "krippendorff_alpha", { level: "interval" }).value.toFixed(3)).toBe("0.235");
    expect(pick("GoogleMT", "SEGS", "krippendorff_alpha", { level: "ordinal" }).value.toFixed(3)).toBe("0.329");
    expect(pick("GoogleMT", "SEGS", "cohen_kappa", { weights: "quadratic", kappaCategories: "observed" }).value.toFixed(3)).toBe("0.305");
    expect(pick("GoogleMT", "SEGS", "total", { annotator: B }).value).toBe(124);
    const csv = await (await page.request.get(`/api/projects/${SLUG}/reports/agreement?format=csv`)).text();
    expect(csv.split("\r\n")[0]).toContain("scheme,system,field,statistic,level,weights");
    const full = await page.request.get(`/api/projects/${SLUG}/reports/full?annotator=${A}&eps=sentence-level&sentences=20`);
    expect(full.headers()["content-disposition"]).toContain("metahope-pilot-report.json");
    const report = await full.json();
    // the whole report holds the paper tables the scheme lists (MetaHOPE tables 5–6 among them)
    expect(report.paperTables.scores.metahope.rows[0].epm.ratioMS.value.toFixed(3)).toBe("0.917");
  });
});
