/**
 * Snapshots of every report output, taken before the reports were touched (2026-11-25, at
 * cd00963 + tests only), so that a refactor that moves any figure fails here: the agreement
 * figures and score tables of
 * - the MetaHOPE EN→ZH pilot imported the way the paper combined the sheets
 *   (scripts/e2e-metahope-fixture.ts; the workbooks ship in data/metahope), and
 * - the demo corpus (EN→ZH) with three synthetic annotators whose MMTE values and MetaHOPE
 *   errors come from a seeded generator (always runs).
 * The snapshot files live in ./__snapshots__/ and are compared as JSON, to the last bit.
 * Vitest does not write missing snapshots under CI=true, so a deleted file fails there too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { syntheticAnnotations } from "./synthetic-annotations";
import { reportOutputs } from "./report-outputs";
import { getAgreementFigures } from "@/lib/reports";
import { figureIncludes } from "@/lib/reports/figure-includes";
import { figuresToCsv } from "@/lib/reports/report-csv";
import { haveMetahopeData, importMetahopePilot } from "@/scripts/e2e-metahope-fixture";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("report outputs stay exactly as snapshotted", () => {
  it("demo corpus with three seeded synthetic annotators", async () => {
    const project = await makeProject(db);
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
    await expect(await reportOutputs(db, project.id)).toMatchFileSnapshot("./__snapshots__/demo-synthetic.report.json");
    // figures that must not move when nothing was annotated: rewrite every other segment's
    // translations with themselves (their rows move to the end of the table) and re-plan; the
    // score tables' means add translations in report order, so every bit stays
    await pool.query(
      `UPDATE "Translation" t SET text = t.text FROM "Segment" s WHERE s.id = t."segmentId" AND s."projectId" = $1 AND s.index % 2 = 0`,
      [project.id],
    );
    await pool.query(`ANALYZE "Translation"`);
    await expect(await reportOutputs(db, project.id)).toMatchFileSnapshot("./__snapshots__/demo-synthetic.report.json");
    // every figure says which annotations it rests on (issue 13, point 1), in the JSON and the CSV
    const figures = await getAgreementFigures(db, project.id, { systems: ["llm-gamma"] });
    expect(figures.length).toBeGreaterThan(0);
    for (const f of figures) expect(f.includes).toBe(figureIncludes(f.scheme, { systems: ["llm-gamma"] }));
    const [header, first] = figuresToCsv(figures).split("\r\n");
    expect(header.split(",").at(-1)).toBe("includes");
    expect(first).toContain("systems llm-gamma; adjudicated values not used");
  }, 120_000);

  it.skipIf(!haveMetahopeData())("MetaHOPE pilot (A, B and A's sentence-level pass)", async () => {
    const project = await makeProject(db);
    await importMetahopePilot(pool, project.id);
    await expect(await reportOutputs(db, project.id)).toMatchFileSnapshot("./__snapshots__/metahope-pilot.report.json");
  }, 120_000);
});
