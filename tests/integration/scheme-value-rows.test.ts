// Stored values of a custom scheme read back as agreement rows (lib/db/scheme-value-rows.ts) and
// turned into figures per system and pooled: units are shared across annotators, systems come from
// the translation, a segment-scoped field has none, another project's values never come along.
import { readFileSync } from "node:fs";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { getSchemeValueRows } from "@/lib/db/scheme-value-rows";
import { schemeAgreementFigures } from "@/lib/reports/scheme-agreement";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const EXAMPLE = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function projectWithValues() {
  const [a, b] = [await makeUser(db, { tag: "a" }), await makeUser(db, { tag: "b" })];
  const project = await makeProject(db);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
  const systems = await Promise.all(["sys-A", "sys-B"].map((name) => db.mtSystem.create({ data: { projectId: project.id, name } })));
  for (const [i, split] of (["PILOT", "TEST", "TEST"] as const).entries()) {
    const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: "x", language: "en", split } });
    await db.annotation.createMany({
      data: [a, b].map((u, k) => ({ projectId: project.id, annotatorId: u.id, segmentId: seg.id, itemKey: "-:-", field: "transparency", value: 1 + i + k })),
    });
    for (const [j, sys] of systems.entries()) {
      const t = await db.translation.create({ data: { segmentId: seg.id, systemId: sys.id, language: "zh", text: "y" } });
      await db.annotation.createMany({
        data: [a, b].map((u, k) => ({
          projectId: project.id,
          annotatorId: u.id,
          segmentId: seg.id,
          translationId: t.id,
          itemKey: `${t.id}:-`,
          field: "meaning",
          value: (i + j + (k && i === 2 ? 1 : 0)) % 2 === 0 ? "kept" : "lost",
        })),
      });
    }
  }
  return { project, a, b };
}

describe("getSchemeValueRows", () => {
  it("reads a project's values with systems and shared unit keys, by split, for the fields asked", async () => {
    const { project, a, b } = await projectWithValues();
    const other = await projectWithValues();
    const rows = await getSchemeValueRows(pool, project.id, { fields: ["transparency", "meaning", "cues"] });
    expect(rows).toHaveLength(3 * 2 + 3 * 2 * 2);
    expect(new Set(rows.map((r) => r.annotator))).toEqual(new Set([a.email, b.email]));
    expect(rows.filter((r) => r.field === "transparency").every((r) => r.system === null)).toBe(true);
    expect(new Set(rows.filter((r) => r.field === "meaning").map((r) => r.system))).toEqual(new Set(["sys-A", "sys-B"]));
    // every unit has both annotators' values: the key names the item, not the annotator
    const perUnit = new Map<string, number>();
    for (const r of rows) perUnit.set(`${r.field}|${r.unit}`, (perUnit.get(`${r.field}|${r.unit}`) ?? 0) + 1);
    expect(new Set(perUnit.values())).toEqual(new Set([2]));
    expect(rows.some((r) => r.annotator === other.a.email)).toBe(false);

    expect(await getSchemeValueRows(pool, project.id, { fields: ["meaning"], split: "PILOT" })).toHaveLength(4);
    expect(await getSchemeValueRows(pool, project.id, { fields: [] })).toEqual([]);

    const figures = schemeAgreementFigures(EXAMPLE, rows);
    expect([...new Set(figures.map((f) => `${f.field}|${f.system}`))]).toEqual(["transparency|all", "meaning|sys-A", "meaning|sys-B", "meaning|all"]);
    // meaning: the annotators differ only on the third segment (both systems): 4 of 6 units agree
    expect(figures.find((f) => f.field === "meaning" && f.system === "all" && f.statistic === "exact_agreement")).toMatchObject({ value: (4 / 6) * 100, n: 6 });
  });
});
