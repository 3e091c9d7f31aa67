// EMOS end to end on the real database: a project made from the emos preset, two annotators'
// vectors and equivalence ratings saved through the save path (an all-zero vector refused with
// the preset's message), then `--what scores` rows equal numpy's values (scripts/research/
// emos_fixture.py, the "study" of lib/scoring/__fixtures__/emos-numpy.json).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import fixture from "@/lib/scoring/__fixtures__/emos-numpy.json";
import { EMOS_PRESET } from "@/lib/schemes/presets/emos";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/project-schemes";
import { createAssignments } from "@/lib/db/assignments";
import { saveAnnotation } from "@/lib/db/annotations";
import { exportFile } from "@/lib/db/export-stream";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { AppError } from "@/lib/errors";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const vec = (v: number[]) => Object.fromEntries(fixture.dimensions.map((d, i) => [d, v[i]]));

describe("EMOS scores of a project", () => {
  it("saves vectors and equivalence, refuses all zeros, and exports the numpy values", async () => {
    const users = [await makeUser(db, { tag: "e1" }), await makeUser(db, { tag: "e2" })];
    const project = await makeProject(db, users.map((u) => ({ userId: u.id, roles: ["ANNOTATOR" as const] })));
    await setProjectScheme(db, project.id, EMOS_PRESET, { actorId: null });
    const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "zh" } });
    const systems = { sysA: await db.mtSystem.create({ data: { projectId: project.id, name: "sysA" } }), sysB: await db.mtSystem.create({ data: { projectId: project.id, name: "sysB" } }) };
    const segs: Record<string, string> = {};
    const trs: Record<string, string> = {};
    for (const [i, seg] of Object.keys(fixture.study.segments).entries()) {
      segs[seg] = (await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `ext-${seg}`, index: i, text: `原文 ${seg}`, language: "zh" } })).id;
      for (const [name, s] of Object.entries(systems)) {
        trs[`${seg}/${name}`] = (await db.translation.create({ data: { segmentId: segs[seg], systemId: s.id, language: "en", text: `${seg} by ${name}` } })).id;
      }
    }
    await createAssignments(db, { projectId: project.id, annotatorIds: users.map((u) => u.id), perItem: 2, scheme: "SCHEME", shuffle: false });
    const runtime = await getProjectRuntime(db, project.id);
    const save = (annotatorId: string, input: Partial<TSaveAnnotationInput>) =>
      saveAnnotation(pool, { projectId: project.id, annotatorId, config: DEFAULT_SCHEME_CONFIG, runtime, input: { baseVersion: 0, ...input } as TSaveAnnotationInput });

    const zero = await save(users[0].id, { segmentId: segs.s1, field: "source_emotions", value: vec([0, 0, 0, 0, 0, 0, 0]) }).catch((e: unknown) => e);
    expect(zero).toBeInstanceOf(AppError);
    expect((zero as AppError).message).toBe("source_emotions: every dimension is 0: mark neutrality when no emotion is present");

    for (const [seg, vectors] of Object.entries(fixture.study.segments)) {
      for (const [i, v] of vectors.entries()) await save(users[i].id, { segmentId: segs[seg], field: "source_emotions", value: vec(v) });
    }
    for (const t of fixture.study.translations) {
      for (const [i, v] of t.vectors.entries()) {
        await save(users[i].id, { segmentId: segs[t.segment], translationId: trs[`${t.segment}/${t.system}`], field: "target_emotions", value: vec(v) });
        await save(users[i].id, { segmentId: segs[t.segment], translationId: trs[`${t.segment}/${t.system}`], field: "equivalence", value: t.equivalence[i] });
      }
    }

    const file = exportFile(pool, db, { id: project.id, slug: "emos" }, "scores", "jsonl");
    let text = "";
    for await (const line of file.lines) text += line;
    const rows = text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, string | number | null>);
    // per translation: 6 translations × 4 metrics, keyed by the segment's external id
    for (const t of fixture.study.translations) {
      for (const m of ["VSS", "LMR", "EDR", "EMOS"] as const) {
        const r = rows.find((x) => x.metric === m && x.system === t.system && x.segmentId === `ext-${t.segment}`)!;
        expect(r.value as number, `${t.segment} ${t.system} ${m}`).toBeCloseTo(t.metrics[m], 12);
      }
    }
    for (const [system, want] of Object.entries(fixture.study.systems)) {
      for (const [m, v] of Object.entries(want)) {
        const r = rows.find((x) => x.metric === m && x.system === system && x.segmentId === null)!;
        expect([r.value as number, r.n]).toEqual([expect.closeTo(v, 12), 3]);
      }
    }
    for (const [m, v] of Object.entries(fixture.study.correlations)) {
      const r = rows.find((x) => x.statistic === "pearson_r" && x.metric === m)!;
      expect([r.with, r.value as number, r.n]).toEqual(["equivalence", expect.closeTo(v, 12), 6]);
    }
  });
});
