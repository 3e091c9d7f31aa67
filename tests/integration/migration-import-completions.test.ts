/**
 * Migration 20261125000000_import_completions on data stored before it (issue 13.1): the reports
 * used to take an annotator with imported error spans, no MetaHOPE assignment and no "reviewed"
 * marker as the reviewer of every translation of the project. The migration writes that down as
 * DONE assignments (origin 'import'), so every figure of such a project stays exactly as it was.
 * "As it was" is checked against the same data with a reviewed marker on every translation (what
 * the old rule meant), and, beside ../shared, against the MetaHOPE paper's table 3.
 *
 * The migration writes per-part MMTE/METAHOPE assignments, so it runs on a database with every
 * migration before 20261129000000_assignment_per_item (./migration-database.ts), the work written
 * as that release stored it (./earlier-release.ts: error spans, review marks); then the later
 * migrations (the per-part assignments merged, each DONE MetaHOPE one a review mark) and the move
 * onto the scheme runtime that every such database goes through, and the figures are read.
 * The current code writes the corpus there: its assignment writes need the key an assignment has
 * now (annotator, item), which a column default and a temporary unique index give it on the older
 * schema until the per-part rows are written.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { databaseUrl } from "../test-database";
import { databaseBefore, dropDatabase, MIGRATIONS, runMigrations } from "./migration-database";
import { makeProject } from "./fixtures";
import { reportOutputs } from "./report-outputs";
import { syntheticAnnotations } from "./synthetic-annotations";
import { loadImport } from "@/lib/db/import/load-import";
import { moveOntoSchemeRuntime } from "@/lib/db/upgrade/move-onto-scheme-runtime";
import { closePgPool } from "@/lib/db/pg-pool";
import { loadAsEarlierRelease } from "./earlier-release";
import { importedRaterEmail } from "@/lib/import/imported-annotator";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";

const PER_ITEM = "20261129000000_assignment_per_item";
const NAME = `tropos_mig_completions_${process.pid}`;

let client: pg.Client;
let pool: pg.Pool;
let db: Db;
beforeAll(async () => {
  client = await databaseBefore(NAME, PER_ITEM);
  await client.query(`ALTER TABLE "Assignment" ALTER COLUMN scheme SET DEFAULT 'SCHEME'`);
  await client.query(`CREATE UNIQUE INDEX "tmp_Assignment_annotatorId_segmentId" ON "Assignment"("annotatorId", "segmentId")`);
  // the reports read through the app's own pool (lib/db/pg-pool.ts): this database's
  process.env.DATABASE_URL = databaseUrl(NAME);
  pool = new pg.Pool({ connectionString: databaseUrl(NAME), max: 4 });
  db = new PrismaClient({ adapter: new PrismaPg(pool) }) as unknown as Db;
});
afterAll(async () => {
  await closePgPool();
  await (db as unknown as PrismaClient | undefined)?.$disconnect();
  await pool?.end();
  await client?.end();
  await dropDatabase(NAME);
});

/** The per-part rows from here on: the older schema as it was (no default, no key on annotator × item). */
async function perPartSchema(): Promise<void> {
  await client.query(`DROP INDEX IF EXISTS "tmp_Assignment_annotatorId_segmentId"`);
  await client.query(`ALTER TABLE "Assignment" ALTER COLUMN scheme DROP DEFAULT`);
}

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

