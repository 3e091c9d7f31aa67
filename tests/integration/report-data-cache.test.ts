/**
 * The report cache (lib/db/reports/report-data-cache.ts) against real PostgreSQL: a project read once is
 * served again only while no write to anything the reports read has committed since; every
 * table's trigger (migration 20261123000000_report_changes) invalidates it, writes that do not
 * matter (active time, other projects, rolled-back transactions) do not, and a write racing with
 * a read makes the next request read again. What the cache holds is stored in the database
 * (lib/db/reports/snapshots.ts) and brought up to date from there after a restart, unless the
 * change log was pruned past it, it comes from another cluster or it does not decode.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { readReportData } from "@/lib/db/reports/report-data";
import {
  cachedProjects,
  clearReportCache,
  flushReportSnapshots,
  getReportData,
  recentlyActiveProjects,
  refreshStaleStoredReports,
  reportCacheStats,
  warmRecentlyActiveProjects,
  warmReportData,
} from "@/lib/db/reports/report-data-cache";
import { deleteOldReportChanges } from "@/lib/db/reports/changes";
import { readReportSnapshot, writeReportSnapshot } from "@/lib/db/reports/snapshots";
import { buildDashboardModel } from "@/lib/reports/analyses/paper/dashboard-model";
import type { TReportData } from "@/lib/reports/report-input";
import { parseReportQuery } from "@/lib/reports/report-query";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { MMTE_METAHOPE_PRESET } from "@/lib/schemes/presets/preset-of-parts";

let db: Db;
let pool: pg.Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function seed() {
  const user = await makeUser(db);
  const project = await makeProject(db, [{ userId: user.id, roles: ["ANNOTATOR"] }]);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
  const system = await db.mtSystem.create({ data: { projectId: project.id, name: "sys" } });
  const segment = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: "s0", index: 0, text: "Time flies.", language: "en" } });
  const mrw = await db.mrw.create({ data: { projectId: project.id, segmentId: segment.id, externalId: "m", spans: [{ start: 5, end: 10 }], start: 5, end: 10, token: "flies" } });
  const translation = await db.translation.create({ data: { segmentId: segment.id, systemId: system.id, language: "zh", text: "时光飞逝" } });
  const annotation = await db.annotation.create({
    data: { projectId: project.id, annotatorId: user.id, segmentId: segment.id, translationId: translation.id, itemKey: `${translation.id}:-`, field: "FLUENCY", value: 4 },
  });
  const assignment = await db.assignment.create({ data: { projectId: project.id, annotatorId: user.id, segmentId: segment.id } });
  return { user, project, doc, system, segment, mrw, translation, annotation, assignment };
}

/** Reads twice around `write`: whether the second read was not served from the cache as it was. */
async function invalidates(projectId: string, write: () => Promise<unknown>): Promise<boolean> {
  await getReportData(db, projectId);
  const before = reportCacheStats(pool);
  await write();
  await getReportData(db, projectId);
  return reportCacheStats(pool).hits === before.hits;
}

/** Everything in report data, in a canonical order (row order is not part of the contract). */
function canonical(d: TReportData) {
  const sorted = <T>(xs: readonly T[]) => xs.map((x) => JSON.stringify(x)).sort();
  return {
    project: d.project,
    annotators: d.annotators,
    systems: d.systems,
    segments: d.segments,
    mrws: d.mrws,
    translations: d.translations,
    annotations: sorted(d.annotations),
    errorSpans: sorted(d.errorSpans),
    adjudications: sorted(d.adjudications),
    goldReferences: sorted(d.goldReferences),
    coverage: {
      doneAssignments: sorted(d.metahopeCoverage.doneAssignments),
      annotatorsWithAssignments: sorted(d.metahopeCoverage.annotatorsWithAssignments),
      annotatorsWithImportedSpans: sorted(d.metahopeCoverage.annotatorsWithImportedSpans),
      annotatorsWithDeletedSpans: sorted(d.metahopeCoverage.annotatorsWithDeletedSpans),
    },
  };
}

