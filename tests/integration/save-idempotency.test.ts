// Safe retries (issue 21 point 7) on real PostgreSQL: a save that committed while its answer was
// lost, sent again with the same idempotency key, gets its first answer (same version) and writes
// nothing twice; keys are per user; a stale base version under a new key is still a conflict;
// History holds one row per version of an entity. On the one runtime every annotator write is a
// value saved by saveAnnotation (error spans: the METAHOPE_ERRORS list of a translation; post-edits:
// the edit fields' texts), under the project's stored scheme and the annotator's SCHEME assignment.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { dumpProject, restoreProject } from "@/lib/db/export/project-dump";
import { acceptUnanimous, undoAutomaticAcceptance } from "@/lib/db/adjudication/adjudication";
import { adjudicationScenario } from "@/scripts/e2e-metahope-fixture";
import { deleteOldSaveReceipts, saveRequestHash, type TSaveReceiptKey } from "@/lib/db/workspace/save-receipts";
import { ZSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";

let db: Db;
let pool: Pool;
const config: TSchemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });
let projectId: string;
let runtime: TSchemeRuntime;
let a1: string, a2: string;
let seg: { id: string; translations: { id: string }[] };

beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  [a1, a2] = [(await makeUser(db, { tag: "idem1" })).id, (await makeUser(db, { tag: "idem2" })).id];
  const p = await makeProject(db, [
    { userId: a1, roles: ["ANNOTATOR"] },
    { userId: a2, roles: ["ANNOTATOR"] },
  ]);
  projectId = p.id;
  await db.project.update({ where: { id: p.id }, data: { schemeConfig: config } });
  // the first read stores the preset of the project's parts (MMTE and MetaHOPE) as its version 1
  runtime = await getProjectRuntime(db, p.id);
  await loadImport(pool, { projectId: p.id, fileName: "demo-corpus.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  await createAssignments(db, { projectId: p.id, annotatorIds: [a1, a2], perItem: 2, shuffle: false });
  seg = await db.segment.findFirstOrThrow({
    where: { projectId: p.id, externalId: "demo-doc-1-s2" },
    select: { id: true, translations: { select: { id: true }, orderBy: { id: "asc" } } },
  });
});
afterAll(closeTestDatabase);


/** What the annotations route does: the key and the hash of the parsed body. */
function annotationSave(annotatorId: string, input: Partial<TSaveAnnotationInput>, key: string | null) {
  const full = { segmentId: seg.id, translationId: seg.translations[0].id, mrwId: null, field: "FLUENCY", value: 4, baseVersion: 0, ...input } as TSaveAnnotationInput;
  const receipt: TSaveReceiptKey | null = key ? { key, requestHash: saveRequestHash("annotation", { projectId }, full) } : null;
  return saveAnnotation(pool, { projectId, annotatorId, config, runtime, input: full, receipt });
}

const historyOf = (entityId: string) => db.history.findMany({ where: { entityId }, orderBy: { version: "asc" }, select: { version: true, duplicate: true } });

