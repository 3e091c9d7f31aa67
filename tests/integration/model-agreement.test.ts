// Models as raters on the real PostgreSQL: a model's suggestions against two annotators and the
// adjudicated values, read from the tables and exported (`--what model-agreement`), equal to
// hand-computed values; failed suggestions are missing values, never wrong answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { exportFile } from "@/lib/db/export/stream";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("model-agreement export", () => {
  it("Cohen's κ (quadratic for FLUENCY) and exact agreement with each annotator, accuracy against gold", async () => {
    const a = await makeUser(db, { tag: "a" });
    const b = await makeUser(db, { tag: "b" });
    const project = await makeProject(db, [{ userId: a.id, roles: ["ANNOTATOR"] }, { userId: b.id, roles: ["ANNOTATOR"] }]);
    const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
    const system = await db.mtSystem.create({ data: { projectId: project.id, name: "alpha" } });
    const units: { segmentId: string; translationId: string; itemKey: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Source ${i}.`, language: "en" } });
      const t = await db.translation.create({ data: { segmentId: seg.id, systemId: system.id, language: "zh", text: `译文 ${i}` } });
      units.push({ segmentId: seg.id, translationId: t.id, itemKey: `${t.id}:-` });
    }
    const endpoint = await db.modelEndpoint.create({ data: { projectId: project.id, name: "local", baseUrl: "http://127.0.0.1:1/v1", model: "m1" } });
    const suggestion = (i: number, value: number | null) => ({
      projectId: project.id, endpointId: endpoint.id, segmentId: units[i].segmentId, translationId: units[i].translationId, itemKey: units[i].itemKey,
      field: "FLUENCY", value: value ?? undefined, status: value === null ? "failed" : "ok", failure: value === null ? "timed out (after retries)" : null,
      model: "m1", promptVersion: "likert@000000000000", promptText: "[]",
    });
    // model: 1, 2, 3 and a failure on unit 3
    await db.suggestion.createMany({ data: [suggestion(0, 1), suggestion(1, 2), suggestion(2, 3), suggestion(3, null)] });
    const annotation = (userId: string, i: number, value: number) => ({ projectId: project.id, annotatorId: userId, segmentId: units[i].segmentId, translationId: units[i].translationId, itemKey: units[i].itemKey, field: "FLUENCY", value });
    await db.annotation.createMany({ data: [annotation(a.id, 0, 1), annotation(a.id, 1, 3), annotation(a.id, 2, 3), annotation(a.id, 3, 5), annotation(b.id, 0, 1), annotation(b.id, 1, 2)] });
    await db.adjudication.createMany({ data: [0, 1].map((i) => ({ projectId: project.id, segmentId: units[i].segmentId, translationId: units[i].translationId, itemKey: units[i].itemKey, field: "FLUENCY", value: [1, 3][i] })) });

    const file = exportFile(pool, db, project, "model-agreement", "jsonl");
    const rows = [];
    for await (const line of file.lines) rows.push(...line.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)));
    const [first, second] = [a.email, b.email].sort();
    const expected = {
      // a: model (1,2,3) vs a (1,3,3) on units 0–2 (unit 3 failed for the model): κ_w = 0.8 by hand (lib/models/model-agreement.test.ts), exact 2/3
      [a.email]: [{ statistic: "cohen_kappa", value: 0.8, n: 3, note: "quadratic weights" }, { statistic: "exact_agreement", value: 2 / 3, n: 3 }],
      // b: (1,2) vs (1,2): κ_w = 1 − 0/… = 1, exact 1
      [b.email]: [{ statistic: "cohen_kappa", value: 1, n: 2 }, { statistic: "exact_agreement", value: 1, n: 2 }],
    };
    expect(rows).toHaveLength(7);
    expect(rows.slice(0, 2)).toMatchObject(expected[first].map((e) => ({ field: "FLUENCY", model: "local:m1", other: first, ...e, value: expect.closeTo(e.value, 12) })));
    expect(rows.slice(2, 4)).toMatchObject(expected[second].map((e) => ({ field: "FLUENCY", model: "local:m1", other: second, ...e, value: expect.closeTo(e.value, 12) })));
    // gold 1 and 3 on units 0 and 1; the model said 1 and 2: 1 of 2
    expect(rows[4]).toEqual({ field: "FLUENCY", model: "local:m1", other: "gold", statistic: "accuracy", value: 0.5, n: 2, note: null });
    // α among the annotators, then with the model as a third coder, at FLUENCY's level (values: lib/models/model-agreement.test.ts)
    expect(rows.slice(5).map((r) => [r.other, r.statistic, r.n, r.note])).toEqual([
      ["annotators", "krippendorff_alpha", 4, "ordinal, without the model"],
      ["annotators+model", "krippendorff_alpha", 4, "ordinal, with the model as one more coder"],
    ]);
  });

  it("EQUIVALENCE gets MMTE Table 4: the model's accuracy on the humans' full and part-or-non units", async () => {
    const a = await makeUser(db, { tag: "a" });
    const b = await makeUser(db, { tag: "b" });
    const project = await makeProject(db, [{ userId: a.id, roles: ["ANNOTATOR"] }, { userId: b.id, roles: ["ANNOTATOR"] }]);
    const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
    const system = await db.mtSystem.create({ data: { projectId: project.id, name: "alpha" } });
    const endpoint = await db.modelEndpoint.create({ data: { projectId: project.id, name: "local", baseUrl: "http://127.0.0.1:1/v1", model: "m1" } });
    // humans (a, b) and the model per unit; unit 3 is adjudicated PART
    const labels = [
      ["FULL", "FULL", "FULL"],
      ["FULL", "FULL", "PART"],
      ["NON", "NON", "NON"],
      ["FULL", "NON", "PART"],
    ];
    for (const [i, [la, lb, lm]] of labels.entries()) {
      const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Source ${i}.`, language: "en" } });
      const t = await db.translation.create({ data: { segmentId: seg.id, systemId: system.id, language: "zh", text: `译文 ${i}` } });
      const mrw = await db.mrw.create({ data: { projectId: project.id, segmentId: seg.id, externalId: "m", spans: [{ start: 0, end: 6 }], start: 0, end: 6, token: "Source" } });
      const unit = { projectId: project.id, segmentId: seg.id, translationId: t.id, mrwId: mrw.id, itemKey: `${t.id}:${mrw.id}`, field: "EQUIVALENCE" };
      await db.annotation.createMany({ data: [{ ...unit, annotatorId: a.id, value: la }, { ...unit, annotatorId: b.id, value: lb }] });
      await db.suggestion.create({ data: { ...unit, endpointId: endpoint.id, value: lm, status: "ok", model: "m1", promptVersion: "mmte-appendix-d@0", promptText: "[]" } });
      if (i === 3) await db.adjudication.create({ data: { ...unit, value: "PART", rationale: "" } });
    }
    const file = exportFile(pool, db, project, "model-agreement", "jsonl");
    const rows = [];
    for await (const line of file.lines) rows.push(...line.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)));
    // humans: FULL, FULL, NON, PART (adjudicated); full → model FULL, PART: 1 of 2; others → NON, PART: 2 of 2
    expect(rows.filter((r) => r.other.startsWith("humans: ")).map((r) => [r.other, r.statistic, r.value, r.n])).toEqual([
      ["humans: full", "accuracy", 0.5, 2],
      ["humans: others", "accuracy", 1, 2],
    ]);
  });
});