/** The dashboard's figures and score tables of report data (its timing left out). */
function dashboardOf(d: TReportData) {
  const { figures, scores, detail } = buildDashboardModel(d, parseReportQuery({}), { ciGiven: true });
  return JSON.parse(JSON.stringify({ figures, scores, detail }));
}

describe("report cache", () => {
  it("a save of a project's own scheme field under a document or role item key is passed over, not misread", async () => {
    const s = await seed();
    await getReportData(db, s.project.id);
    const before = reportCacheStats(pool);
    for (const [itemKey, field] of [["document", "register"], ["role:premise", "premise-ok"]]) {
      await db.annotation.create({ data: { projectId: s.project.id, annotatorId: s.user.id, segmentId: s.segment.id, itemKey, field, value: true } });
    }
    const after = await getReportData(db, s.project.id);
    expect(reportCacheStats(pool)).toMatchObject({ refreshes: before.refreshes + 1, reads: before.reads });
    expect(after.annotations.map((a) => a.field)).toEqual(["FLUENCY"]);
  });

  it("a new scheme version of the project means a full read (issue 14 point 6), of that project only", async () => {
    const s = await seed();
    const other = await seed();
    await getReportData(db, s.project.id);
    await getReportData(db, other.project.id);
    const before = reportCacheStats(pool);
    await setProjectScheme(db, s.project.id, MMTE_METAHOPE_PRESET, { actorId: null, note: "guidelines after the pilot" });
    await getReportData(db, s.project.id);
    expect(reportCacheStats(pool)).toMatchObject({ hits: before.hits, reads: before.reads + 1, refreshes: before.refreshes });
    await getReportData(db, other.project.id);
    expect(reportCacheStats(pool)).toMatchObject({ hits: before.hits + 1, reads: before.reads + 1 });
  });

  it("serves an unchanged project from memory and reads again after a save", async () => {
    const s = await seed();
    const first = await getReportData(db, s.project.id);
    const before = reportCacheStats(pool);
    const second = await getReportData(db, s.project.id);
    expect(reportCacheStats(pool)).toMatchObject({ hits: before.hits + 1, reads: before.reads });
    expect(second).not.toBe(first); // each caller its own copy …
    expect(second.segments).toBe(first.segments); // … of shared, frozen lists
    expect(() => (second.segments as unknown[]).push({})).toThrow();
    expect(second.annotations.map((a) => a.value)).toEqual([4]);

    await db.annotation.update({ where: { id: s.annotation.id }, data: { value: 2, version: { increment: 1 } } });
    const third = await getReportData(db, s.project.id);
    // one changed row: patched in, not read in full
    expect(reportCacheStats(pool)).toMatchObject({ hits: before.hits + 1, refreshes: before.refreshes + 1, reads: before.reads });
    expect(third.annotations.map((a) => a.value)).toEqual([2]);
    // materialising rows on one copy leaves the cached columns for the next caller
    const fourth = await getReportData(db, s.project.id);
    expect(fourth.annotations.map((a) => a.value)).toEqual([2]);
  });

  it("every input of the reports invalidates it", async () => {
    const s = await seed();
    const p = s.project.id;
    const writes: [string, () => Promise<unknown>][] = [
      ["annotation insert", () => db.annotation.create({ data: { projectId: p, annotatorId: s.user.id, segmentId: s.segment.id, translationId: s.translation.id, itemKey: `${s.translation.id}:-`, field: "OVERALL", value: 3 } })],
      ["annotation delete", () => db.annotation.deleteMany({ where: { projectId: p, field: "OVERALL" } })],
      ["error span", () => db.errorSpan.create({ data: { projectId: p, annotatorId: s.user.id, translationId: s.translation.id, category: "IMP", severity: "MAJOR", start: 0, end: 2 } })],
      ["adjudication", () => db.adjudication.create({ data: { projectId: p, segmentId: s.segment.id, translationId: s.translation.id, itemKey: `${s.translation.id}:-`, field: "FLUENCY", value: 4 } })],
      ["gold reference", () => db.goldReference.create({ data: { projectId: p, segmentId: s.segment.id, language: "zh", kind: "LITERAL", text: "时间飞" } })],
      ["assignment done", () => db.assignment.update({ where: { id: s.assignment.id }, data: { status: "DONE" } })],
      ["MRW", () => db.mrw.update({ where: { id: s.mrw.id }, data: { active: false } })],
      ["segment", () => db.segment.update({ where: { id: s.segment.id }, data: { split: "TEST" } })],
      ["translation", () => db.translation.update({ where: { id: s.translation.id }, data: { text: "光阴似箭" } })],
      ["system", () => db.mtSystem.update({ where: { id: s.system.id }, data: { name: "sys2" } })],
      ["document", () => db.document.update({ where: { id: s.doc.id }, data: { position: 2 } })],
      ["project languages", () => db.project.update({ where: { id: p }, data: { targetLang: "zh-Hans" } })],
      ["a user's email", () => db.user.update({ where: { id: s.user.id }, data: { email: `renamed-${s.user.email}` } })],
    ];
    for (const [what, write] of writes) expect(await invalidates(p, write), what).toBe(true);
    const fresh = await getReportData(db, p);
    expect(fresh.systems.map((x) => x.name)).toEqual(["sys2"]);
    expect(fresh.project.targetLang).toBe("zh-Hans");
  });

  it("writes the reports do not read, other projects' writes and rolled-back writes leave it valid", async () => {
    const s = await seed();
    const other = await seed();
    const p = s.project.id;
    expect(await invalidates(p, () => db.assignment.update({ where: { id: s.assignment.id }, data: { timeSpentMs: { increment: 5000 } } })), "active time").toBe(false);
    expect(await invalidates(p, () => db.project.update({ where: { id: p }, data: { name: "renamed" } })), "project name").toBe(false);
    expect(await invalidates(p, () => db.annotation.update({ where: { id: other.annotation.id }, data: { value: 1 } })), "another project").toBe(false);
    const rolledBack = async () => {
      const c = await pool.connect();
      try {
        await c.query("BEGIN");
        await c.query(`UPDATE "Annotation" SET value = '1' WHERE id = $1`, [s.annotation.id]);
        await c.query("ROLLBACK");
      } finally {
        c.release();
      }
    };
    expect(await invalidates(p, rolledBack), "rolled back").toBe(false);
  });

  it("a write racing with a read is never served from the cache afterwards", async () => {
    const s = await seed();
    // the write commits after the read's snapshot: the read may or may not include it …
    await getReportData(db, s.project.id, {
      afterSnapshot: async () => void (await db.annotation.update({ where: { id: s.annotation.id }, data: { value: 1 } })),
    });
    // … so the next request looks again, and sees it
    const before = reportCacheStats(pool);
    const next = await getReportData(db, s.project.id);
    expect(reportCacheStats(pool).hits).toBe(before.hits);
    expect(next.annotations.map((a) => a.value)).toEqual([1]);
  });

  it("a write in a transaction still open when the read began is seen once it commits", async () => {
    const s = await seed();
    const c = await pool.connect();
    try {
      await c.query("BEGIN");
      await c.query(`UPDATE "Annotation" SET value = '5' WHERE id = $1`, [s.annotation.id]);
      const during = await getReportData(db, s.project.id); // cannot see the open transaction
      expect(during.annotations.map((a) => a.value)).toEqual([4]);
      await c.query("COMMIT");
    } finally {
      c.release();
    }
    const after = await getReportData(db, s.project.id);
    expect(after.annotations.map((a) => a.value)).toEqual([5]);
  });

  it("requests arriving together share one read", async () => {
    const s = await seed();
    const before = reportCacheStats(pool);
    const all = await Promise.all([1, 2, 3, 4].map(() => getReportData(db, s.project.id)));
    expect(reportCacheStats(pool).reads + reportCacheStats(pool).refreshes).toBe(before.reads + before.refreshes + 1);
    for (const d of all) expect(d.annotations.map((a) => a.value)).toEqual([4]);
  });

  it("brought up to date after random writes, equals a fresh read every time", async () => {
    const s = await seed();
    const p = s.project.id;
    const users = [s.user, await makeUser(db), await makeUser(db)];
    const mrw2 = await db.mrw.create({ data: { projectId: p, segmentId: s.segment.id, externalId: "m2", spans: [{ start: 0, end: 4 }], start: 0, end: 4, token: "Time" } });
    const items: [string | null, string | null][] = [[s.translation.id, null], [s.translation.id, s.mrw.id], [s.translation.id, mrw2.id], [null, null]];
    // (a gold reference: BLEU and ROUGE per system read every translation of the scope)
    await db.goldReference.create({ data: { projectId: p, segmentId: s.segment.id, language: "zh", kind: "FIGURATIVE", text: "时光飞逝" } });
    const fields = ["FLUENCY", "OVERALL", "EQUIVALENCE", "EMOTION", "COMMENT"];
    let seed32 = 20261123;
    const rand = (n: number) => ((seed32 = (Math.imul(seed32, 1103515245) + 12345) >>> 0) % n);
    await getReportData(db, p);
    const start = reportCacheStats(pool);
    const counted = { reads: 0, refreshes: 0, restores: 0 };
    for (let step = 0; step < 40; step++) {
      // a batch of one to three writes, as one or several transactions
      for (let w = 0, n = 1 + rand(3); w < n; w++) {
        const u = users[rand(users.length)];
        const [t, m] = items[rand(items.length)];
        const field = fields[rand(fields.length)];
        const key = { annotatorId: u.id, segmentId: s.segment.id, itemKey: `${t ?? "-"}:${m ?? "-"}`, field };
        switch (rand(8)) {
          case 0:
            await db.annotation.deleteMany({ where: { projectId: p, ...key } });
            break;
          case 7: {
            // the lists: read again, the annotation columns kept
            const which = rand(5);
            if (which === 0) await db.segment.update({ where: { id: s.segment.id }, data: { split: [null, "TEST", "PILOT"][rand(3)] as "TEST" | "PILOT" | null } });
            else if (which === 1) await db.mrw.update({ where: { id: [s.mrw.id, mrw2.id][rand(2)] }, data: { active: rand(2) === 0 } });
            else if (which === 2) await db.project.update({ where: { id: p }, data: { targetLang: ["zh", "zh-Hans"][rand(2)] } });
            else if (which === 3) await db.document.update({ where: { id: s.doc.id }, data: { position: rand(3) } });
            else if (items.length < 7) {
              // a new system and its translation, annotated from now on
              const system = await db.mtSystem.create({ data: { projectId: p, name: `sys-${step}` } });
              const t = await db.translation.create({ data: { segmentId: s.segment.id, systemId: system.id, language: "zh", text: `译 ${step}` } });
              items.push([t.id, null], [t.id, s.mrw.id]);
            } else {
              // … or one of them deleted again, with its annotations
              const [t] = items.splice(items.length - 2, 2)[0];
              await db.translation.delete({ where: { id: t! } });
            }
            break;
          }
          case 1:
            await db.errorSpan.create({ data: { projectId: p, annotatorId: u.id, translationId: s.translation.id, mrwId: rand(2) ? s.mrw.id : null, category: "IMP", severity: "MINOR", start: 0, end: 1 } });
            break;
          case 2:
            await db.adjudication.upsert({
              where: { segmentId_itemKey_field: { segmentId: s.segment.id, itemKey: key.itemKey, field } },
              create: { projectId: p, segmentId: s.segment.id, translationId: t, mrwId: m, itemKey: key.itemKey, field, value: rand(5) },
              update: { value: rand(5) },
            });
            break;
          default: {
            const value = field === "EQUIVALENCE" ? ["FULL", "PART", "NONE"][rand(3)] : field === "COMMENT" ? { text: `c${rand(3)}` } : rand(5) + 1;
            await db.annotation.upsert({
              where: { annotatorId_segmentId_itemKey_field: key },
              create: { projectId: p, ...key, translationId: t, mrwId: m, value },
              update: { value, version: { increment: 1 } },
            });
          }
        }
      }
      // now and then a restart: the next request starts from the stored copy
      if (rand(5) === 0) {
        await flushReportSnapshots(pool);
        const c = reportCacheStats(pool);
        counted.reads += c.reads;
        counted.refreshes += c.refreshes;
        counted.restores += c.restores;
        clearReportCache(pool);
      }
      // (a request without texts may be given the cached copy with them)
      const cached = await getReportData(db, p, { withTranslationText: rand(2) === 0 });
      const fresh = await readReportData(db, p);
      expect(canonical(cached), `step ${step}`).toEqual(canonical(fresh));
      // and what is computed from them (the dense indexes behind the figures included)
      expect(dashboardOf(cached), `step ${step}`).toEqual(dashboardOf(fresh));
    }
    // and it was patched, not read in full
    const end = reportCacheStats(pool);
    expect(counted.reads + end.reads).toBe(start.reads);
    expect(counted.restores + end.restores).toBeGreaterThan(start.restores + 3);
    expect(counted.refreshes + end.refreshes + counted.restores + end.restores).toBeGreaterThan(start.refreshes + start.restores + 30);
  });

  it("a new system's translation, not yet annotated, is in the figures as in a fresh read", async () => {
    const s = await seed();
    await db.goldReference.create({ data: { projectId: s.project.id, segmentId: s.segment.id, language: "zh", kind: "FIGURATIVE", text: "时光飞逝" } });
    await getReportData(db, s.project.id);
    const system = await db.mtSystem.create({ data: { projectId: s.project.id, name: "new" } });
    await db.translation.create({ data: { segmentId: s.segment.id, systemId: system.id, language: "zh", text: "时间在飞" } });
    const before = reportCacheStats(pool);
    const cached = await getReportData(db, s.project.id);
    expect(reportCacheStats(pool).refreshes).toBe(before.refreshes + 1);
    expect(dashboardOf(cached)).toEqual(dashboardOf(await readReportData(db, s.project.id)));
  });

  it("the change log keeps two hours", async () => {
    const s = await seed();
    // two transactions: the later one's row is younger than two hours
    const old = await pool.query<{ xid: string }>(`INSERT INTO "ReportChange" ("projectId", "tableName", "createdAt") VALUES ($1, 'Annotation', now() - interval '3 hours') RETURNING xid::text`, [s.project.id]);
    await pool.query(`INSERT INTO "ReportChange" ("projectId", "tableName", "createdAt") VALUES ($1, 'Annotation', now() - interval '90 minutes')`, [s.project.id]);
    // (the seed's own rows go too: their transactions came before the old row's)
    const count = async () => (await pool.query(`SELECT count(*)::int AS n FROM "ReportChange" WHERE "projectId" = $1 AND "createdAt" < now() - interval '1 hour'`, [s.project.id])).rows[0].n;
    expect(await count()).toBe(2);
    expect(await deleteOldReportChanges(pool)).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(1);
    // … and the project's horizon is the deleted row's transaction
    const horizon = await pool.query(`SELECT xid::text FROM "ReportChangeHorizon" WHERE "projectId" = $1`, [s.project.id]);
    expect(horizon.rows[0].xid).toBe(old.rows[0].xid);
  });

  it("a project warmed after an import is served from memory at once", async () => {
    const s = await seed();
    await warmReportData(db, s.project.id);
    const before = reportCacheStats(pool);
    await getReportData(db, s.project.id);
    expect(reportCacheStats(pool)).toMatchObject({ hits: before.hits + 1, reads: before.reads, refreshes: before.refreshes });
  });

  it("at server start the projects worked on last are warmed; deleted ones are not", async () => {
    const s = await seed();
    const gone = await seed();
    await db.project.delete({ where: { id: gone.project.id } });
    await db.annotation.update({ where: { id: s.annotation.id }, data: { value: 3 } });
    const recent = await recentlyActiveProjects(pool, 50); // other test files write too
    expect(recent).toContain(s.project.id);
    expect(recent).not.toContain(gone.project.id);
    expect(await warmRecentlyActiveProjects(db, 0)).toEqual([]);
    // other test files' projects may be more recent: what matters is that those warmed are cached,
    // the most recent last (the last to be evicted), and no more than the cache holds
    const warmed = await warmRecentlyActiveProjects(db, 50);
    expect(warmed.length).toBeGreaterThan(0);
    expect(warmed.length).toBeLessThanOrEqual(4);
    expect(cachedProjects(pool).slice(-warmed.length)).toEqual([...warmed].reverse());
  });
});

