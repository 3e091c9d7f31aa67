/**
 * Migration 20261129000000_assignment_per_item (issue 28 point 1: an assignment is annotator ×
 * item, Assignment.scheme goes) on a database the previous release left: every migration before it
 * is applied to a fresh database, per-part MMTE/METAHOPE assignments are written as that release
 * wrote them (some beside a SCHEME one), then the migration runs.
 *
 * - Every (annotator, item) ends with exactly one assignment, merged by the rule the move onto the
 *   scheme runtime applied in TypeScript before this migration (`mergedByTheMove` below, the
 *   statement lib/db/upgrade/move-onto-scheme-runtime.ts ran): DONE when every part was (completedAt the
 *   latest), SKIPPED when all were, TODO when none was started, else IN_PROGRESS; time added up;
 *   the smallest position; the earliest start; 'import' only when every part came from an import.
 *   Every combination of the two parts' statuses, and either part alone, is checked.
 * - A SCHEME assignment already there stays as it was; the per-part ones beside it go.
 * - A DONE MetaHOPE assignment (it said: every translation of the sentence reviewed) becomes a
 *   review mark on each translation of the segment without a METAHOPE_ERRORS value yet, with its
 *   History row, in a project whose scheme has the spans field or stores no version; a list already
 *   stored stays as it is; a project whose scheme has no such field gets none.
 * - One audit row per project touched (`assignment.parts-merged`, with the counts), none elsewhere.
 * - The column and its key are gone, the key (annotator, segment) is there, and the report change
 *   trigger on Assignment, made again without the column, still logs a status change (and not a
 *   time report).
 * Then the current code moves the projects (`npm run db:migrate`): the marks become empty lists,
 * a second run moves nothing, and a save goes under the merged assignment.
 */
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { databaseUrl } from "../test-database";
import { databaseBefore, dropDatabase, MIGRATIONS, runMigrations } from "./migration-database";
import { closePgPool } from "@/lib/db/pg-pool";
import { moveEveryProjectOntoSchemeRuntime } from "@/lib/db/upgrade/move-onto-scheme-runtime";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";

const FIRST_NEW = "20261129000000_assignment_per_item";
const NAME = `tropos_mig_parts_${process.pid}`;
const STATUSES = ["TODO", "IN_PROGRESS", "DONE", "SKIPPED"] as const;
type TStatus = (typeof STATUSES)[number];
const BOTH = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });

let client: pg.Client;
let pool: pg.Pool;
let db: Db;

interface TPart {
  id: string;
  projectId: string;
  annotatorId: string;
  segmentId: string;
  scheme: "MMTE" | "METAHOPE" | "SCHEME";
  status: TStatus;
  position: number;
  timeSpentMs: number;
  startedAt: Date | null;
  completedAt: Date | null;
  origin: "assigned" | "import";
}
const parts: TPart[] = [];

/**
 * The rule lib/db/upgrade/move-onto-scheme-runtime.ts applied to an annotator's MMTE and METAHOPE
 * assignments of an item until this migration (its INSERT … SELECT … GROUP BY, written out):
 * the expected row of each group.
 */
function mergedByTheMove(group: TPart[]) {
  const all = (s: TStatus) => group.every((g) => g.status === s);
  const status: TStatus = all("DONE") ? "DONE" : all("SKIPPED") ? "SKIPPED" : all("TODO") ? "TODO" : "IN_PROGRESS";
  const times = (xs: (Date | null)[]) => xs.filter((x): x is Date => x !== null).map((x) => x.getTime());
  const started = times(group.map((g) => g.startedAt));
  const completed = times(group.map((g) => g.completedAt));
  return {
    status,
    position: Math.min(...group.map((g) => g.position)),
    timeSpentMs: group.reduce((n, g) => n + g.timeSpentMs, 0),
    startedAt: started.length ? new Date(Math.min(...started)) : null,
    completedAt: status === "DONE" && completed.length ? new Date(Math.max(...completed)) : null,
    origin: group.every((g) => g.origin === "import") ? "import" : "assigned",
    lastTimeReportAt: null,
  };
}

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes));

async function insertPart(p: TPart) {
  parts.push(p);
  await client.query(
    `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", scheme, status, position, "timeSpentMs", "startedAt", "completedAt", "updatedAt", origin)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), $11)`,
    [p.id, p.projectId, p.annotatorId, p.segmentId, p.scheme, p.status, p.position, p.timeSpentMs, p.startedAt, p.completedAt, p.origin],
  );
}

