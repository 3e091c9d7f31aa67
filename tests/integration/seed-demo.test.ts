import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import type { Pool } from "pg";
import { DEMO_PROJECTS, seedDemo } from "@/lib/db/seed-demo";
import { getProjectRuntime, getProjectScheme } from "@/lib/db/project-schemes";
import { builtInSchemeFor } from "@/lib/schemes/presets/built-in-scheme-for-config";
import { sortedJson } from "@/lib/schemes/canonical-value";
import { getAdjudicationQueue } from "@/lib/db/adjudication";
import { getAgreementFigures } from "@/lib/reports";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("seedDemo", () => {
  it("seeds once, with three everyday annotators on every segment of every scheme", async () => {
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
    const perItem = await db.assignment.groupBy({ by: ["segmentId", "scheme"], where: { projectId: demo.id, ...everyday }, _count: { _all: true } });
    expect(perItem.length).toBe(25 * 2);
    expect(new Set(perItem.map((p) => p._count._all))).toEqual(new Set([3]));
    // the everyday annotators start fresh: nothing done, nothing annotated
    expect(await db.assignment.count({ where: { projectId: demo.id, ...everyday, status: { not: "TODO" } } })).toBe(0);
    expect(await db.annotation.count({ where: { projectId: demo.id, ...everyday } })).toBe(0);
    const it_ = await db.project.findUniqueOrThrow({ where: { slug: "demo-it" } });
    expect(await db.translation.count({ where: { segment: { projectId: it_.id }, language: "it" } })).toBe(75);
    expect(await db.annotation.count({ where: { projectId: it_.id } })).toBe(0);
  });

  // issue 14: the presets are stored as data; the projects still run the built-in runtime
  it("stores each project's preset as scheme version 1, and the finished work records it", async () => {
    for (const p of DEMO_PROJECTS) {
      const project = await db.project.findUniqueOrThrow({ where: { slug: p.slug }, select: { id: true } });
      const stored = await getProjectScheme(db, project.id);
      expect(stored?.version).toBe(1);
      expect(sortedJson(stored?.definition)).toBe(sortedJson(builtInSchemeFor(p.schemeConfig)));
      expect(await getProjectRuntime(db, project.id)).toEqual({ kind: "built-in", version: 1 });
    }
    const demo = await db.project.findUniqueOrThrow({ where: { slug: "demo" }, select: { id: true } });
    expect((await getProjectScheme(db, demo.id))?.definition.id).toBe("built-in");
    const byVersion = await db.annotation.groupBy({ by: ["schemeVersion"], where: { projectId: demo.id }, _count: { _all: true } });
    expect(byVersion.map((v) => v.schemeVersion)).toEqual([1]);
  });

  // issue 13 point 12: a first visit to adjudication and the dashboard was empty
  it("ships two annotators' submitted work on two documents, with disagreements to adjudicate", async () => {
    const demo = await db.project.findUniqueOrThrow({ where: { slug: "demo" } });
    const finished = { annotator: { email: { in: ["annotator4@demo.tropos", "annotator5@demo.tropos"] } } };
    const done = await db.assignment.groupBy({ by: ["annotatorId", "scheme", "status"], where: { projectId: demo.id, ...finished }, _count: { _all: true } });
    expect(done.map((d) => [d.scheme, d.status, d._count._all]).sort()).toEqual([
      ["METAHOPE", "DONE", 17],
      ["METAHOPE", "DONE", 17],
      ["MMTE", "DONE", 17],
      ["MMTE", "DONE", 17],
    ]);
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
