import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import type { Pool } from "pg";
import { DEMO_PROJECTS, seedDemo } from "@/lib/db/demo/seed-demo";
import { getProjectRuntime, getProjectScheme } from "@/lib/db/projects/project-schemes";
import { presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { sortedJson } from "@/lib/schemes/canonical-value";
import { getAdjudicationQueue } from "@/lib/db/adjudication/adjudication";
import { getAgreementFigures } from "@/lib/reports";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("seedDemo", () => {
  it("seeds once, with three everyday annotators on every segment (one assignment per item for the whole scheme)", async () => {
    expect(await seedDemo(db, pool)).toBe(true);
    expect(await seedDemo(db, pool)).toBe(false);
    const demo = await db.project.findUniqueOrThrow({ where: { slug: "demo" } });
    expect(await db.segment.count({ where: { projectId: demo.id } })).toBeGreaterThanOrEqual(20);
    expect(await db.segment.count({ where: { projectId: demo.id, metaphorical: false } })).toBeGreaterThan(0);
    expect(await db.mtSystem.findMany({ where: { projectId: demo.id }, select: { name: true }, orderBy: { name: "asc" } })).toEqual([
      { name: "llm-gamma" },
      { name: "mt-alpha" },
      { name: "mt-beta" },
    ]);
    const everyday = { annotator: { email: { in: ["annotator1@demo.tropos", "annotator2@demo.tropos", "annotator3@demo.tropos"] } } };
    const perItem = await db.assignment.groupBy({ by: ["segmentId"], where: { projectId: demo.id, ...everyday }, _count: { _all: true } });
    // one assignment per annotator × item: MMTE and MetaHOPE are fields of one scheme, not parts with assignments of their own
    expect(perItem.length).toBe(25);
    expect(new Set(perItem.map((p) => p._count._all))).toEqual(new Set([3]));
    // the everyday annotators start fresh: nothing done, nothing annotated
    expect(await db.assignment.count({ where: { projectId: demo.id, ...everyday, status: { not: "TODO" } } })).toBe(0);
    expect(await db.annotation.count({ where: { projectId: demo.id, ...everyday } })).toBe(0);
    const it_ = await db.project.findUniqueOrThrow({ where: { slug: "demo-it" } });
    expect(await db.translation.count({ where: { segment: { projectId: it_.id }, language: "it" } })).toBe(75);
    expect(await db.annotation.count({ where: { projectId: it_.id } })).toBe(0);
  });

  // issue 14: the presets are stored as data; issue 28: the projects run them as their scheme
  it("stores each project's preset as scheme version 1, runs it as a scheme, and the finished work records it", async () => {
    for (const p of DEMO_PROJECTS) {
      const project = await db.project.findUniqueOrThrow({ where: { slug: p.slug }, select: { id: true } });
      const stored = await getProjectScheme(db, project.id);
      expect(stored?.version).toBe(1);
      expect(sortedJson(stored?.definition)).toBe(sortedJson(presetOfParts(p.schemeConfig)));
      const runtime = await getProjectRuntime(db, project.id);
      expect(runtime.kind).toBe("scheme");
      expect(runtime.version).toBe(1);
    }
    const demo = await db.project.findUniqueOrThrow({ where: { slug: "demo" }, select: { id: true } });
    expect((await getProjectScheme(db, demo.id))?.definition.id).toBe("built-in");
    const byVersion = await db.annotation.groupBy({ by: ["schemeVersion"], where: { projectId: demo.id }, _count: { _all: true } });
    expect(byVersion.map((v) => v.schemeVersion)).toEqual([1]);
  });

  // issue 13 point 12: a first visit to adjudication and the dashboard was empty
  // issue 28: the work is written as the earlier release stored it, then moved onto the scheme's values
  it("ships two annotators' submitted work on two documents, with disagreements to adjudicate", async () => {
    const demo = await db.project.findUniqueOrThrow({ where: { slug: "demo" } });
    const finished = { annotator: { email: { in: ["annotator4@demo.tropos", "annotator5@demo.tropos"] } } };
    const done = await db.assignment.groupBy({ by: ["annotatorId", "status"], where: { projectId: demo.id, ...finished }, _count: { _all: true } });
    expect(done.map((d) => [d.status, d._count._all]).sort()).toEqual([
      ["DONE", 17],
      ["DONE", 17],
    ]);
    // nothing of the earlier release is left: spans, review marks and post-edits are values
    const marks = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Annotation" WHERE "projectId" = $1 AND field = 'METAHOPE_ERRORS' AND jsonb_typeof(value) <> 'array'`, [demo.id]);
    expect(marks.rows[0].n).toBe(0);
    expect(await db.errorSpan.count({ where: { projectId: demo.id } })).toBe(0);
    expect(await db.postEdit.count({ where: { projectId: demo.id } })).toBe(0);
    const fieldsStored = await db.annotation.groupBy({ by: ["field"], where: { projectId: demo.id, ...finished }, _count: { _all: true } });
    for (const f of ["FLUENCY", "EQUIVALENCE", "ALIGNMENT", "METAHOPE_ERRORS", "POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL"]) expect(fieldsStored.map((r) => r.field), f).toContain(f);
    const move = await db.auditLog.findMany({ where: { projectId: demo.id, action: "scheme.moved-onto-runtime" } });
    expect(move).toHaveLength(1);
    expect(await db.assignment.count({ where: { projectId: demo.id, ...finished, segment: { externalId: { startsWith: "demo-doc-1-" } } } })).toBe(0);

    const queue = await getAdjudicationQueue(db, demo.id, { limit: 500 });
    expect(queue.total).toBeGreaterThan(20);
    const fields = new Set(queue.rows.map((r) => r.field));
    for (const f of ["FLUENCY", "EQUIVALENCE", "EMOTION", "ALIGNMENT"]) expect(fields, f).toContain(f);
    // the queue names sentences, not just ids
    const row = queue.rows[0];
    const segment = await db.segment.findUniqueOrThrow({ where: { id: row.segmentId } });
    expect(row.segmentText).toBe(segment.text);
    expect(row.segmentText.length).toBeGreaterThan(10);

    const figures = await getAgreementFigures(db, demo.id);
    const fluency = figures.filter((f) => f.field === "FLUENCY" && f.value !== null);
    expect(fluency.length).toBeGreaterThan(0);
    expect(fluency.every((f) => f.n > 0)).toBe(true);
  });
});