/** A project with `n` segments of two translations each (ids `<p>-s<i>`, `<p>-s<i>-a|b`). */
async function project(id: string, config: unknown, definition: unknown | null, n: number) {
  await client.query(`INSERT INTO "Project" (id, slug, name, "schemeConfig") VALUES ($1, $1, $1, $2)`, [id, JSON.stringify(config)]);
  if (definition) await client.query(`INSERT INTO "ProjectScheme" (id, "projectId", version, definition, note) VALUES ($1, $2, 1, $3, 'v1')`, [`${id}-v1`, id, JSON.stringify(definition)]);
  await client.query(`INSERT INTO "ProjectMember" (id, "projectId", "userId", role) VALUES ($1, $2, 'u1', 'ANNOTATOR'), ($3, $2, 'u2', 'ANNOTATOR')`, [`${id}-m1`, id, `${id}-m2`]);
  await client.query(`INSERT INTO "Document" (id, "projectId", "externalId", language) VALUES ($1, $2, 'doc', 'en')`, [`${id}-d`, id]);
  await client.query(`INSERT INTO "MtSystem" (id, "projectId", name) VALUES ($1, $2, 'A'), ($3, $2, 'B')`, [`${id}-A`, id, `${id}-B`]);
  for (let i = 0; i < n; i++) {
    const s = `${id}-s${i}`;
    await client.query(`INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language) VALUES ($1, $2, $3, $4, $5, 'Time is a thief.', 'en')`, [s, id, `${id}-d`, `s${i}`, i]);
    await client.query(`INSERT INTO "Translation" (id, "segmentId", "systemId", language, text) VALUES ($1, $2, $3, 'zh', '时间是小偷。'), ($4, $2, $5, 'zh', '光阴似贼。')`, [`${s}-a`, s, `${id}-A`, `${s}-b`, `${id}-B`]);
  }
}

/** A per-part row of `status` with the times and origin such a row had. */
function part(projectId: string, annotatorId: string, segment: number, scheme: TPart["scheme"], status: TStatus, k: number, origin: TPart["origin"] = "assigned"): TPart {
  const started = status !== "TODO";
  return {
    id: `${projectId}-${annotatorId}-s${segment}-${scheme}`,
    projectId,
    annotatorId,
    segmentId: `${projectId}-s${segment}`,
    scheme,
    status,
    position: 2 * segment + (scheme === "MMTE" ? 1 : 0) + k,
    timeSpentMs: started ? 1000 * segment + (scheme === "MMTE" ? 100 : 10) : 0,
    startedAt: started ? at(2 * segment + (scheme === "MMTE" ? 0 : 1)) : null,
    completedAt: status === "DONE" ? at(40 + 2 * segment + (scheme === "MMTE" ? 1 : 0)) : null,
    origin,
  };
}

const rows = async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => (await client.query<T>(sql, values)).rows;

