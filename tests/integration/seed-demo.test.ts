import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import type { Pool } from "pg";
import { seedDemo } from "@/lib/db/seed-demo";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("seedDemo", () => {
  it("seeds once, with three annotators on every segment of every scheme", async () => {
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
    const perItem = await db.assignment.groupBy({ by: ["segmentId", "scheme"], where: { projectId: demo.id }, _count: { _all: true } });
    expect(perItem.length).toBe(25 * 2);
    expect(new Set(perItem.map((p) => p._count._all))).toEqual(new Set([3]));
    const it_ = await db.project.findUniqueOrThrow({ where: { slug: "demo-it" } });
    expect(await db.translation.count({ where: { segment: { projectId: it_.id }, language: "it" } })).toBe(75);
  });
});
