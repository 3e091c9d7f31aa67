/**
 * The report cache (lib/db/report-data-cache.ts) against real PostgreSQL: a project read once is
 * served again only while no write to anything the reports read has committed since; every
 * table's trigger (migration 20261123000000_report_changes) invalidates it, writes that do not
 * matter (active time, other projects, rolled-back transactions) do not, and a write racing with
 * a read makes the next request read again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { readReportData } from "@/lib/db/report-data";
import { cachedProjects, getReportData, recentlyActiveProjects, reportCacheStats, warmRecentlyActiveProjects, warmReportData } from "@/lib/db/report-data-cache";
import { deleteOldReportChanges } from "@/lib/db/report-changes";
import type { TReportData } from "@/lib/reports/report-input";

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
  const assignment = await db.assignment.create({ data: { projectId: project.id, annotatorId: user.id, segmentId: segment.id, scheme: "METAHOPE" } });
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

describe("report cache", () => {
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
    const fields = ["FLUENCY", "OVERALL", "EQUIVALENCE", "EMOTION", "COMMENT"];
    let seed32 = 20261123;
    const rand = (n: number) => ((seed32 = (Math.imul(seed32, 1103515245) + 12345) >>> 0) % n);
    await getReportData(db, p);
    const start = reportCacheStats(pool);
    for (let step = 0; step < 40; step++) {
      // a batch of one to three writes, as one or several transactions
      for (let w = 0, n = 1 + rand(3); w < n; w++) {
        const u = users[rand(users.length)];
        const [t, m] = items[rand(items.length)];
        const field = fields[rand(fields.length)];
        const key = { annotatorId: u.id, segmentId: s.segment.id, itemKey: `${t ?? "-"}:${m ?? "-"}`, field };
        switch (rand(6)) {
          case 0:
            await db.annotation.deleteMany({ where: { projectId: p, ...key } });
            break;
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
      const cached = await getReportData(db, p, { withTranslationText: rand(2) === 0 });
      const fresh = await readReportData(db, p);
      expect(canonical(cached), `step ${step}`).toEqual(canonical(fresh));
    }
    // and it was patched, not read in full
    const end = reportCacheStats(pool);
    expect(end.reads).toBe(start.reads);
    expect(end.refreshes).toBeGreaterThan(start.refreshes + 30);
  });

  it("the change log keeps two hours", async () => {
    const s = await seed();
    await pool.query(`INSERT INTO "ReportChange" ("projectId", "tableName", "createdAt") VALUES ($1, 'Annotation', now() - interval '3 hours'), ($1, 'Annotation', now() - interval '90 minutes')`, [s.project.id]);
    const before = (await pool.query(`SELECT count(*)::int AS n FROM "ReportChange" WHERE "projectId" = $1`, [s.project.id])).rows[0].n;
    expect(await deleteOldReportChanges(pool)).toBeGreaterThanOrEqual(1);
    const after = (await pool.query(`SELECT count(*)::int AS n FROM "ReportChange" WHERE "projectId" = $1`, [s.project.id])).rows[0].n;
    expect(after).toBe(before - 1);
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