beforeAll(async () => {
  client = await databaseBefore(NAME, FIRST_NEW);
  await client.query(`INSERT INTO "User" (id, email) VALUES ('u1', 'a1@parts.test'), ('u2', 'a2@parts.test'), ('u3', 'a3@parts.test')`);
  // pb: an MMTE + MetaHOPE project (its preset stored, spans field and all): u1 holds every
  // combination of the two parts' statuses on s0–s15, MMTE alone on s16–s19, MetaHOPE alone on s20–s23
  await project("pb", BOTH, presetOfParts(BOTH), 24);
  let i = 0;
  for (const mm of STATUSES)
    for (const mh of STATUSES) {
      // origins: both imported, one of them, neither
      const origin = (k: number): TPart["origin"] => (i % 3 === 0 || (i % 3 === 1 && k === 0) ? "import" : "assigned");
      await insertPart(part("pb", "u1", i, "MMTE", mm, 0, origin(0)));
      await insertPart(part("pb", "u1", i, "METAHOPE", mh, 0, origin(1)));
      i++;
    }
  for (const s of STATUSES) await insertPart(part("pb", "u1", i++, "MMTE", s, 0));
  for (const s of STATUSES) await insertPart(part("pb", "u1", i++, "METAHOPE", s, 0, "import"));
  // u2 holds s2 under the scheme already (as a project moved by hand might), beside both parts, done
  await client.query(
    `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", scheme, status, position, "timeSpentMs", "updatedAt") VALUES ('pb-u2-s2-SCHEME', 'pb', 'u2', 'pb-s2', 'SCHEME', 'TODO', 9, 7, now())`,
  );
  await insertPart(part("pb", "u2", 2, "MMTE", "DONE", 0));
  await insertPart(part("pb", "u2", 2, "METAHOPE", "DONE", 0));
  // u1 has a list on one translation of s10 (MMTE DONE, MetaHOPE DONE: i = 2·4 + 2): it stays as it is
  await client.query(
    `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "itemKey", field, value, version, "schemeVersion", "updatedAt")
     VALUES ('pb-list', 'pb', 'u1', 'pb-s10', 'pb-s10-a', 'pb-s10-a:-', 'METAHOPE_ERRORS', '[{"start": 0, "end": 2, "label": "MIS", "attributes": {"severity": 6}}]', 3, 1, now())`,
  );
  // po: a scheme of its own without the spans field: a DONE MetaHOPE part is merged, no mark
  await project("po", {}, { id: "own", version: 1, name: "Own", fields: [{ id: "note", scope: "segment", kind: "text", label: "Note" }] }, 1);
  await insertPart(part("po", "u1", 0, "METAHOPE", "DONE", 0));
  // pn: no stored version (the move gives it every built-in field): a DONE MetaHOPE part leaves marks
  await project("pn", {}, null, 1);
  await insertPart(part("pn", "u3", 0, "METAHOPE", "DONE", 0));
  await insertPart(part("pn", "u3", 0, "MMTE", "IN_PROGRESS", 0));
  // pq: SCHEME assignments only: nothing to merge, nothing logged
  await project("pq", BOTH, presetOfParts(BOTH), 1);
  await client.query(`INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", scheme, status, position, "updatedAt") VALUES ('pq-a', 'pq', 'u1', 'pq-s0', 'SCHEME', 'DONE', 0, now())`);

  process.env.DATABASE_URL = databaseUrl(NAME);
  pool = new pg.Pool({ connectionString: databaseUrl(NAME), max: 4 });
  db = new PrismaClient({ adapter: new PrismaPg(pool) }) as unknown as Db;
}, 120_000);

afterAll(async () => {
  await closePgPool();
  await (db as unknown as PrismaClient | undefined)?.$disconnect();
  await pool?.end();
  await client?.end();
  await dropDatabase(NAME);
});