describe("idempotent annotation saves", () => {
  it("a committed save sent again with its key answers the same version and writes no second history row", async () => {
    const k1 = randomUUID();
    const first = await annotationSave(a1, { value: 3 }, k1);
    expect(first.version).toBe(1);
    // the answer was lost; the browser retries the same request with the same key
    expect(await annotationSave(a1, { value: 3 }, k1)).toEqual(first);
    const k2 = randomUUID();
    const second = await annotationSave(a1, { value: 5, baseVersion: 1 }, k2);
    expect(second).toEqual({ id: first.id, version: 2 });
    expect(await annotationSave(a1, { value: 5, baseVersion: 1 }, k2)).toEqual(second);
    expect(await annotationSave(a1, { value: 5, baseVersion: 1 }, k2)).toEqual(second);
    expect(await historyOf(first.id)).toEqual([
      { version: 1, duplicate: 0 },
      { version: 2, duplicate: 0 },
    ]);
    expect((await db.annotation.findUniqueOrThrow({ where: { id: first.id } })).value).toBe(5);
  });

  it("without a key the retry meets the conflict of before (old clients)", async () => {
    const first = await annotationSave(a1, { field: "FIDELITY", value: 2 }, null);
    const e = await rejection(annotationSave(a1, { field: "FIDELITY", value: 2 }, null));
    expect(e.code).toBe("CONFLICT");
    expect(e.detail).toMatchObject({ current: { version: first.version, value: 2 } });
  });

  it("a stale base version with a new key is still a 409 with the current value", async () => {
    const first = await annotationSave(a1, { field: "OVERALL", value: 4 }, randomUUID());
    await annotationSave(a1, { field: "OVERALL", value: 2, baseVersion: 1 }, randomUUID());
    const e = await rejection(annotationSave(a1, { field: "OVERALL", value: 5, baseVersion: 1 }, randomUUID()));
    expect(e.code).toBe("CONFLICT");
    expect(e.detail).toMatchObject({ current: { version: 2, value: 2 } });
    expect(await historyOf(first.id)).toHaveLength(2);
  });

  it("keys are per user: another annotator's key never answers for them", async () => {
    const key = randomUUID();
    const mine = await annotationSave(a1, { field: "INTELLIGIBILITY", value: 4 }, key);
    // a2's stale save under a1's key: a conflict (a2 has no version 1), not a1's stored answer
    const e = await rejection(annotationSave(a2, { field: "INTELLIGIBILITY", value: 4, baseVersion: 1 }, key));
    expect(e.code).toBe("CONFLICT");
    // a2's first save under the same key is a2's own save, with a row of its own
    const theirs = await annotationSave(a2, { field: "INTELLIGIBILITY", value: 4 }, key);
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.version).toBe(1);
    expect(await db.saveReceipt.count({ where: { key } })).toBe(2);
  });

  it("one key for two different requests is refused, and the second request writes nothing", async () => {
    const key = randomUUID();
    const first = await annotationSave(a1, { field: "FLUENCY", translationId: seg.translations[1].id, value: 3 }, key);
    // different value, right base version: would pass the version check, so the receipt's key clashes
    const e = await rejection(annotationSave(a1, { field: "FLUENCY", translationId: seg.translations[1].id, value: 1, baseVersion: 1 }, key));
    expect(e.code).toBe("UNPROCESSABLE");
    const row = await db.annotation.findUniqueOrThrow({ where: { id: first.id } });
    expect([row.value, row.version]).toEqual([3, 1]);
    // and under a stale base version (the diagnosis path)
    expect((await rejection(annotationSave(a1, { field: "FLUENCY", translationId: seg.translations[1].id, value: 2, baseVersion: 0 }, key))).code).toBe("UNPROCESSABLE");
  });

  it("prunes receipts older than the retention, not newer ones", async () => {
    const key = randomUUID();
    await annotationSave(a1, { field: "FLUENCY", translationId: seg.translations[2].id, value: 3 }, key);
    await pool.query(`UPDATE "SaveReceipt" SET "createdAt" = now() - interval '8 days' WHERE key = $1`, [key]);
    const fresh = await db.saveReceipt.count({ where: { createdAt: { gt: new Date(Date.now() - 86_400_000) } } });
    expect(await deleteOldSaveReceipts(pool)).toBeGreaterThanOrEqual(1);
    expect(await db.saveReceipt.count({ where: { key } })).toBe(0);
    expect(await db.saveReceipt.count({ where: { createdAt: { gt: new Date(Date.now() - 86_400_000) } } })).toBe(fresh);
  });
});

