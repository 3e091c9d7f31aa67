// Issue 28 point 4: the dashboard's statistics are cached by the report data's version. What the
// dashboard page computes (lib/reports/scheme-dashboard-page-data.ts: the scheme report and the
// paper analyses of a project on the MMTE + MetaHOPE preset) is computed once; a second view with
// nothing changed computes nothing and gets the very same objects; other options are another key;
// an annotator's save makes the next view compute again, and it sees the save, computing again
// only the parts that read the saved field, none when the save left the values as they were;
// what it keeps equals a computation from scratch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { parseReportQuery } from "@/lib/reports/report-query";
import { getSchemeDashboardPageData } from "@/lib/reports/scheme-dashboard-page-data";
import { partMemoStats, versionMemoStats } from "@/lib/reports/version-memo";
import { clearSchemeReportCache } from "@/lib/db/reports/scheme-report-data-cache";
import { clearReportCache, flushReportSnapshots } from "@/lib/db/reports/report-data-cache";
import { deleteReportSnapshot } from "@/lib/db/reports/snapshots";
import { flushKeptParts } from "@/lib/db/reports/kept-parts";
import { keptPartStoreStats } from "@/lib/reports/field-versions";
import { warmDashboard } from "@/lib/db/reports/warm-dashboard";
import { syntheticAnnotations } from "./synthetic-annotations";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** A project of an earlier release's shape (the import stores its parts' preset, every MMTE and MetaHOPE field, as version 1), annotated, and its dashboard view. */
async function demoProject() {
  const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
  const project = await makeProject(db);
  await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
  await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
  const runtime = await getProjectRuntime(db, project.id);
  expect(runtime.version).toBe(1);
  expect(runtime.definition.fields.map((f) => f.id)).toEqual(expect.arrayContaining(["FLUENCY", "EQUIVALENCE", "METAHOPE_ERRORS"]));
  const view = (params: Record<string, string> = {}) => getSchemeDashboardPageData(db, pool, project.id, runtime, parseReportQuery(params), { ciGiven: params.ci !== undefined });
  return { project, runtime, view };
}

/** A server start: the copies and parts written in the background are stored, the caches in memory gone. */
async function restartServer() {
  await flushReportSnapshots(pool);
  await flushKeptParts(pool);
  clearSchemeReportCache(pool);
  clearReportCache(pool);
}

