/**
 * Migration 20261125000000_import_completions on data stored before it (issue 13.1): the reports
 * used to take an annotator with imported error spans, no MetaHOPE assignment and no "reviewed"
 * marker as the reviewer of every translation of the project. The migration writes that down as
 * DONE assignments (origin 'import'), so every figure of such a project stays exactly as it was.
 * "As it was" is checked against the same data with a reviewed marker on every translation (what
 * the old rule meant), and, beside ../shared, against the MetaHOPE paper's table 3.
 *
 * On the one runtime (issue 28) the work is written as that release stored it (./earlier-release.ts:
 * error spans, review marks, per-part assignments) and the figures are read after the move onto
 * the scheme runtime that every such database goes through after its migrations.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import { reportOutputs } from "./report-outputs";
import { syntheticAnnotations } from "./synthetic-annotations";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/load-import";
import { moveOntoSchemeRuntime } from "@/lib/db/move-onto-scheme-runtime";
import { loadAsEarlierRelease } from "./earlier-release";
import { importedRaterEmail } from "@/lib/import/imported-annotator";
import { readDemoCorpus } from "@/lib/db/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** The migration's data statements (the column exists already in the test database). */
async function runBackfill(): Promise<void> {
  const sql = readFileSync(path.resolve("prisma/migrations/20261125000000_import_completions/migration.sql"), "utf8");
  const statements = sql
    .split(";")
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter((s) => s.startsWith("INSERT"));
  expect(statements).toHaveLength(2);
  for (const s of statements) await pool.query(s);
}

function expectSameFigures(a: unknown, b: unknown, path = "$"): void {
  if (typeof a === "number" && typeof b === "number" && !Number.isInteger(a) && !Number.isInteger(b)) {
    expect(Math.abs(a - b), `${path}: ${a} vs ${b}`).toBeLessThan(1e-12);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    expect(a.length, `${path}.length`).toBe(b.length);
    a.forEach((x, i) => expectSameFigures(x, b[i], `${path}[${i}]`));
    return;
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    expect(Object.keys(a).sort(), `${path} keys`).toEqual(Object.keys(b).sort());
    for (const k of Object.keys(a)) expectSameFigures((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  expect(a, path).toEqual(b);
}

/** What an import stored before the migration: no assignment rows at all. */
async function asBeforeTheMigration(projectId: string): Promise<void> {
  await pool.query(`DELETE FROM "Assignment" WHERE "projectId" = $1`, [projectId]);
}

describe("migration 20261125000000_import_completions", () => {
  it("keeps every figure of a project imported without reviewed markers, and makes its work count as done", async () => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    const marked = await makeProject(db);
    await loadImport(pool, { projectId: marked.id, fileName: "demo.json", result: corpus });
    await loadAsEarlierRelease(pool, marked.id, "synthetic.jsonl", syntheticAnnotations(corpus));

    const old = await makeProject(db);
    await loadImport(pool, { projectId: old.id, fileName: "demo.json", result: corpus });
    await loadAsEarlierRelease(pool, old.id, "synthetic.jsonl", syntheticAnnotations(corpus, undefined, { reviewedMarkers: false }));
    await asBeforeTheMigration(old.id);
    await runBackfill();
    const segments = await db.segment.count({ where: { projectId: old.id } });
    const rows = await db.assignment.groupBy({ by: ["scheme", "status", "origin"], where: { projectId: old.id }, _count: true });
    expect(rows.map((r) => [r.scheme, r.status, r.origin, r._count]).sort()).toEqual([
      ["METAHOPE", "DONE", "import", 3 * segments],
      ["MMTE", "DONE", "import", 3 * segments],
    ]);
    // running it again changes nothing
    await runBackfill();
    expect(await db.assignment.count({ where: { projectId: old.id } })).toBe(6 * segments);

    // later migrations, then the move onto the scheme runtime (npm run db:migrate)
    expect(await moveOntoSchemeRuntime(db, marked.id)).not.toBeNull();
    expect(await moveOntoSchemeRuntime(db, old.id)).not.toBeNull();

    // the same figures; two projects' rows may reach a sum in another order, so the last bit of a
    // float may differ (seen once in a Pearson r): equal to 1e-12, every other value exactly
    // (the raters are each project's own placeholders, whose addresses name the project: issue 27, point 7)
    const withoutProject = async (id: string) => JSON.parse((await reportOutputs(db, id)).split(`@${id}.annotators`).join("@<project>.annotators"));
    expectSameFigures(await withoutProject(old.id), await withoutProject(marked.id));
    // the backfilled MMTE and METAHOPE assignments, merged by the move into one SCHEME assignment per annotator and item, done
    const merged = await db.assignment.groupBy({ by: ["scheme", "status"], where: { projectId: old.id }, _count: true });
    expect(merged.map((r) => [r.scheme, r.status, r._count])).toEqual([["SCHEME", "DONE", 3 * segments]]);
  }, 120_000);

  it("leaves annotators alone who hold an assignment of the scheme, or reviewed markers", async () => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    const project = await makeProject(db);
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    await loadAsEarlierRelease(pool, project.id, "synthetic.jsonl", syntheticAnnotations(corpus, undefined, { reviewedMarkers: false }));
    await asBeforeTheMigration(project.id);
    const [r1, r2] = await db.user.findMany({ where: { email: { in: [importedRaterEmail(project.id, "rater-1"), importedRaterEmail(project.id, "rater-2")] } }, orderBy: { email: "asc" } });
    const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id }, include: { translations: true } });
    // rater-1 works in the workspace on one MetaHOPE item and one MMTE item; rater-2 marked one translation reviewed
    await db.assignment.createMany({
      data: [
        { projectId: project.id, annotatorId: r1.id, segmentId: seg.id, scheme: "METAHOPE", status: "IN_PROGRESS" },
        { projectId: project.id, annotatorId: r1.id, segmentId: seg.id, scheme: "MMTE", status: "TODO" },
      ],
    });
    await db.annotation.create({ data: { projectId: project.id, annotatorId: r2.id, segmentId: seg.id, translationId: seg.translations[0].id, itemKey: `${seg.translations[0].id}:-`, field: "METAHOPE_ERRORS", value: { reviewed: true } } });
    await runBackfill();
    const count = (annotatorId: string, scheme: "MMTE" | "METAHOPE") => db.assignment.count({ where: { projectId: project.id, annotatorId, scheme, origin: "import" } });
    expect([await count(r1.id, "METAHOPE"), await count(r1.id, "MMTE"), await count(r2.id, "METAHOPE")]).toEqual([0, 0, 0]);
    expect(await count(r2.id, "MMTE")).toBeGreaterThan(0);
  }, 120_000);
});