describe("idempotent post-edit and error span writes (values of the edit fields and of METAHOPE_ERRORS)", () => {
  const span = (start: number, end: number, label: string, severity: number) => ({ start, end, label, attributes: { severity } });
  const valueOf = async (id: string) => (await db.annotation.findUniqueOrThrow({ where: { id } })).value;

  it("a post-edit retried with its key answers the same version", async () => {
    const input = { field: "POSTEDIT_LITERAL", translationId: null, value: "区域经济已失去动力。" };
    const key = randomUUID();
    const first = await annotationSave(a1, input, key);
    expect(await annotationSave(a1, input, key)).toEqual(first);
    expect(await historyOf(first.id)).toEqual([{ version: 1, duplicate: 0 }]);
    // a new key with the stale base version: the conflict of before
    expect((await rejection(annotationSave(a1, input, randomUUID()))).code).toBe("CONFLICT");
    expect(await valueOf(first.id)).toBe("区域经济已失去动力。");
  });

  it("an error span's creation retried with its key stores one span; edits and deletion answer again too", async () => {
    const t = seg.translations[1].id;
    const created = span(0, 2, "MIS", 4);
    const errors = (value: unknown, baseVersion: number) => ({ field: "METAHOPE_ERRORS", translationId: t, value, baseVersion });
    const kc = randomUUID();
    const first = await annotationSave(a1, errors([created], 0), kc);
    expect(await annotationSave(a1, errors([created], 0), kc)).toEqual(first);
    expect(await valueOf(first.id)).toEqual([created]);
    // the severity changed
    const ku = randomUUID();
    const updated = await annotationSave(a1, errors([{ ...created, attributes: { severity: 8 } }], 1), ku);
    expect(await annotationSave(a1, errors([{ ...created, attributes: { severity: 8 } }], 1), ku)).toEqual(updated);
    // the span deleted: the list without it
    const kd = randomUUID();
    const deleted = await annotationSave(a1, errors([], 2), kd);
    expect(await annotationSave(a1, errors([], 2), kd)).toEqual(deleted);
    expect([updated.version, deleted.version]).toEqual([2, 3]);
    expect(await historyOf(first.id)).toEqual([1, 2, 3].map((version) => ({ version, duplicate: 0 })));
    expect(await db.annotation.count({ where: { annotatorId: a1, translationId: t, field: "METAHOPE_ERRORS" } })).toBe(1);
  });

  it("two sends of one creation racing each other store one value and give both the same answer", async () => {
    const t = seg.translations[2].id;
    const input = { field: "METAHOPE_ERRORS", translationId: t, value: [span(1, 3, "STL", 2)] };
    const key = randomUUID();
    const [x, y] = await Promise.all([0, 1].map(() => annotationSave(a2, input, key)));
    expect(x).toEqual(y);
    expect(await db.annotation.count({ where: { annotatorId: a2, translationId: t, field: "METAHOPE_ERRORS" } })).toBe(1);
    expect(await historyOf(x.id)).toEqual([{ version: 1, duplicate: 0 }]);
  });
});