describe("stored report data", () => {
  /** Reads the project (in full or not), stores what the cache holds and empties the cache: a restart. */
  async function storeAndRestart(projectId: string) {
    await getReportData(db, projectId);
    await flushReportSnapshots(pool);
    clearReportCache(pool);
  }
  const stats = () => reportCacheStats(pool);

  it("after a restart, is brought up to date from the stored copy instead of read in full", async () => {
    const s = await seed();
    const p = s.project.id;
    await getReportData(db, p);
    await flushReportSnapshots(pool);
    expect(stats().persists).toBeGreaterThanOrEqual(1);
    expect(await readReportSnapshot(pool, p)).not.toBeNull();
    clearReportCache(pool);

    // unchanged: used as it is, and not stored again
    const same = await getReportData(db, p);
    await flushReportSnapshots(pool);
    expect(stats()).toMatchObject({ reads: 0, restores: 1, persists: 0 });
    expect(canonical(same)).toEqual(canonical(await readReportData(db, p)));

    // changed while no server held it: the saved rows and changed tables patched in
    clearReportCache(pool);
    await db.annotation.update({ where: { id: s.annotation.id }, data: { value: 1, version: { increment: 1 } } });
    await db.errorSpan.create({ data: { projectId: p, annotatorId: s.user.id, translationId: s.translation.id, category: "MIS", severity: "SEVERE", start: 0, end: 1 } });
    const patched = await getReportData(db, p);
    expect(stats()).toMatchObject({ reads: 0, restores: 1 });
    expect(canonical(patched)).toEqual(canonical(await readReportData(db, p)));
    expect(patched.annotations.map((a) => a.value)).toEqual([1]);
    // and stored again, so the next restart starts from there
    await flushReportSnapshots(pool);
    expect(stats().persists).toBe(1);
    clearReportCache(pool);
    expect((await getReportData(db, p)).errorSpans).toHaveLength(1);
    expect(stats()).toMatchObject({ reads: 0, restores: 1 });
  });

  it("a change to the lists is brought in with them; a bulk annotation write means a full read", async () => {
    const s = await seed();
    await storeAndRestart(s.project.id);
    await db.segment.update({ where: { id: s.segment.id }, data: { split: "PILOT" } });
    const d = await getReportData(db, s.project.id);
    expect(stats()).toMatchObject({ reads: 0, restores: 1 });
    expect(d.segments.map((x) => x.split)).toEqual(["PILOT"]);
    expect(canonical(d)).toEqual(canonical(await readReportData(db, s.project.id)));
    // an annotation statement of more than 5,000 rows is logged without its keys
    await pool.query(`INSERT INTO "ReportChange" ("projectId", "tableName", keys) VALUES ($1, 'Annotation', NULL)`, [s.project.id]);
    await getReportData(db, s.project.id);
    expect(stats()).toMatchObject({ reads: 1, restores: 1 });
  });

  it("keeps the log rows a stored copy could not see, however old", async () => {
    const s = await seed();
    await storeAndRestart(s.project.id);
    // a day of annotation nobody looked at: the saves' log rows are hours old when the lead comes
    await db.annotation.update({ where: { id: s.annotation.id }, data: { value: 3 } });
    await pool.query(`UPDATE "ReportChange" SET "createdAt" = now() - interval '9 hours' WHERE "projectId" = $1`, [s.project.id]);
    await deleteOldReportChanges(pool);
    const d = await getReportData(db, s.project.id);
    expect(stats()).toMatchObject({ reads: 0, restores: 1 });
    expect(d.annotations.map((x) => x.value)).toEqual([3]);
    // once stored again, those rows are seen by the stored copy and go
    await flushReportSnapshots(pool);
    await deleteOldReportChanges(pool);
    const left = await pool.query(`SELECT count(*)::int AS n FROM "ReportChange" WHERE "projectId" = $1 AND "createdAt" < now() - interval '2 hours'`, [s.project.id]);
    expect(left.rows[0].n).toBe(0);
  });

  it("is not trusted once the change log was pruned past it; other projects' copies still are", async () => {
    const a = await seed();
    const b = await seed();
    await storeAndRestart(a.project.id);
    await storeAndRestart(b.project.id);
    // a save to each, then a's log rows aged past two hours and pruned (more unseen rows than are
    // kept for a stored copy: here none): a's copy can no longer tell whether that save is in it
    await db.annotation.update({ where: { id: a.annotation.id }, data: { value: 2 } });
    await db.annotation.update({ where: { id: b.annotation.id }, data: { value: 2 } });
    await pool.query(`UPDATE "ReportChange" SET "createdAt" = now() - interval '3 hours' WHERE "projectId" = $1`, [a.project.id]);
    expect(await deleteOldReportChanges(pool, { keepUnseen: 0 })).toBeGreaterThanOrEqual(1);

    const da = await getReportData(db, a.project.id);
    expect(stats()).toMatchObject({ reads: 1, restores: 0 });
    expect(da.annotations.map((x) => x.value)).toEqual([2]);
    const db2 = await getReportData(db, b.project.id);
    expect(stats()).toMatchObject({ reads: 1, restores: 1 });
    expect(db2.annotations.map((x) => x.value)).toEqual([2]);

    // a copy read after the prune is trusted again
    await flushReportSnapshots(pool);
    clearReportCache(pool);
    await getReportData(db, a.project.id);
    expect(stats()).toMatchObject({ reads: 0, restores: 1 });
  });

  it("an entry held in memory is not trusted either once the log was pruned past it", async () => {
    const s = await seed();
    await getReportData(db, s.project.id);
    await db.annotation.update({ where: { id: s.annotation.id }, data: { value: 5 } });
    await pool.query(`UPDATE "ReportChange" SET "createdAt" = now() - interval '3 hours' WHERE "projectId" = $1`, [s.project.id]);
    await deleteOldReportChanges(pool, { keepUnseen: 0 });
    const before = stats();
    const d = await getReportData(db, s.project.id);
    expect(stats()).toMatchObject({ hits: before.hits, refreshes: before.refreshes, reads: before.reads + 1 });
    expect(d.annotations.map((x) => x.value)).toEqual([5]);
  });

  it("a copy from another database cluster, or one that does not decode, is read in full", async () => {
    const s = await seed();
    await storeAndRestart(s.project.id);
    await pool.query(`UPDATE "ReportSnapshot" SET cluster = 'another' WHERE "projectId" = $1`, [s.project.id]);
    await getReportData(db, s.project.id);
    expect(stats()).toMatchObject({ reads: 1, restores: 0 });

    await flushReportSnapshots(pool);
    clearReportCache(pool);
    expect(await readReportSnapshot(pool, s.project.id)).not.toBeNull(); // stored again, for this cluster
    await pool.query(`UPDATE "ReportSnapshotChunk" SET data = '\\x00ff' WHERE "projectId" = $1`, [s.project.id]);
    await pool.query(`UPDATE "ReportSnapshot" SET bytes = (SELECT sum(length(data)) FROM "ReportSnapshotChunk" WHERE "projectId" = $1) WHERE "projectId" = $1`, [s.project.id]);
    const d = await getReportData(db, s.project.id);
    expect(stats()).toMatchObject({ reads: 1, restores: 0 });
    expect(canonical(d)).toEqual(canonical(await readReportData(db, s.project.id)));
  });

  it("an older copy never replaces a newer one (two app servers)", async () => {
    const s = await seed();
    await storeAndRestart(s.project.id);
    const stored = (await pool.query<{ snapshot: string }>(`SELECT snapshot FROM "ReportSnapshot" WHERE "projectId" = $1`, [s.project.id])).rows[0].snapshot;
    const older = "1:1:";
    expect(await writeReportSnapshot(pool, s.project.id, older, true, Buffer.from("old"))).toBe(false);
    expect((await pool.query(`SELECT snapshot FROM "ReportSnapshot" WHERE "projectId" = $1`, [s.project.id])).rows[0].snapshot).toBe(stored);
    expect(await readReportSnapshot(pool, s.project.id)).not.toBeNull();
    // deleting the project deletes its copy
    await db.project.delete({ where: { id: s.project.id } });
    expect((await pool.query(`SELECT count(*)::int AS n FROM "ReportSnapshotChunk" WHERE "projectId" = $1`, [s.project.id])).rows[0].n).toBe(0);
  });
});

