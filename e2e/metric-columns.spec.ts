// Imported automatic metrics beside the human criteria (issue 19 point 2): the manager uploads a
// COMET/BERTScore file on the import page (detected, previewed with its count), and the dashboard's
// score tables show each metric per system and group and its correlation with each criterion.
// The spec seeds its own project (corpus, three systems, one annotator's OVERALL and FLUENCY) by CLI.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const slug = `e2e-metrics-${Date.now().toString(36)}`;
const J = (o: unknown) => JSON.stringify(o);
const SYSTEMS = ["mt-alpha", "mt-beta", "llm-gamma"];
const N = 8;

test.beforeAll(() => {
  tropos("project", "create", slug, "--name", "Metric columns E2E", "--scheme", "mmte", "--manager", USERS.manager);
  const lines = [J({ type: "document", externalId: "d", language: "en", title: "Storms" })];
  for (let i = 0; i < N; i++) {
    lines.push(J({ type: "segment", documentId: "d", externalId: `s${i}`, index: i, text: `Prices skyrocketed after storm ${i}.`, language: "en", metaphorical: i % 2 === 0 }));
    SYSTEMS.forEach((system, k) => {
      lines.push(J({ type: "translation", segmentId: `s${i}`, system, language: "zh", text: `风暴${i}之后价格飞涨${k}。` }));
      lines.push(J({ type: "annotation", annotator: "rater@lab.org", segmentId: `s${i}`, system, field: "OVERALL", value: 1 + ((i + k) % 5) }));
      lines.push(J({ type: "annotation", annotator: "rater@lab.org", segmentId: `s${i}`, system, field: "FLUENCY", value: 1 + ((i * 2 + k) % 5) }));
    });
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tropos-metrics-"));
  writeFileSync(path.join(dir, "corpus.jsonl"), lines.join("\n") + "\n");
  tropos("import", path.join(dir, "corpus.jsonl"), "--project", slug);
});

test("a metric file imports with a preview, and the dashboard puts the metrics beside the human criteria", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/import`);
  const rows = ["segmentId\tsystem\tmetric\tvalue"];
  for (let i = 0; i < N; i++) {
    SYSTEMS.forEach((system, k) => {
      const overall = 1 + ((i + k) % 5);
      rows.push(`s${i}\t${system}\tCOMET\t${(0.5 + overall / 10 + k / 100).toFixed(3)}`);
      rows.push(`s${i}\t${system}\tBERTScore\t${(0.9 - ((i * 7 + k) % 5) / 50).toFixed(3)}`);
    });
  }
  await page.getByLabel("Files").setInputFiles({ name: "metrics.tsv", mimeType: "text/tab-separated-values", buffer: Buffer.from(rows.join("\n") + "\n") });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-ready")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("detected-format")).toHaveText("metrics");
  await expect(page.getByTestId("preview-count-metricScores")).toHaveText(String(N * SYSTEMS.length * 2));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("import-message")).toContainText("Imported 1 file(s)", { timeout: 30_000 });

  await page.goto(`/projects/${slug}/dashboard`);
  const means = page.getByTestId("metric-means");
  await expect(means).toBeVisible();
  await expect(means.getByRole("columnheader", { name: "COMET" })).toBeVisible();
  await expect(means.getByRole("columnheader", { name: "BERTScore" })).toBeVisible();
  const corr = page.getByTestId("metric-correlations");
  // COMET was made to follow OVERALL: a strong positive correlation over all 24 translations
  const row = corr.getByRole("row").filter({ hasText: "COMET" }).filter({ hasText: "Overall" });
  await expect(row).toContainText("24");
  const r = parseFloat((await row.getByRole("cell").nth(2).innerText()).trim());
  expect(r).toBeGreaterThan(0.9);
  await means.scrollIntoViewIfNeeded();
  await screenshot(page, "dashboard-metric-columns");
});