describe(`migration ${FIRST_NEW}`, () => {
  it("merges each annotator's parts of an item by the move's rule, keeps a SCHEME assignment there, marks what a DONE MetaHOPE part reviewed, and logs it", async () => {
    const untouched = await rows(`SELECT * FROM "Assignment" WHERE scheme = 'SCHEME' ORDER BY id`);
    const annotationsBefore = await rows(`SELECT id, value, version FROM "Annotation" ORDER BY id`);
    await runMigrations(client, [FIRST_NEW]);

    // one assignment per (annotator, item), and no scheme any more
    const columns = await rows<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'Assignment'`);
    expect(columns.map((c) => c.column_name)).not.toContain("scheme");
    const after = await rows<{ id: string; projectId: string; annotatorId: string; segmentId: string; status: TStatus; position: number; timeSpentMs: number; startedAt: Date | null; completedAt: Date | null; origin: string; lastTimeReportAt: Date | null }>(
      `SELECT id, "projectId", "annotatorId", "segmentId", status::text AS status, position, "timeSpentMs", "startedAt", "completedAt", origin, "lastTimeReportAt" FROM "Assignment" ORDER BY "projectId", "annotatorId", "segmentId"`,
    );
    const groups = new Map<string, TPart[]>();
    for (const p of parts) groups.set(`${p.projectId} ${p.annotatorId} ${p.segmentId}`, [...(groups.get(`${p.projectId} ${p.annotatorId} ${p.segmentId}`) ?? []), p]);
    const kept = new Map(untouched.map((r) => [`${r.projectId} ${r.annotatorId} ${r.segmentId}`, r]));
    expect(after.map((r) => `${r.projectId} ${r.annotatorId} ${r.segmentId}`).sort()).toEqual([...new Set([...groups.keys(), ...kept.keys()])].sort());
    for (const r of after) {
      const key = `${r.projectId} ${r.annotatorId} ${r.segmentId}`;
      const same = kept.get(key);
      // a SCHEME assignment there already: that very row, as it was
      if (same) expect(r, key).toEqual({ id: same.id, projectId: same.projectId, annotatorId: same.annotatorId, segmentId: same.segmentId, status: same.status, position: same.position, timeSpentMs: same.timeSpentMs, startedAt: same.startedAt, completedAt: same.completedAt, origin: same.origin, lastTimeReportAt: same.lastTimeReportAt });
      else expect({ ...r, id: undefined, projectId: undefined, annotatorId: undefined, segmentId: undefined }, key).toEqual({ ...mergedByTheMove(groups.get(key)!), id: undefined, projectId: undefined, annotatorId: undefined, segmentId: undefined });
    }
    // the sixteen combinations of the two parts, spelled out
    const u1 = (segment: number) => after.find((r) => r.projectId === "pb" && r.annotatorId === "u1" && r.segmentId === `pb-s${segment}`)!;
    expect(Array.from({ length: 16 }, (_, k) => u1(k).status)).toEqual([
      "TODO", "IN_PROGRESS", "IN_PROGRESS", "IN_PROGRESS",
      "IN_PROGRESS", "IN_PROGRESS", "IN_PROGRESS", "IN_PROGRESS",
      "IN_PROGRESS", "IN_PROGRESS", "DONE", "IN_PROGRESS",
      "IN_PROGRESS", "IN_PROGRESS", "IN_PROGRESS", "SKIPPED",
    ]);
    // both done: the latest completion; an import and a manager's assignment: 'assigned'
    expect(u1(10)).toMatchObject({ timeSpentMs: 2 * 10_000 + 110, position: 20, startedAt: at(20), completedAt: at(61), origin: "assigned" });
    // both skipped, both imported: 'import', no completion
    expect(u1(15)).toMatchObject({ completedAt: null, origin: "import" });

    // review marks: every translation of a segment whose MetaHOPE part was DONE, where no value was (pb, pn), none in po
    const marks = await rows<{ projectId: string; annotatorId: string; translationId: string; version: number; schemeVersion: number | null }>(
      `SELECT "projectId", "annotatorId", "translationId", version, "schemeVersion" FROM "Annotation" WHERE value = '{"reviewed": true}'::jsonb ORDER BY 1, 2, 3`,
    );
    const doneMetahope = parts.filter((p) => p.scheme === "METAHOPE" && p.status === "DONE" && p.projectId !== "po");
    const expected = doneMetahope
      .flatMap((p) => ["a", "b"].map((t) => ({ projectId: p.projectId, annotatorId: p.annotatorId, translationId: `${p.segmentId}-${t}`, version: 1, schemeVersion: p.projectId === "pn" ? null : 1 })))
      .filter((m) => m.translationId !== "pb-s10-a" || m.annotatorId !== "u1")
      .sort((a, b) => `${a.projectId} ${a.annotatorId} ${a.translationId}`.localeCompare(`${b.projectId} ${b.annotatorId} ${b.translationId}`));
    expect(marks).toEqual(expected);
    // each with its History row; the list already there untouched, like every other annotation
    expect((await rows(`SELECT count(*)::int AS n FROM "History" WHERE entity = 'ANNOTATION' AND version = 1 AND "oldValue" IS NULL AND "newValue" = '{"reviewed": true}'::jsonb`))[0].n).toBe(marks.length);
    expect(await rows(`SELECT id, value, version FROM "Annotation" WHERE value <> '{"reviewed": true}'::jsonb ORDER BY id`)).toEqual(annotationsBefore);

    // one audit row per project touched
    const perProject = (p: string) => parts.filter((x) => x.projectId === p && x.scheme !== "SCHEME").length;
    expect(await rows(`SELECT "projectId", "userId", detail FROM "AuditLog" WHERE action = 'assignment.parts-merged' ORDER BY 1`)).toEqual([
      { projectId: "pb", userId: null, detail: { partAssignments: perProject("pb"), assignments: 24, reviewMarks: expected.filter((m) => m.projectId === "pb").length } },
      { projectId: "pn", userId: null, detail: { partAssignments: 2, assignments: 1, reviewMarks: 2 } },
      { projectId: "po", userId: null, detail: { partAssignments: 1, assignments: 1, reviewMarks: 0 } },
    ]);

    // the key is (annotator, segment)
    const indexes = await rows<{ indexname: string; indexdef: string }>(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'Assignment' AND indexdef LIKE 'CREATE UNIQUE%' ORDER BY 1`);
    expect(indexes.map((x) => x.indexname)).toEqual(["Assignment_annotatorId_segmentId_key", "Assignment_pkey"]);
    await expect(client.query(`INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", "updatedAt") VALUES ('dup', 'pq', 'u1', 'pq-s0', now())`)).rejects.toThrow(/Assignment_annotatorId_segmentId_key/);

    // the report change trigger: back, logging a status change and not a time report
    expect((await rows(`SELECT tgname FROM pg_trigger WHERE tgrelid = '"Assignment"'::regclass AND NOT tgisinternal ORDER BY 1`)).map((t) => t.tgname)).toEqual([
      "Assignment_report_delete", "Assignment_report_insert", "Assignment_report_truncate", "Assignment_report_update",
    ]);
    const changes = async () => (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM "ReportChange" WHERE "projectId" = 'pq' AND "tableName" = 'Assignment'`))[0].n;
    const n = await changes();
    await client.query(`UPDATE "Assignment" SET "timeSpentMs" = "timeSpentMs" + 1000 WHERE id = 'pq-a'`);
    expect(await changes()).toBe(n);
    await client.query(`UPDATE "Assignment" SET status = 'IN_PROGRESS' WHERE id = 'pq-a'`);
    expect(await changes()).toBe(n + 1);
  });

  it("the current code then moves the projects: the marks become empty lists, the list stays; a second run moves nothing; a save goes under the merged assignment", async () => {
    // the migrations after this one, as `npm run db:migrate` applies them before the move
    await runMigrations(client, MIGRATIONS.filter((d) => d > FIRST_NEW));
    const marked = (await rows<{ id: string }>(`SELECT id FROM "Annotation" WHERE "projectId" = 'pb' AND value = '{"reviewed": true}'::jsonb`)).map((r) => r.id);
    const moved = await moveEveryProjectOntoSchemeRuntime(db);
    expect(moved.refused).toEqual([]);
    // pb and pn had marks their spans field takes; po has a version and nothing to move
    expect(moved.moved.map((m) => [m.slug, m.storedVersion, m.converted.spanLists]).sort()).toEqual([["pb", null, marked.length], ["pn", 1, 2]]);
    expect(await rows(`SELECT value, version FROM "Annotation" WHERE id = ANY($1::text[]) GROUP BY 1, 2`, [marked])).toEqual([{ value: [], version: 2 }]);
    expect(await rows(`SELECT value, version FROM "Annotation" WHERE id = 'pb-list'`)).toEqual([{ value: [{ start: 0, end: 2, label: "MIS", attributes: { severity: 6 } }], version: 3 }]);
    expect((await rows(`SELECT count(*)::int AS n FROM "Annotation" WHERE field = 'METAHOPE_ERRORS' AND jsonb_typeof(value) <> 'array'`))[0].n).toBe(0);
    expect(await moveEveryProjectOntoSchemeRuntime(db)).toEqual({ moved: [], refused: [] });

    // u1's merged assignment of s1 (MMTE TODO, MetaHOPE in progress) is open: a save goes in
    const runtime = await getProjectRuntime(db, "pb");
    const r = await saveAnnotation(pool, {
      projectId: "pb",
      annotatorId: "u1",
      config: BOTH,
      runtime,
      input: { segmentId: "pb-s1", translationId: "pb-s1-a", mrwId: null, field: "FLUENCY", value: 4, baseVersion: 0 },
    });
    expect(r.version).toBe(1);
    // and the submitted one of s10 refuses it
    await expect(
      saveAnnotation(pool, { projectId: "pb", annotatorId: "u1", config: BOTH, runtime, input: { segmentId: "pb-s10", translationId: "pb-s10-a", mrwId: null, field: "FLUENCY", value: 4, baseVersion: 0 } }),
    ).rejects.toMatchObject({ code: "ITEM_SUBMITTED" });
  });
});
