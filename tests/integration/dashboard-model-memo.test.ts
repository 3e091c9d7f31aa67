// A built-in dashboard view with nothing changed does no statistics work (issue 28 point 4): the
// dashboard model is kept on the version of the cached report data (lib/reports/dashboard-model-memo.ts
// over lib/db/report-data-cache.ts reportDataVersion). A write the reports read (an annotator's
// value) makes a new version, computed once again, with the new value in it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import type { Db } from "@/lib/db/client";
import { getReportData, reportDataVersion } from "@/lib/db/report-data-cache";
import { getMetricScores } from "@/lib/db/metric-scores";
import { dashboardModelOf } from "@/lib/reports/dashboard-model-memo";
import { parseReportQuery } from "@/lib/reports/report-query";
import { versionMemoStats } from "@/lib/reports/version-memo";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

let db: Db;
let pool: pg.Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("the built-in dashboard model, kept by the report data's version", () => {
  it("is computed once while nothing changed, again after a save", async () => {
    const [a, b] = [await makeUser(db), await makeUser(db)];
    const project = await makeProject(db, [a, b].map((u) => ({ userId: u.id, roles: ["ANNOTATOR" as const] })));
    const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
    const system = await db.mtSystem.create({ data: { projectId: project.id, name: "sys" } });
    const first: string[] = [];
    for (let i = 0; i < 4; i++) {
      const segment = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Time flies ${i}.`, language: "en" } });
      const t = await db.translation.create({ data: { segmentId: segment.id, systemId: system.id, language: "zh", text: `时光飞逝 ${i}` } });
      for (const [u, v] of [[a, 1 + (i % 5)], [b, 1 + ((i + (i === 3 ? 1 : 0)) % 5)]] as const) {
        const row = await db.annotation.create({ data: { projectId: project.id, annotatorId: u.id, segmentId: segment.id, translationId: t.id, itemKey: `${t.id}:-`, field: "FLUENCY", value: v } });
        if (u === a) first.push(row.id);
      }
    }
    const q = parseReportQuery({});
    const view = async () => {
      const data = await getReportData(db, project.id);
      return { version: reportDataVersion(data), model: dashboardModelOf(data, q, { ciGiven: true }, await getMetricScores(pool, project.id)) };
    };
    const fluency = (m: Awaited<ReturnType<typeof view>>["model"]) => m.figures.find((f) => f.field === "FLUENCY" && f.system === "sys" && f.statistic === "krippendorff_alpha" && f.level === "interval")!.value;

    const one = await view();
    const before = versionMemoStats();
    const two = await view();
    expect(two.version).toBeDefined();
    expect(two.version).toBe(one.version);
    expect(versionMemoStats()).toEqual({ computed: before.computed, served: before.served + 1 });
    expect(two.model.figures).toBe(one.model.figures);

    // a save: a new version, computed once, with the new value
    await db.annotation.update({ where: { id: first[3] }, data: { value: 5 } });
    const three = await view();
    expect(three.version).not.toBe(one.version);
    expect(versionMemoStats().computed).toBe(before.computed + 1);
    expect(fluency(three.model)).not.toBe(fluency(one.model));
    // other options: another model of the same version
    const data = await getReportData(db, project.id);
    dashboardModelOf(data, parseReportQuery({ split: "TEST" }), { ciGiven: true }, await getMetricScores(pool, project.id));
    expect(versionMemoStats().computed).toBe(before.computed + 2);
  });
});