describe("report store upkeep", () => {
  it("brings stored copies with many changes since up to date, and stores projects never read, so that the first view is a patch", async () => {
    const s = await seed();
    const other = await seed();
    await getReportData(db, s.project.id);
    await getReportData(db, other.project.id);
    await flushReportSnapshots(pool);
    const storedSnapshot = async (id: string) => (await pool.query<{ snapshot: string }>(`SELECT snapshot FROM "ReportSnapshot" WHERE "projectId" = $1`, [id])).rows[0].snapshot;
    const before = await storedSnapshot(s.project.id);
    const otherBefore = await storedSnapshot(other.project.id);
    for (const value of [1, 2, 3]) await db.annotation.update({ where: { id: s.annotation.id }, data: { value } });
    await db.annotation.update({ where: { id: other.annotation.id }, data: { value: 1 } });
    const neverRead = await seed(); // worked on, never read: no stored copy, whatever its changes
    // (other test files' projects may be stale too: what matters is which of these are refreshed)
    const firstPass = await refreshStaleStoredReports(pool, db, 50);
    expect(firstPass).toContain(neverRead.project.id);
    expect(firstPass).not.toContain(s.project.id);
    expect(await readReportSnapshot(pool, neverRead.project.id)).not.toBeNull();
    const refreshed = await refreshStaleStoredReports(pool, db, 2);
    expect(refreshed).toContain(s.project.id);
    expect(refreshed).not.toContain(other.project.id);
    expect(refreshed).not.toContain(neverRead.project.id);
    expect(await storedSnapshot(s.project.id)).not.toBe(before);
    expect(await storedSnapshot(other.project.id)).toBe(otherBefore);
    // the stored copy now holds the last save
    clearReportCache(pool);
    expect((await getReportData(db, s.project.id)).annotations.map((a) => a.value)).toEqual([3]);
    expect(reportCacheStats(pool)).toMatchObject({ reads: 0, restores: 1 });
  });
});
