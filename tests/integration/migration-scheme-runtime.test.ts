/**
 * The scheme-runtime migrations (20261125180000_scheme_runtime, 20261125190000_scheme_seen) on a
 * database made by the previous release (issue 14, "Done when"): every migration before them is
 * applied to a fresh database, a project is written the way that release wrote it (Assignment.scheme
 * the enum "Scheme"), then the new migrations run. Every assignment, annotation, History row and
 * adjudication is there afterwards with the same values, the assignments keep MMTE/METAHOPE as text,
 * the report change trigger on Assignment is back. The later migration
 * 20261129000000_assignment_per_item then makes each annotator's MMTE and METAHOPE assignments of an
 * item one assignment (tests/integration/migration-assignment-parts.test.ts tests it in full), the
 * current code finds nothing else to move onto the one runtime (lib/db/upgrade/move-onto-scheme-runtime.ts,
 * as `npm run db:migrate` does), the figures stay, and saves go under the merged assignment.
 */
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseUrl } from "../test-database";
import { databaseBefore, dropDatabase, MIGRATIONS as migrations, runMigrations as run } from "./migration-database";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { moveEveryProjectOntoSchemeRuntime } from "@/lib/db/upgrade/move-onto-scheme-runtime";
import { getSchemePaperTables } from "@/lib/db/reports/paper-input";
import { getAgreementFigures, getScoreTables } from "@/lib/reports";
import { closePgPool } from "@/lib/db/pg-pool";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";

const FIRST_NEW = "20261125180000_scheme_runtime";
/** the migration that merges the per-part assignments and drops Assignment.scheme */
const PER_ITEM = "20261129000000_assignment_per_item";
const NAME = `tropos_mig_scheme_${process.pid}`;

let client: pg.Client;
let pool: pg.Pool;
let db: PrismaClient;

/** What the previous release stored, read back as plain rows. */
async function snapshot() {
  const q = async (sql: string) => (await client.query(sql)).rows;
  return {
    assignments: await q(`SELECT id, "annotatorId", "segmentId", scheme::text AS scheme, status::text AS status, "timeSpentMs", origin FROM "Assignment" ORDER BY id`),
    annotations: await q(`SELECT id, "annotatorId", "segmentId", "itemKey", field, value, version FROM "Annotation" ORDER BY id`),
    history: await q(`SELECT id, entity::text AS entity, "entityId", version, "oldValue", "newValue" FROM "History" ORDER BY id`),
    adjudications: await q(`SELECT id, "segmentId", "itemKey", field, value, rationale, version FROM "Adjudication" ORDER BY id`),
  };
}

beforeAll(async () => {
  client = await databaseBefore(NAME, FIRST_NEW);
  // a project as the previous release wrote it: two annotators, MMTE and MetaHOPE assignments,
  // annotations with their History, an adjudication
  await client.query(`
    INSERT INTO "User" (id, email) VALUES ('u1', 'a1@mig.test'), ('u2', 'a2@mig.test');
    INSERT INTO "Project" (id, slug, name) VALUES ('p1', 'mig', 'Migration');
    INSERT INTO "ProjectMember" (id, "projectId", "userId", role) VALUES ('m1', 'p1', 'u1', 'ANNOTATOR'), ('m2', 'p1', 'u2', 'ANNOTATOR');
    INSERT INTO "Document" (id, "projectId", "externalId", language) VALUES ('d1', 'p1', 'doc', 'en');
    INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language) VALUES ('s1', 'p1', 'd1', 's1', 0, 'Time is a thief.', 'en');
    INSERT INTO "MtSystem" (id, "projectId", name) VALUES ('sys', 'p1', 'GPT');
    INSERT INTO "Translation" (id, "segmentId", "systemId", language, text) VALUES ('t1', 's1', 'sys', 'zh', '时间是小偷。');
    INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", scheme, status, "timeSpentMs", "updatedAt")
      VALUES ('as1', 'p1', 'u1', 's1', 'MMTE', 'IN_PROGRESS', 1200, now()), ('as2', 'p1', 'u2', 's1', 'MMTE', 'DONE', 5400, now()), ('as3', 'p1', 'u1', 's1', 'METAHOPE', 'TODO', 0, now());
    INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "itemKey", field, value, version, "updatedAt")
      VALUES ('an1', 'p1', 'u1', 's1', 't1', 't1:-', 'FLUENCY', '4', 2, now()), ('an2', 'p1', 'u2', 's1', 't1', 't1:-', 'FLUENCY', '5', 1, now());
    INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
      VALUES ('h1', 'p1', 'u1', 'ANNOTATION', 'an1', 1, NULL, '3'), ('h2', 'p1', 'u1', 'ANNOTATION', 'an1', 2, '3', '4'), ('h3', 'p1', 'u2', 'ANNOTATION', 'an2', 1, NULL, '5');
    INSERT INTO "Adjudication" (id, "projectId", "segmentId", "translationId", "itemKey", field, value, rationale) VALUES ('ad1', 'p1', 's1', 't1', 't1:-', 'FIDELITY', '4', 'majority');
  `);
  // the reports read through the app's own pool (lib/db/pg-pool.ts): this database's
  process.env.DATABASE_URL = databaseUrl(NAME);
  pool = new pg.Pool({ connectionString: databaseUrl(NAME), max: 2 });
  db = new PrismaClient({ adapter: new PrismaPg(pool) });
});

