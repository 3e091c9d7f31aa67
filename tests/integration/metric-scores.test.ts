// Imported automatic metric columns (issue 19 point 2) on the real PostgreSQL: a metric file is
// imported like any other (preview, all or nothing, file/line/field in errors), the score tables
// and the scores export put each metric beside the human criteria, and the correlations equal
// scipy's on the same numbers (scripts/research/metric_correlation_fixture.py, case "likert_vs_metric").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { loadImport } from "@/lib/db/import/load-import";
import { exportFile } from "@/lib/db/export/stream";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { getScoreTables } from "@/lib/reports";
import fixture from "@/lib/scoring/__fixtures__/metric-correlation-scipy.json";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const c = fixture.cases.likert_vs_metric;

async function demoProject() {
  const manager = await makeUser(db, { tag: "mgr" });
  const project = await makeProject(db, [{ userId: manager.id, roles: ["MANAGER"] }]);
  await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  // ten translations, in a fixed order
  const { rows } = await pool.query<{ segment: string; system: string }>(
    `SELECT s."externalId" AS segment, m.name AS system FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" JOIN "MtSystem" m ON m.id = t."systemId"
     WHERE s."projectId" = $1 ORDER BY s."externalId", m.name LIMIT 10`,
    [project.id],
  );
  return { project, ten: rows };
}
const file = (project: { id: string }, fileName: string, text: string) =>
  importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "zh" }, fileName, content: Buffer.from(text), options: { format: "auto" }, dryRun: false });

describe("imported metric columns", () => {
  it("sit beside the human criteria, and correlate with them as scipy says", async () => {
    const { project, ten } = await demoProject();
    // one annotator's OVERALL = the fixture's x, COMET = its y, on the same ten translations
    const ann = ["item\tsystem\tannotator\tfield\tvalue", ...ten.map((t, i) => `${t.segment}\t${t.system}\trater@lab.org\tOVERALL\t${c.x[i]}`)].join("\n") + "\n";
    expect((await file(project, "overall.tsv", ann)).errors).toEqual([]);
    const metrics = ["segmentId\tsystem\tmetric\tvalue", ...ten.map((t, i) => `${t.segment}\t${t.system}\tCOMET\t${c.y[i]}`)].join("\n") + "\n";
    const out = await file(project, "comet.tsv", metrics);
    expect(out).toMatchObject({ ok: true, format: "metrics", counts: { metricScores: 10 } });

    const scores = await getScoreTables(db, project.id);
    expect(scores.metrics?.metrics).toEqual(["COMET"]);
    const pooled = scores.metrics!.correlations.find((r) => r.system === "all" && r.criterion === "OVERALL")!;
    expect(pooled.pearson.n).toBe(10);
    if (!pooled.pearson.defined || !pooled.spearman.defined) throw new Error("undefined correlation");
    expect(pooled.pearson.r).toBeCloseTo(c.pearson_r, 12);
    expect(pooled.spearman.r).toBeCloseTo(c.spearman_rho, 12);
    const n = scores.metrics!.columns.filter((r) => r.metric === "COMET").reduce((s, r) => s + (r.group === "METAPHORICAL" || r.group === "LITERAL" ? r.mean.n : 0), 0);
    expect(n).toBe(10);

    // the scores export carries the same rows
    let csv = "";
    for await (const line of exportFile(pool, db, project as { id: string; slug: string }, "scores", "csv").lines) csv += line;
    expect(csv).toMatch(/metric_correlation,all,OVERALL,COMET pearson_r,0\.98018218148381\d*,10,/);
    expect(csv).toMatch(/metric_correlation,all,OVERALL,COMET spearman_rho,0\.97855799908628\d*,10,/);
    expect(csv).toMatch(/metric_columns,[^,]+,(LITERAL|METAPHORICAL),COMET,/);

    // importing again replaces values instead of adding rows
    await file(project, "comet.tsv", metrics.replace(`\tCOMET\t${c.y[0]}\n`, "\tCOMET\t0.5\n"));
    expect(await db.metricScore.count({ where: { projectId: project.id } })).toBe(10);
  });

  it("refuses a row naming a translation the project lacks, naming file, line and field, and stores nothing of the file", async () => {
    const { project, ten } = await demoProject();
    const text = `segmentId\tsystem\tmetric\tvalue\n${ten[0].segment}\t${ten[0].system}\tchrF\t51.2\nno-such-segment\t${ten[0].system}\tchrF\t40\n`;
    const out = await file(project, "chrf.tsv", text);
    expect(out.ok).toBe(false);
    expect(out.errors).toEqual([expect.objectContaining({ file: "chrf.tsv", line: 3, field: "segmentId" })]);
    const other = await file(project, "chrf2.tsv", `segmentId\tsystem\tmetric\tvalue\n${ten[0].segment}\tno-such-system\tchrF\t40\n`);
    expect(other.errors).toEqual([expect.objectContaining({ file: "chrf2.tsv", line: 2, field: "system" })]);
    expect(await db.metricScore.count({ where: { projectId: project.id } })).toBe(0);
    // nor did the refused file create the unknown system
    expect(await db.mtSystem.count({ where: { projectId: project.id, name: "no-such-system" } })).toBe(0);
    // without metric scores, the score tables have no metrics key at all (reports are unchanged)
    expect("metrics" in (await getScoreTables(db, project.id))).toBe(false);
  });
});