const perScheme = async (projectId: string) =>
  (await client.query<{ scheme: string; status: string; origin: string; n: number }>(
    `SELECT scheme, status::text AS status, origin, count(*)::int AS n FROM "Assignment" WHERE "projectId" = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [projectId],
  )).rows.map((r) => [r.scheme, r.status, r.origin, r.n]);

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

/**
 * What an import stored before the migration: no assignment rows at all, so none of the review
 * marks migration 20261129000000_assignment_per_item makes of DONE MetaHOPE assignments either
 * (./earlier-release.ts writes those; the projects here are imported without reviewed markers).
 */
async function asBeforeTheMigration(projectId: string): Promise<void> {
  await pool.query(`DELETE FROM "Assignment" WHERE "projectId" = $1`, [projectId]);
  await pool.query(`DELETE FROM "Annotation" WHERE "projectId" = $1 AND field = 'METAHOPE_ERRORS'`, [projectId]);
}

/** The demo corpus with three raters' synthetic work, as the earlier release stored it. */
async function importedProject(opts: { reviewedMarkers: boolean }) {
  const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
  const project = await makeProject(db);
  await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
  await loadAsEarlierRelease(pool, project.id, "synthetic.jsonl", syntheticAnnotations(corpus, undefined, opts));
  return project;
}

describe("migration 20261125000000_import_completions", () => {
  let marked: { id: string };
  let old: { id: string };
  let other: { id: string };
  beforeAll(async () => {
    marked = await importedProject({ reviewedMarkers: true });
    old = await importedProject({ reviewedMarkers: false });
    other = await importedProject({ reviewedMarkers: false });
    await asBeforeTheMigration(old.id);
    await asBeforeTheMigration(other.id);
    await perPartSchema();
  }, 240_000);

  it("leaves annotators alone who hold an assignment of the scheme, or reviewed markers", async () => {
    const [r1, r2] = await db.user.findMany({ where: { email: { in: [importedRaterEmail(other.id, "rater-1"), importedRaterEmail(other.id, "rater-2")] } }, orderBy: { email: "asc" } });
    const seg = await db.segment.findFirstOrThrow({ where: { projectId: other.id }, include: { translations: true } });
    // rater-1 works in the workspace on one MetaHOPE item and one MMTE item; rater-2 marked one translation reviewed
    await client.query(
      `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", scheme, status) VALUES ('r1-mh', $1, $2, $3, 'METAHOPE', 'IN_PROGRESS'), ('r1-mm', $1, $2, $3, 'MMTE', 'TODO')`,
      [other.id, r1.id, seg.id],
    );
    await db.annotation.create({ data: { projectId: other.id, annotatorId: r2.id, segmentId: seg.id, translationId: seg.translations[0].id, itemKey: `${seg.translations[0].id}:-`, field: "METAHOPE_ERRORS", value: { reviewed: true } } });
    await runBackfill();
    const count = async (annotatorId: string, scheme: "MMTE" | "METAHOPE") =>
      (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Assignment" WHERE "projectId" = $1 AND "annotatorId" = $2 AND scheme = $3 AND origin = 'import'`, [other.id, annotatorId, scheme])).rows[0].n;
    expect([await count(r1.id, "METAHOPE"), await count(r1.id, "MMTE"), await count(r2.id, "METAHOPE")]).toEqual([0, 0, 0]);
    expect(await count(r2.id, "MMTE")).toBeGreaterThan(0);
  }, 120_000);

  it("keeps every figure of a project imported without reviewed markers, and makes its work count as done", async () => {
    await runBackfill();
    const segments = await db.segment.count({ where: { projectId: old.id } });
    expect(await perScheme(old.id)).toEqual([
      ["METAHOPE", "DONE", "import", 3 * segments],
      ["MMTE", "DONE", "import", 3 * segments],
    ]);
    // running it again changes nothing
    await runBackfill();
    expect(await db.assignment.count({ where: { projectId: old.id } })).toBe(6 * segments);

    // the later migrations (the per-part assignments merged), then the move onto the scheme runtime (npm run db:migrate)
    await runMigrations(client, MIGRATIONS.filter((d) => d >= PER_ITEM));
    expect(await moveOntoSchemeRuntime(db, marked.id)).not.toBeNull();
    expect(await moveOntoSchemeRuntime(db, old.id)).not.toBeNull();

    // the same figures; two projects' rows may reach a sum in another order, so the last bit of a
    // float may differ (seen once in a Pearson r): equal to 1e-12, every other value exactly
    // (the raters are each project's own placeholders, whose addresses name the project: issue 27, point 7)
    const withoutProject = async (id: string) => JSON.parse((await reportOutputs(db, id)).split(`@${id}.annotators`).join("@<project>.annotators"));
    expectSameFigures(await withoutProject(old.id), await withoutProject(marked.id));
    // the backfilled MMTE and METAHOPE assignments, merged by the migration into one assignment per annotator and item, done
    const merged = await db.assignment.groupBy({ by: ["status", "origin"], where: { projectId: old.id }, _count: true });
    expect(merged.map((r) => [r.status, r.origin, r._count])).toEqual([["DONE", "import", 3 * segments]]);
  }, 240_000);
});
