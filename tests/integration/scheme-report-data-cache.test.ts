// Issue 28: the scheme report's values cache (lib/db/reports/scheme-report-data-cache.ts) patches
// itself with what changed and restores itself from its stored copy; either way what it serves must
// be what a full read (getSchemeReportData) gives. Each step below writes what the app writes (saves,
// deletes, assignments, adjudications, lists of segments and translations, a new scheme version) and
// compares the cached data with a full read, and checks that it was patched (or restored), not read
// in full. The values are compared as a set (a full read's order is the table's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { flushReportSnapshots } from "@/lib/db/reports/report-data-cache";
import { getSchemeReportData, type TSchemeReportData, type TSchemeReportFilter } from "@/lib/db/reports/scheme-report-data";
import { clearSchemeReportCache, getSchemeReportDataCached, schemeReportCacheStats } from "@/lib/db/reports/scheme-report-data-cache";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { syntheticAnnotations } from "./synthetic-annotations";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const byJson = (a: unknown, b: unknown) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
/** The data with its lists in one order and its maps as sorted entries. */
function canonical(d: TSchemeReportData) {
  return {
    values: d.values.map((r) => ({ ...r })).sort((a, b) => (`${a.unit} ${a.annotator} ${a.field}` < `${b.unit} ${b.annotator} ${b.field}` ? -1 : 1)),
    itemGold: [...d.itemGold].sort(byJson),
    adjudicatedGold: [...d.adjudicatedGold].sort(byJson),
    progress: d.progress,
    systems: d.systems,
    itemLists: [...d.itemLists].sort(byJson),
    itemMetadata: [...d.itemMetadata].sort(byJson),
    unitTexts: [...d.unitTexts].sort(byJson),
  };
}