describe("the dashboard page's statistics, cached by the report data's version", () => {
  it("computes nothing for a view with nothing changed, once per other options, and again after a save", async () => {
    const { project, runtime, view } = await demoProject();
    const first = await view();
    expect(first.paper).not.toBeNull();
    expect(first.report.figures.length).toBeGreaterThan(0);
    expect(first.paper!.mmte.length).toBeGreaterThan(0);

    // nothing changed: both computations served as computed, the same objects
    const before = versionMemoStats();
    const again = await view();
    expect(versionMemoStats()).toEqual({ computed: before.computed, served: before.served + 2 });
    expect(again.report).toBe(first.report);
    expect(again.paper).toBe(first.paper);

    // the options are part of the key: another convention (the paper part) is computed once, then served
    await view({ convention: "nominal" });
    await view({ convention: "nominal" });
    expect(versionMemoStats().computed).toBe(before.computed + 1);
    expect(versionMemoStats().served).toBe(before.served + 2 + 3);

    // an annotator's save: the next view computes both again and sees it
    const a = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "FLUENCY" }, select: { id: true, value: true } });
    await db.annotation.update({ where: { id: a.id }, data: { value: a.value === 1 ? 5 : 1 } });
    const parts = partMemoStats();
    const afterSave = await view();
    expect(versionMemoStats().computed).toBe(before.computed + 3);
    // … but of their parts (lib/reports/field-versions.ts) only those that read FLUENCY: its
    // statistics in the scheme report; MMTE table 3's scores (of which FLUENCY's aggregated values
    // alone), FLUENCY's agreement figures and rating distribution, and figure 6 in the paper
    // analyses. The other fields' statistics, figures and distributions, the other six MMTE fields'
    // aggregated values, figures 3 and 5 (equivalence and emotion labels), MetaHOPE's error spans,
    // scores and agreement, and the detail (EQUIVALENCE's) are served as computed.
    const fieldCount = new Set(runtime.definition.fields.map((f) => f.id)).size;
    const mmteFieldCount = afterSave.paper!.mmteFields.length;
    expect(partMemoStats()).toEqual({ computed: parts.computed + 1 + 5, served: parts.served + (fieldCount - 1) + 2 * (mmteFieldCount - 1) + 5 + (7 - 1) });
    expect(afterSave.report).not.toBe(first.report);
    expect(afterSave.paper).not.toBe(first.paper);
    const fluency = (r: typeof first.report) => r.distributions.filter((d) => d.field === "FLUENCY");
    expect(fluency(afterSave.report)).not.toEqual(fluency(first.report));

    // and a view after that, with nothing changed again, computes nothing
    const mid = versionMemoStats();
    const last = await view();
    expect(versionMemoStats()).toEqual({ computed: mid.computed, served: mid.served + 2 });
    expect(last.report).toBe(afterSave.report);
    expect(last.paper).toBe(afterSave.paper);

    // a save that wrote FLUENCY's value again (and one that wrote back the value it replaced, in
    // two statements): a new version of the data, but no field's values changed, so no part is
    // computed again, in the scheme report nor in the paper analyses (their rows compared per key)
    const saved = await db.annotation.findUniqueOrThrow({ where: { id: a.id }, select: { value: true } });
    const partsBefore = partMemoStats();
    await db.annotation.update({ where: { id: a.id }, data: { value: saved.value! } });
    const rewritten = await view();
    expect(rewritten.paper).not.toBe(afterSave.paper);
    expect(partMemoStats().computed).toBe(partsBefore.computed);
    await db.annotation.update({ where: { id: a.id }, data: { value: saved.value === 1 ? 2 : 1 } });
    await db.annotation.update({ where: { id: a.id }, data: { value: saved.value! } });
    const back = await view();
    expect(partMemoStats().computed).toBe(partsBefore.computed);
    expect(JSON.stringify(back.paper)).toBe(JSON.stringify(afterSave.paper));

    // what was kept per field equals a computation from scratch (every cache emptied, the stored
    // copies and the parts kept under them deleted)
    await flushReportSnapshots(pool);
    await flushKeptParts(pool);
    clearSchemeReportCache(pool);
    clearReportCache(pool);
    await deleteReportSnapshot(pool, project.id);
    const fresh = await view();
    expect(fresh.report).not.toBe(back.report);
    expect(fresh.paper).not.toBe(back.paper);
    expect(JSON.stringify(fresh.report)).toBe(JSON.stringify(back.report));
    expect(JSON.stringify(fresh.paper)).toBe(JSON.stringify(back.paper));
  }, 180_000);

  it("after a server start, computes again only the parts whose fields changed since the copy was stored (the others are kept in the database)", async () => {
    const { project, view } = await demoProject();
    // (every part computed, and handed to the store)
    const [parts, stored] = [partMemoStats(), keptPartStoreStats()];
    const first = await view();
    const computed = partMemoStats().computed - parts.computed;
    expect(computed).toBeGreaterThan(20);
    expect(keptPartStoreStats()).toEqual({ served: stored.served, put: stored.put + computed });

    // a start with nothing changed: every part from the database, none computed
    await restartServer();
    let [before, store] = [partMemoStats(), keptPartStoreStats()];
    const unchanged = await view();
    const looked = partMemoStats().computed - before.computed;
    expect(looked).toBeGreaterThan(20);
    expect(keptPartStoreStats()).toEqual({ served: store.served + looked, put: store.put });
    expect(JSON.stringify(unchanged.report)).toBe(JSON.stringify(first.report));
    expect(JSON.stringify(unchanged.paper)).toBe(JSON.stringify(first.paper));

    // a save, then a start: the parts that read FLUENCY computed (as after a save: see above), the others from the database
    const a = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "FLUENCY" }, select: { id: true, value: true } });
    await db.annotation.update({ where: { id: a.id }, data: { value: a.value === 1 ? 5 : 1 } });
    await restartServer();
    [before, store] = [partMemoStats(), keptPartStoreStats()];
    const afterSave = await view();
    expect(keptPartStoreStats()).toEqual({ served: store.served + (partMemoStats().computed - before.computed) - (1 + 5), put: store.put + 1 + 5 });
    const fluency = (r: typeof first.report) => r.distributions.filter((d) => d.field === "FLUENCY");
    expect(fluency(afterSave.report)).not.toEqual(fluency(first.report));

    // … and the same as a computation from scratch
    await restartServer();
    await deleteReportSnapshot(pool, project.id);
    const fresh = await view();
    expect(JSON.stringify(fresh.report)).toBe(JSON.stringify(afterSave.report));
    expect(JSON.stringify(fresh.paper)).toBe(JSON.stringify(afterSave.paper));
  }, 180_000);

  it("is computed ahead of the first view after an import (warmDashboard): that view computes nothing, nor one after a server start", async () => {
    const { project, view } = await demoProject();
    await warmDashboard(db, project.id);
    const reports = versionMemoStats();
    const first = await view();
    expect(versionMemoStats()).toEqual({ computed: reports.computed, served: reports.served + 2 });
    // another server, or this one restarted: every part from the database
    await restartServer();
    const stored = keptPartStoreStats();
    const restarted = await view();
    expect(keptPartStoreStats().put).toBe(stored.put);
    expect(keptPartStoreStats().served).toBeGreaterThan(stored.served);
    expect(JSON.stringify(restarted.report)).toBe(JSON.stringify(first.report));
    expect(JSON.stringify(restarted.paper)).toBe(JSON.stringify(first.paper));
  }, 180_000);
});