describe("History: one row per version of an entity", () => {
  it("refuses a second row for the same entity and version", async () => {
    const a = await annotationSave(a2, { field: "FIDELITY", value: 3 }, randomUUID());
    const insert = () =>
      pool.query(`INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "newValue") VALUES ($1, $2, $3, 'ANNOTATION', $4, 1, '3')`, [randomUUID(), projectId, a2, a.id]);
    await expect(insert()).rejects.toMatchObject({ code: "23505", constraint: "History_entity_entityId_version_duplicate_key" });
    // the same version of another kind of entity, or the next version, is fine
    await pool.query(`INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version) VALUES ($1, $2, $3, 'ERROR_SPAN', $4, 1)`, [randomUUID(), projectId, a2, a.id]);
    await expect(db.history.create({ data: { projectId, userId: a2, entity: "ANNOTATION", entityId: a.id, version: 1 } })).rejects.toThrow();
  });

  it("a restore next to the original gives the history of a deleted row a fresh id, so the key holds (and old backups without the column restore)", async () => {
    // History of a row deleted since (as an undone automatic acceptance leaves it)
    const gone = `gone-${randomUUID()}`;
    for (const version of [1, 2]) {
      await pool.query(`INSERT INTO "History" (id, "projectId", entity, "entityId", version) VALUES ($1, $2, 'ADJUDICATION', $3, $4)`, [randomUUID(), projectId, gone, version]);
    }
    const lines: string[] = [];
    for await (const l of dumpProject(pool, projectId)) lines.push(l);
    const restored = await restoreProject(pool, lines.join("").split("\n"), { slug: `copy-${randomUUID().slice(0, 8)}` });
    const copies = await db.history.findMany({ where: { projectId: restored.projectId, entity: "ADJUDICATION" }, select: { entityId: true, version: true } });
    expect(copies.map((c) => c.version).sort()).toEqual([1, 2]);
    expect(new Set(copies.map((c) => c.entityId)).size).toBe(1); // both versions still name one row
    expect(copies[0].entityId).not.toBe(gone);
    // a backup written before History.duplicate existed
    const isHistory = (l: string) => /"kind"\s*:\s*"History"/.test(l);
    const old = lines.join("").split("\n").map((l) => (isHistory(l) ? l.replace(/,"duplicate":0/, "") : l));
    expect(old.filter(isHistory).length).toBeGreaterThan(0);
    expect(old.some((l) => isHistory(l) && l.includes('"duplicate"'))).toBe(false);
    await restoreProject(pool, old, { slug: `copy-${randomUUID().slice(0, 8)}` });
  });

  it("two undos of automatic acceptance at once: one undoes, the other finds nothing left, one History row each", async () => {
    const p = await makeProject(db);
    await db.project.update({ where: { id: p.id }, data: { schemeConfig: config } });
    await getProjectRuntime(db, p.id);
    await loadImport(pool, { projectId: p.id, fileName: "adj.jsonl", result: adjudicationScenario() });
    const adj = await makeUser(db, { tag: "adj" });
    const { accepted } = await acceptUnanimous(db, { projectId: p.id, actorId: adj.id });
    expect(accepted).toBeGreaterThan(0);
    const results = await Promise.all([0, 1, 2].map(() => undoAutomaticAcceptance(db, { projectId: p.id, actorId: adj.id })));
    expect(results.map((r) => r.undone).sort((x, y) => y - x)).toEqual([accepted, 0, 0]);
    const hist = await db.history.groupBy({ by: ["entityId", "version"], where: { projectId: p.id, entity: "ADJUDICATION" }, _count: true });
    expect(hist).toHaveLength(2 * accepted); // version 1 (accepted) and 2 (undone) of each
    expect(hist.every((h) => h._count === 1)).toBe(true);
  });

  it("the migration numbers existing duplicates instead of deleting them", async () => {
    // its UPDATE, run on a copy of History without the key (the real table refuses duplicates now)
    const { readFileSync } = await import("node:fs");
    const sql = readFileSync("prisma/migrations/20261125160000_history_unique_version/migration.sql", "utf8");
    const update = sql
      .split(";")
      .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
      .find((s) => s.startsWith("UPDATE"));
    expect(update).toBeDefined();
    const client = await pool.connect();
    try {
      await client.query(`CREATE TEMP TABLE "History" (LIKE public."History" INCLUDING DEFAULTS)`); // shadows public."History" in this session
      const rows: [string, string, number, string][] = [
        ["h1", "X", 2, "2026-01-01"],
        ["h2", "X", 2, "2026-01-02"],
        ["h3", "X", 2, "2026-01-03"],
        ["h4", "X", 3, "2026-01-01"],
        ["h5", "Y", 2, "2026-01-01"],
      ];
      for (const [id, entityId, version, at] of rows) {
        await client.query(`INSERT INTO "History" (id, "projectId", entity, "entityId", version, "createdAt") VALUES ($1, 'p', 'ADJUDICATION', $2, $3, $4)`, [id, entityId, version, at]);
      }
      await client.query(update!);
      const { rows: after } = await client.query(`SELECT id, duplicate FROM "History" ORDER BY id`);
      expect(after).toEqual([
        { id: "h1", duplicate: 0 },
        { id: "h2", duplicate: 1 },
        { id: "h3", duplicate: 2 },
        { id: "h4", duplicate: 0 },
        { id: "h5", duplicate: 0 },
      ]);
    } finally {
      await client.query(`DROP TABLE IF EXISTS pg_temp."History"`);
      client.release();
    }
  });
});