describe("the scheme report's values cache", () => {
  it("patched after each kind of write, and restored after a restart, equals a full read", async () => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    const project = await makeProject(db);
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
    let runtime = await getProjectRuntime(db, project.id);
    const filters: TSchemeReportFilter[] = [{}, { language: "zh" }, { split: "TEST" }];
    const stats = () => schemeReportCacheStats(pool);

    /** every filter's cached data equals a full read; `how` says how the cache got it */
    const check = async (step: string, how: "reads" | "refreshes" | "restores" | "hits") => {
      for (const filter of filters) {
        const before = stats();
        const cached = await getSchemeReportDataCached(pool, project.id, runtime, filter);
        expect(stats()[how], `${step} ${JSON.stringify(filter)}: ${how}`).toBe(before[how] + 1);
        const full = await getSchemeReportData(pool, project.id, runtime.definition, filter);
        expect(canonical(cached), `${step} ${JSON.stringify(filter)}`).toEqual(canonical(full));
      }
    };

    await check("first read", "reads");
    const first = canonical(await getSchemeReportData(pool, project.id, runtime.definition));
    expect(first.values.length).toBeGreaterThan(100);
    expect(first.unitTexts.length).toBeGreaterThan(0); // METAHOPE_ERRORS is a spans field
    await check("nothing changed", "hits");

    // an annotator's save (an update), a new value (an insert) and a deleted one
    const fluency = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "FLUENCY" }, orderBy: { id: "asc" } });
    await db.annotation.update({ where: { id: fluency.id }, data: { value: fluency.value === 1 ? 5 : 1 } });
    await check("a save", "refreshes");
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = fluency as typeof fluency & { createdAt?: unknown; updatedAt?: unknown };
    const other = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "FLUENCY", annotatorId: { not: fluency.annotatorId } }, orderBy: { id: "desc" } });
    await db.annotation.create({ data: { ...copy, value: 3, annotatorId: other.annotatorId, segmentId: fluency.segmentId } as never }).catch(async () => {
      // that annotator has a value there already: rewrite it instead
      await db.annotation.updateMany({ where: { annotatorId: other.annotatorId, segmentId: fluency.segmentId, itemKey: fluency.itemKey, field: "FLUENCY" }, data: { value: 3 } });
    });
    await db.annotation.delete({ where: { id: other.id } });
    await check("an insert and a delete", "refreshes");
    const spans = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "METAHOPE_ERRORS" } });
    await db.annotation.delete({ where: { id: spans.id } });
    await check("a deleted span list", "refreshes");

    // assignments: the progress
    const assignment = await db.assignment.findFirstOrThrow({ where: { projectId: project.id }, orderBy: { id: "asc" } });
    await db.assignment.update({ where: { id: assignment.id }, data: { status: assignment.status === "DONE" ? "SKIPPED" : "DONE" } });
    await check("an assignment's status", "refreshes");

    // the lists: a segment moved to the other split, a translation's text, a system renamed, a new segment, a deleted one
    const segments = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { index: "asc" }, include: { translations: true } });
    const annotated = segments.find((s) => s.id === fluency.segmentId)!;
    await db.segment.update({ where: { id: annotated.id }, data: { split: annotated.split === "TEST" ? "PILOT" : "TEST" } });
    await check("a segment's split", "refreshes");
    const spanned = segments.find((s) => s.id === spans.segmentId) ?? annotated;
    for (const t of spanned.translations) await db.translation.update({ where: { id: t.id }, data: { text: `${t.text} (revised)` } });
    await db.segment.update({ where: { id: spanned.id }, data: { text: `${spanned.text} (revised)` } });
    await check("texts revised", "refreshes");
    const system = await db.mtSystem.findFirstOrThrow({ where: { projectId: project.id } });
    await db.mtSystem.update({ where: { id: system.id }, data: { name: `${system.name}-renamed` } });
    await check("a system renamed", "refreshes");
    const last = segments[segments.length - 1];
    await db.segment.create({ data: { projectId: project.id, documentId: last.documentId, externalId: "added", index: last.index + 1, text: "An added segment.", language: last.language, split: "TEST" } });
    await check("a segment added", "refreshes");
    // not the segment of the FLUENCY value saved again below (ids are random: it could be any)
    await db.segment.delete({ where: { id: segments.find((s, i) => i >= 1 && s.id !== fluency.segmentId)!.id } });
    await check("a segment deleted", "refreshes");

    // a restart: the stored copies brought up to date with a save made since
    await flushReportSnapshots(pool);
    const stored = await pool.query<{ kind: string }>(`SELECT kind FROM "ReportSnapshot" WHERE "projectId" = $1 ORDER BY kind`, [project.id]);
    expect(stored.rows.map((r) => r.kind)).toEqual(expect.arrayContaining(["scheme:", "scheme:zh"]));
    clearSchemeReportCache(pool);
    await db.annotation.update({ where: { id: fluency.id }, data: { value: 2 } });
    filters.pop(); // a split's copy is not stored
    await check("a restart", "restores");
    clearSchemeReportCache(pool);
    await check("a restart with nothing changed since", "restores");

    // a new scheme version (adjudicated gold of FLUENCY) is a full read, then adjudications are patched in
    const v2 = ZSchemeDefinition.parse({ ...runtime.definition, fields: runtime.definition.fields.map((f) => (f.id === "FLUENCY" ? { ...f, gold: { from: "adjudication" } } : f)) });
    await setProjectScheme(db, project.id, v2, { actorId: null });
    runtime = await getProjectRuntime(db, project.id);
    expect(runtime.version).toBe(2);
    await check("a new scheme version", "reads");
    await db.adjudication.create({ data: { projectId: project.id, segmentId: fluency.segmentId, translationId: fluency.translationId, itemKey: fluency.itemKey, field: "FLUENCY", value: 4 } });
    await check("an adjudication", "refreshes");
    expect((await getSchemeReportDataCached(pool, project.id, runtime)).adjudicatedGold).toHaveLength(1);
    // a restart after the new version: the stored copy of version 1 was replaced by version 2's
    await flushReportSnapshots(pool);
    clearSchemeReportCache(pool);
    await check("a restart on version 2", "restores");

    // a user's email (a write to every project) is a full read
    await db.user.update({ where: { id: fluency.annotatorId }, data: { email: `renamed-${Date.now()}@test.tropos` } });
    await check("an email changed", "reads");
  }, 240_000);
});
