/**
 * Presets stored as data and enums as text (issue 14) on a database made by the previous release:
 * every migration before 20261126000000_presets_stored is applied to a fresh database, projects are written the
 * way that release wrote them (no ProjectScheme for a built-in project, annotations with a NULL
 * schemeVersion, error spans, alignments, post-edits and gold references in their enum columns),
 * then the new migrations run. Afterwards every built-in project has version 1, equal to what
 * presetOfParts derives from its configuration (checked for every combination of parts), every
 * annotation of it records version 1, the enum columns are text (20261126010000_enums_as_text), and
 * every annotation, History row, adjudication, error span, alignment, post-edit and gold reference
 * is there with the same values. Migration 20261129000000_assignment_per_item makes the per-part
 * assignments one per annotator × item; the current code then moves the projects onto the one
 * runtime (lib/db/upgrade/move-onto-scheme-runtime.ts, as `npm run db:migrate` does): error spans, review
 * marks and post-edits become values of version 1; a draft span (no category or severity yet) does
 * not hold its project back: it is set aside, recorded in full in the conversion's audit row; the
 * paper figures are the same before and after; a second run moves nothing; saves go under the
 * merged assignment and record version 1.
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
import { getScoreTables } from "@/lib/reports";
import { closePgPool } from "@/lib/db/pg-pool";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { sortedJson } from "@/lib/schemes/canonical-value";
import { MMTE_METAHOPE_PRESET, presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { DEFAULT_SCHEME_CONFIG, ZSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";

const FIRST_NEW = "20261126000000_presets_stored";
/** the migration that merges the per-part assignments and drops Assignment.scheme */
const PER_ITEM = "20261129000000_assignment_per_item";
const NAME = `tropos_mig_presets_${process.pid}`;

/** The eight parts, each on or off: 2^8 configurations (all off is invalid and gets no version). */
function everyConfiguration(): TSchemeConfig[] {
  const out: TSchemeConfig[] = [];
  for (let m = 1; m < 256; m++) {
    const bit = (i: number) => (m & (1 << i)) !== 0;
    out.push(
      ZSchemeConfig.parse({
        mmteQuality: bit(0),
        mmteMrw: { equivalence: bit(1), emotion: bit(2), authenticity: bit(3) },
        postEdit: { figurative: bit(4), literal: bit(5) },
        alignment: bit(6),
        metahopeErrors: bit(7),
      }),
    );
  }
  return out;
}

let client: pg.Client;
let pool: pg.Pool;
let db: PrismaClient;
const combos = everyConfiguration();

/** What the previous release stored, read back as plain rows (enum columns as text). */
async function snapshot() {
  const q = async (sql: string) => (await client.query(sql)).rows;
  return {
    annotations: await q(`SELECT id, "projectId", "annotatorId", "segmentId", "itemKey", field, value, version, "updatedAt" FROM "Annotation" ORDER BY id`),
    history: await q(`SELECT id, entity::text AS entity, "entityId", version, "oldValue", "newValue" FROM "History" ORDER BY id`),
    adjudications: await q(`SELECT id, "segmentId", "itemKey", field, value, rationale, version FROM "Adjudication" ORDER BY id`),
    assignments: await q(`SELECT id, scheme, status::text AS status FROM "Assignment" ORDER BY id`),
    errorSpans: await q(`SELECT id, category::text AS category, severity::text AS severity, start, "end", version FROM "ErrorSpan" ORDER BY id`),
    alignments: await q(`SELECT id, pattern::text AS pattern, spans FROM "Alignment" ORDER BY id`),
    postEdits: await q(`SELECT id, kind::text AS kind, text, version FROM "PostEdit" ORDER BY id`),
    gold: await q(`SELECT id, kind::text AS kind, text FROM "GoldReference" ORDER BY id`),
  };
}