afterAll(async () => {
  await closePgPool();
  await db?.$disconnect();
  await pool?.end();
  await client?.end();
  await dropDatabase(NAME);
});

describe("the scheme-runtime migrations on the previous release's data", () => {
  it("keep every assignment, annotation, History row and adjudication, with MMTE/METAHOPE as text", async () => {
    const before = await snapshot();
    await run(client, migrations.filter((d) => d >= FIRST_NEW && d < PER_ITEM));
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(after.assignments.map((a) => a.scheme)).toEqual(["MMTE", "MMTE", "METAHOPE"]);
    const type = await client.query(`SELECT data_type FROM information_schema.columns WHERE table_name = 'Assignment' AND column_name = 'scheme'`);
    expect(type.rows[0].data_type).toBe("text");
    expect((await client.query(`SELECT 1 FROM pg_type WHERE typname = 'Scheme'`)).rowCount).toBe(0);
    const trigger = await client.query(`SELECT tgname FROM pg_trigger WHERE tgname = 'Assignment_report_update'`);
    expect(trigger.rowCount).toBe(1);
  });

  it("the later migrations merge the per-part assignments; the current code finds nothing more to move, figures unchanged, saves under the merged assignment", async () => {
    // the later migration 20261126000000_presets_stored gives it its MMTE preset as version 1, which now runs as a scheme
    expect(await getProjectRuntime(db, "p1")).toMatchObject({ kind: "scheme", version: 1 });
    // the current code's reads leave out gold items (GoldItem, created by a migration after
    // PER_ITEM): an empty stand-in lets them read the database as it was before the merge
    await client.query(`CREATE TABLE "GoldItem" ("segmentId" text PRIMARY KEY)`);
    const beforeScores = await getScoreTables(db, "p1");
    const beforeFigures = await getAgreementFigures(db, "p1", { schemes: ["mmte"] });
    await client.query(`DROP TABLE "GoldItem"`);
    expect(beforeScores.mmte?.quality.length).toBeGreaterThan(0);

    await run(client, migrations.filter((d) => d >= PER_ITEM));
    // u1's MMTE (in progress, 1.2 s) and MetaHOPE (not started) assignments: one, in progress, the time added up; u2's done
    const assignments = await client.query(`SELECT "annotatorId", status::text AS status, "timeSpentMs" FROM "Assignment" ORDER BY "annotatorId"`);
    expect(assignments.rows).toEqual([
      { annotatorId: "u1", status: "IN_PROGRESS", timeSpentMs: 1200 },
      { annotatorId: "u2", status: "DONE", timeSpentMs: 5400 },
    ]);
    const audit = await client.query(`SELECT "userId", detail FROM "AuditLog" WHERE action = 'assignment.parts-merged'`);
    expect(audit.rows).toEqual([{ userId: null, detail: { partAssignments: 3, assignments: 2, reviewMarks: 0 } }]);
    // no span, post-edit or review mark: nothing left for the move
    expect(await moveEveryProjectOntoSchemeRuntime(db)).toEqual({ moved: [], refused: [] });

    // the figures, read under the scheme runtime, are the ones read before
    const runtime = await getProjectRuntime(db, "p1");
    if (runtime.kind !== "scheme") throw new Error("unreachable");
    const after = await getSchemePaperTables(db, "p1", runtime.definition);
    expect(after.scores?.mmte).toStrictEqual(beforeScores.mmte);
    expect(await getAgreementFigures(db, "p1", { schemes: ["mmte"] })).toStrictEqual(beforeFigures);

    // a second run finds nothing to move
    expect(await moveEveryProjectOntoSchemeRuntime(db)).toEqual({ moved: [], refused: [] });
    expect((await client.query(`SELECT count(*)::int AS n FROM "Assignment"`)).rows[0].n).toBe(2);

    const r = await saveAnnotation(pool, {
      projectId: "p1",
      annotatorId: "u1",
      config: DEFAULT_SCHEME_CONFIG,
      runtime,
      input: { segmentId: "s1", translationId: "t1", mrwId: null, field: "FLUENCY", value: 3, baseVersion: 2 },
    });
    expect(r.version).toBe(3);
    expect((await client.query(`SELECT value, "schemeVersion" FROM "Annotation" WHERE id = 'an1'`)).rows[0]).toEqual({ value: 3, schemeVersion: 1 });
    const hist = await client.query(`SELECT version, "oldValue", "newValue" FROM "History" WHERE "entityId" = 'an1' ORDER BY version`);
    expect(hist.rows.map((h) => [h.version, h.oldValue, h.newValue])).toEqual([[1, null, 3], [2, 3, 4], [3, 4, 3]]);
  });
});