beforeAll(async () => {
  client = await databaseBefore(NAME, FIRST_NEW);
  // the previous release: an MMTE project (a stored configuration as the app wrote it), a
  // MetaHOPE one with an empty configuration ('{}', MMTE by default, as fixtures made them) turned
  // MetaHOPE by its keys, a project that already stores its own scheme, and one with no part on
  await client.query(`
    INSERT INTO "User" (id, email) VALUES ('u1', 'a1@mig.test'), ('u2', 'a2@mig.test');
    INSERT INTO "Project" (id, slug, name, "schemeConfig") VALUES
      ('pm', 'mmte', 'MMTE', '${JSON.stringify(DEFAULT_SCHEME_CONFIG)}'),
      ('ph', 'metahope', 'MetaHOPE', '{"mmteQuality": false, "mmteMrw": {"equivalence": false, "emotion": false, "authenticity": false}, "postEdit": {"figurative": false, "literal": false}, "alignment": true, "metahopeErrors": true}'),
      ('pd', 'defaults', 'Defaults', '{}'),
      ('po', 'own', 'Own scheme', '{"mmteQuality": false, "mmteMrw": {"equivalence": false, "emotion": false, "authenticity": false}, "postEdit": {"figurative": false, "literal": false}}'),
      ('pn', 'none', 'No part on', '{"mmteQuality": false, "mmteMrw": {"equivalence": false, "emotion": false, "authenticity": false}, "postEdit": {"figurative": false, "literal": false}, "alignment": false}');
    INSERT INTO "ProjectScheme" (id, "projectId", version, definition) VALUES ('ps-own', 'po', 1, '{"id": "own", "version": 1, "name": "Own", "fields": [{"id": "note", "scope": "segment", "kind": "text", "label": "Note"}]}');
    INSERT INTO "ProjectMember" (id, "projectId", "userId", role) VALUES ('m1', 'pm', 'u1', 'ANNOTATOR'), ('m2', 'pm', 'u2', 'ANNOTATOR'), ('m3', 'ph', 'u1', 'ANNOTATOR');
    INSERT INTO "Document" (id, "projectId", "externalId", language) VALUES ('d1', 'pm', 'doc', 'en'), ('d2', 'ph', 'doc', 'en'), ('d3', 'po', 'doc', 'en');
    INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language) VALUES
      ('s1', 'pm', 'd1', 's1', 0, 'Time is a thief.', 'en'), ('s2', 'ph', 'd2', 's1', 0, 'Time is a thief.', 'en'), ('s3', 'po', 'd3', 's1', 0, 'Time is a thief.', 'en');
    INSERT INTO "Mrw" (id, "projectId", "segmentId", "externalId", spans, start, "end", token) VALUES ('w2', 'ph', 's2', 'm1', '[{"start": 10, "end": 15}]', 10, 15, 'thief');
    INSERT INTO "MtSystem" (id, "projectId", name) VALUES ('sys1', 'pm', 'GPT'), ('sys2', 'ph', 'GPT');
    INSERT INTO "Translation" (id, "segmentId", "systemId", language, text) VALUES ('t1', 's1', 'sys1', 'zh', '时间是小偷。'), ('t2', 's2', 'sys2', 'zh', '时间是小偷。');
    INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", scheme, status, "updatedAt")
      VALUES ('as1', 'pm', 'u1', 's1', 'MMTE', 'IN_PROGRESS', now()), ('as2', 'pm', 'u2', 's1', 'MMTE', 'DONE', now()), ('as3', 'ph', 'u1', 's2', 'METAHOPE', 'DONE', now());
    INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value, version, "updatedAt") VALUES
      ('an1', 'pm', 'u1', 's1', 't1', NULL, 't1:-', 'FLUENCY', '4', 2, '2026-01-02T03:04:05Z'),
      ('an2', 'pm', 'u2', 's1', 't1', NULL, 't1:-', 'FLUENCY', '5', 1, '2026-01-02T03:04:05Z'),
      ('an3', 'pm', 'u1', 's1', NULL, NULL, '-:-', 'POSTEDIT_FIGURATIVE', '"时光是贼。"', 1, '2026-01-02T03:04:05Z'),
      ('an4', 'ph', 'u1', 's2', 't2', 'w2', 't2:w2', 'ALIGNMENT', '{"pattern": "DIRECT", "spans": [{"start": 3, "end": 5}]}', 1, '2026-01-02T03:04:05Z'),
      ('an5', 'ph', 'u1', 's2', 't2', NULL, 't2:-', 'METAHOPE_ERRORS', '{"reviewed": true}', 1, '2026-01-02T03:04:05Z'),
      ('an6', 'po', 'u1', 's3', NULL, NULL, '-:-', 'note', '"a note"', 1, '2026-01-02T03:04:05Z');
    INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue") VALUES
      ('h1', 'pm', 'u1', 'ANNOTATION', 'an1', 1, NULL, '3'), ('h2', 'pm', 'u1', 'ANNOTATION', 'an1', 2, '3', '4'), ('h3', 'pm', 'u2', 'ANNOTATION', 'an2', 1, NULL, '5'),
      ('h4', 'ph', 'u1', 'ERROR_SPAN', 'e1', 1, NULL, '{"category": "MIS", "severity": "MAJOR"}');
    INSERT INTO "Adjudication" (id, "projectId", "segmentId", "translationId", "itemKey", field, value, rationale) VALUES ('ad1', 'pm', 's1', 't1', 't1:-', 'FIDELITY', '4', 'majority');
    INSERT INTO "ErrorSpan" (id, "projectId", "annotatorId", "translationId", "mrwId", category, severity, start, "end", "updatedAt") VALUES
      ('e1', 'ph', 'u1', 't2', 'w2', 'MIS', 'MAJOR', 3, 5, now()), ('e2', 'ph', 'u1', 't2', NULL, NULL, NULL, 0, 2, now());
    INSERT INTO "Alignment" (id, "mrwId", "translationId", spans, pattern) VALUES ('al1', 'w2', 't2', '[]', 'OMISSION');
    INSERT INTO "PostEdit" (id, "projectId", "segmentId", "annotatorId", kind, text, "updatedAt") VALUES ('pe1', 'pm', 's1', 'u1', 'LITERAL', '时间偷走一切。', now());
    INSERT INTO "GoldReference" (id, "projectId", "segmentId", language, kind, text, "sourcePostEditId", "updatedAt") VALUES ('g1', 'pm', 's1', 'zh', 'LITERAL', '时间偷走一切。', 'pe1', now());
  `);
  // the reports read through the app's own pool (lib/db/pg-pool.ts): this database's
  process.env.DATABASE_URL = databaseUrl(NAME);
  for (const [i, c] of combos.entries()) {
    await client.query(`INSERT INTO "Project" (id, slug, name, "schemeConfig") VALUES ($1, $1, $1, $2)`, [`combo-${i}`, JSON.stringify(c)]);
  }
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

const definitionOf = async (projectId: string) =>
  (await client.query(`SELECT version, definition FROM "ProjectScheme" WHERE "projectId" = $1 ORDER BY version`, [projectId])).rows as { version: number; definition: unknown }[];
/** What presetOfParts gives, as JSON would store it. */
/**
 * A definition as this migration stored it: the language had no `workflow` key then (it came with
 * 20261126700000_document_reads), so projects stored by the migration keep running without
 * MetaHOPE's "read the document first" (a study under way does not change its procedure by an
 * upgrade; a lead switches it on with a new scheme version). Parsing such a version gives
 * readDocumentFirst: false (tests/integration/document-gate.test.ts).
 */
const beforeWorkflow = (d: object) => {
  const { workflow: _w, ...rest } = JSON.parse(JSON.stringify(d)) as Record<string, unknown>;
  void _w;
  return rest;
};
/**
 * The combined preset's name and description as this migration stored them (the preset of both
 * parts was named "Built-in (MMTE and MetaHOPE)" until the one runtime; a stored version keeps
 * its name, lib/db/projects/project-schemes.ts storePresetOfPartsVersion).
 */
const STORED_COMBINED = { name: "Built-in (MMTE and MetaHOPE)", description: "Every MMTE and MetaHOPE field, as the built-in runtime stores them" };
const withStoredName = (d: TSchemeDefinition) => (d.id === MMTE_METAHOPE_PRESET.id ? { ...d, ...STORED_COMBINED } : d);
/**
 * A preset as this migration stored it: without the named analysis papers.agreement-export, which
 * the presets list since the papers' agreement export became data (issue 28); the current code
 * lists it in such a version (lib/db/upgrade/list-papers-agreement-export.ts,
 * tests/integration/papers-agreement-export.test.ts).
 */
const beforeAgreementExport = <T extends { analyses: readonly string[] }>(d: T): T => ({ ...d, analyses: d.analyses.filter((a) => a !== "papers.agreement-export") });
const asStored = (c: TSchemeConfig) => sortedJson(beforeWorkflow(withStoredName(beforeAgreementExport(presetOfParts(c)))));
/**
 * A preset as this migration stored it: without the fields added to the presets later (issue 19:
 * MMTE's TARGET_WORDS and MetaHOPE's METAHOPE_POSTEDIT, parts that are off unless a project
 * switches them on), which a version stored before them never lists.
 */
const beforeOptionalParts = (d: { fields: { id: string }[] }) => ({ ...d, fields: d.fields.filter((f) => f.id !== "TARGET_WORDS" && f.id !== "METAHOPE_POSTEDIT") });

describe("the presets-stored migration on the previous release's data", () => {
  it("stores each built-in project's preset as version 1 and keeps every row and value", async () => {
    const before = await snapshot();
    await run(client, migrations.filter((d) => d >= FIRST_NEW && d < PER_ITEM));
    const after = await snapshot();
    expect(after).toEqual(before);
    // the enums became text (20261126010000_enums_as_text), with the same strings (compared above)
    const types = await client.query(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE (table_name, column_name) IN (('ErrorSpan', 'category'), ('ErrorSpan', 'severity'), ('Alignment', 'pattern'), ('PostEdit', 'kind'), ('GoldReference', 'kind')) ORDER BY 1, 2`,
    );
    expect(types.rows.map((r) => `${r.table_name}.${r.column_name} ${r.data_type}`)).toEqual([
      "Alignment.pattern text", "ErrorSpan.category text", "ErrorSpan.severity text", "GoldReference.kind text", "PostEdit.kind text",
    ]);
    expect((await client.query(`SELECT typname FROM pg_type WHERE typname IN ('ErrorCategory', 'Severity', 'RealisationPattern', 'EditKind')`)).rowCount).toBe(0);
    // the unique keys holding a kind survived the type change
    const unique = await client.query(`SELECT indexname FROM pg_indexes WHERE indexname IN ('PostEdit_segmentId_annotatorId_kind_key', 'GoldReference_segmentId_language_kind_key') ORDER BY 1`);
    expect(unique.rows.map((r) => r.indexname)).toEqual(["GoldReference_segmentId_language_kind_key", "PostEdit_segmentId_annotatorId_kind_key"]);

    const mm = await definitionOf("pm");
    expect(mm.map((r) => r.version)).toEqual([1]);
    expect(sortedJson(mm[0].definition)).toBe(sortedJson(beforeWorkflow(beforeOptionalParts(beforeAgreementExport(MMTE_PRESET)))));
    expect(sortedJson((await definitionOf("ph"))[0].definition)).toBe(sortedJson(beforeWorkflow(beforeOptionalParts(beforeAgreementExport(METAHOPE_PRESET)))));
    expect(sortedJson((await definitionOf("pd"))[0].definition)).toBe(asStored(DEFAULT_SCHEME_CONFIG));
    // a project with its own scheme keeps it alone; one with no part on gets nothing
    expect((await definitionOf("po")).map((r) => r.version)).toEqual([1]);
    expect((await definitionOf("po"))[0].definition).toMatchObject({ id: "own" });
    expect(await definitionOf("pn")).toEqual([]);

    // every annotation of the built-in projects records version 1 (its updatedAt unchanged above);
    // the own-scheme project's annotation saved before it stored a scheme stays NULL
    const versions = await client.query(`SELECT id, "schemeVersion" FROM "Annotation" ORDER BY id`);
    expect(versions.rows).toEqual([
      { id: "an1", schemeVersion: 1 }, { id: "an2", schemeVersion: 1 }, { id: "an3", schemeVersion: 1 },
      { id: "an4", schemeVersion: 1 }, { id: "an5", schemeVersion: 1 }, { id: "an6", schemeVersion: null },
    ]);
  });

  it("version 1 is what presetOfParts derives, for every combination of parts", async () => {
    const rows = await client.query(`SELECT p.id, s.definition FROM "Project" p JOIN "ProjectScheme" s ON s."projectId" = p.id WHERE p.id LIKE 'combo-%'`);
    expect(rows.rowCount).toBe(combos.length);
    const stored = new Map(rows.rows.map((r) => [r.id as string, sortedJson(r.definition)]));
    for (const [i, c] of combos.entries()) expect(stored.get(`combo-${i}`), JSON.stringify(c)).toBe(asStored(c));
  });

  it("runs again without storing anything twice", async () => {
    const count = async () => (await client.query(`SELECT count(*)::int AS n FROM "ProjectScheme"`)).rows[0].n;
    const n = await count();
    await run(client, [FIRST_NEW]);
    expect(await count()).toBe(n);
  });

  it("the current code moves the projects onto the scheme runtime: a draft span is set aside, recorded in the audit log; figures unchanged; saves go under the merged assignment and record version 1", async () => {
    await run(client, migrations.filter((d) => d >= PER_ITEM));
    // a stored version runs as a scheme: the presets as shipped included
    expect(await getProjectRuntime(db, "pm")).toMatchObject({ kind: "scheme", version: 1 });
    expect(await getProjectRuntime(db, "ph")).toMatchObject({ kind: "scheme", version: 1 });
    // pn stores none: reading its runtime would move it (getProjectRuntime moves a bare project first), so it is not read before the move
    expect((await client.query(`SELECT count(*)::int AS n FROM "ProjectScheme" WHERE "projectId" = 'pn'`)).rows[0].n).toBe(0);
    for (const [i] of combos.entries()) expect((await getProjectRuntime(db, `combo-${i}`)).kind).toBe("scheme");
    // the paper tables the built-in runtime gave, from its own tables (post-edit pe1 against gold g1, the spans)
    const beforePm = await getScoreTables(db, "pm");
    expect(beforePm.mmte).not.toBeNull();
    // BLEU of u1's literal post-edit against the gold reference: the post-edit is read
    expect(beforePm.mmte?.automatic?.some((r) => r.bleu4.defined)).toBe(true);
    const rows = async (sql: string) => (await client.query(sql)).rows;
    // MetaHOPE's tables are checked after the move against the figures the built-in runtime gave
    // (the report reads the scheme's values now, so a "before" read would miss the unmoved span)
    const e2 = await db.errorSpan.findUniqueOrThrow({ where: { id: "e2" }, select: { createdAt: true, updatedAt: true } });

    const first = await moveEveryProjectOntoSchemeRuntime(db);
    // every project moves: MetaHOPE's draft span (e2: no category, no severity) does not hold it back
    expect(first.refused).toEqual([]);
    expect(first.moved.map((m) => m.slug).sort()).toEqual(["metahope", "mmte", "none"]);
    // a project with no part on had no version: it gets every MMTE and MetaHOPE field as version 1 (its configuration no longer parses)
    expect((await definitionOf("pn")).map((r) => r.version)).toEqual([1]);
    expect(await getProjectRuntime(db, "pn")).toMatchObject({ kind: "scheme", version: 1 });

    // MMTE: one assignment per annotator × item, with the status of the per-part one; the post-edit a value of version 1
    expect(await rows(`SELECT "annotatorId", status::text AS status FROM "Assignment" WHERE "projectId" = 'pm' ORDER BY "annotatorId"`)).toEqual([
      { annotatorId: "u1", status: "IN_PROGRESS" },
      { annotatorId: "u2", status: "DONE" },
    ]);
    expect(await rows(`SELECT count(*)::int AS n FROM "PostEdit" WHERE "projectId" = 'pm'`)).toEqual([{ n: 0 }]);
    expect(await rows(`SELECT "annotatorId", "itemKey", value, "schemeVersion" FROM "Annotation" WHERE "projectId" = 'pm' AND field = 'POSTEDIT_LITERAL'`)).toEqual([
      { annotatorId: "u1", itemKey: "-:-", value: "时间偷走一切。", schemeVersion: 1 },
    ]);
    // the gold reference stays, its link to the post-edit row gone with the row
    expect(await rows(`SELECT id, text, "sourcePostEditId" FROM "GoldReference"`)).toEqual([{ id: "g1", text: "时间偷走一切。", sourcePostEditId: null }]);
    const pmDef = (await getProjectRuntime(db, "pm")) as { kind: "scheme"; definition: Parameters<typeof getSchemePaperTables>[2] };
    const afterPm = await getSchemePaperTables(db, "pm", pmDef.definition);
    expect(afterPm.scores?.mmte).toStrictEqual(beforePm.mmte);
    expect(JSON.stringify(afterPm.scores?.mmte)).toBe(JSON.stringify(beforePm.mmte));

    // MetaHOPE: its span a value, its review mark that list's earlier version; the draft set aside, in no value, counted
    const ph = first.moved.find((m) => m.slug === "metahope")!;
    expect([ph.storedVersion, ph.converted]).toEqual([null, { spanLists: 1, errorSpans: 1, draftSpans: 1, postEdits: 0 }]);
    expect(await rows(`SELECT count(*)::int AS n FROM "ErrorSpan" WHERE "projectId" = 'ph'`)).toEqual([{ n: 0 }]);
    // … and recorded in full in the conversion's audit row
    const audit = await rows(`SELECT detail FROM "AuditLog" WHERE "projectId" = 'ph' AND action = 'scheme.convert-built-in-values'`);
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).toMatchObject({ errorSpans: 1, draftSpans: 1 });
    expect(audit[0].detail.draftSpansSetAside).toEqual([
      { id: "e2", annotatorId: "u1", translationId: "t2", segmentId: "s2", mrwId: null, start: 0, end: 2, category: null, severity: null, comment: null, createdAt: e2.createdAt.toISOString(), updatedAt: e2.updatedAt.toISOString() },
    ]);
    // a project without drafts records none
    expect((await rows(`SELECT detail FROM "AuditLog" WHERE "projectId" = 'pm' AND action = 'scheme.convert-built-in-values'`))[0].detail).toMatchObject({ draftSpans: 0, draftSpansSetAside: [] });
    expect(await rows(`SELECT id, value, version, "schemeVersion" FROM "Annotation" WHERE "projectId" = 'ph' AND field = 'METAHOPE_ERRORS'`)).toEqual([
      { id: "an5", value: [{ start: 3, end: 5, label: "MIS", attributes: { severity: 6 }, mrwId: "w2" }], version: 2, schemeVersion: 1 },
    ]);
    expect(await rows(`SELECT "annotatorId", status::text AS status FROM "Assignment" WHERE "projectId" = 'ph'`)).toEqual([{ annotatorId: "u1", status: "DONE" }]);
    const phDef = (await getProjectRuntime(db, "ph")) as { kind: "scheme"; definition: Parameters<typeof getSchemePaperTables>[2] };
    // e1 (MIS, MAJOR: penalty 6) counted, its draft e2 not, as the built-in runtime counted them
    const [phRow] = ((await getSchemePaperTables(db, "ph", phDef.definition)).scores?.metahope?.rows ?? []) as unknown as { eps: { segs: number; totals: Record<string, number> }; epm: { segs: number; totals: Record<string, number> } }[];
    expect(phRow).toMatchObject({
      eps: { segs: 6, totals: { IMP: 0, MIS: 6, PRF: 0, RAM: 0, STL: 0 } },
      epm: { segs: 6, totals: { IMP: 0, MIS: 6, PRF: 0, RAM: 0, STL: 0 } },
    });

    // idempotent: nothing of the earlier release is left, so a second run moves nothing and changes nothing
    const everything = async () => ({
      schemes: await rows(`SELECT "projectId", version FROM "ProjectScheme" ORDER BY 1, 2`),
      assignments: await rows(`SELECT id, status::text AS status FROM "Assignment" ORDER BY id`),
      annotations: await rows(`SELECT id, value, version, "schemeVersion" FROM "Annotation" ORDER BY id`),
      history: await rows(`SELECT count(*)::int AS n FROM "History"`),
    });
    const settled = await everything();
    expect(await moveEveryProjectOntoSchemeRuntime(db)).toEqual({ moved: [], refused: [] });
    expect(await everything()).toEqual(settled);

    // a save under the scheme runtime: the merged assignment admits it, version 1 recorded, History continued
    const r = await saveAnnotation(pool, {
      projectId: "pm",
      annotatorId: "u1",
      config: DEFAULT_SCHEME_CONFIG,
      runtime: await getProjectRuntime(db, "pm"),
      input: { segmentId: "s1", translationId: "t1", mrwId: null, field: "FLUENCY", value: 3, baseVersion: 2 },
    });
    expect(r.version).toBe(3);
    const row = await client.query(`SELECT value, "schemeVersion" FROM "Annotation" WHERE id = 'an1'`);
    expect(row.rows[0]).toEqual({ value: 3, schemeVersion: 1 });
    const hist = await client.query(`SELECT version, "oldValue", "newValue" FROM "History" WHERE "entityId" = 'an1' ORDER BY version`);
    expect(hist.rows.map((h) => [h.version, h.oldValue, h.newValue])).toEqual([[1, null, 3], [2, 3, 4], [3, 4, 3]]);
  });
});
