// EMOS end to end on the real database: a project made from the emos preset, two annotators'
// vectors and equivalence ratings saved through the save path (an all-zero vector refused with
// the preset's message), then `--what scores` rows equal numpy's values (scripts/research/
// emos_fixture.py, the "study" of lib/scoring/__fixtures__/emos-numpy.json).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import fixture from "@/lib/scoring/__fixtures__/emos-numpy.json";
import { EMOS_PRESET } from "@/lib/schemes/presets/emos";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { exportFile } from "@/lib/db/export/stream";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { AppError } from "@/lib/errors";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { buildSchemeFullReport } from "@/lib/reports/scheme-full-report";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const vec = (v: number[]) => Object.fromEntries(fixture.dimensions.map((d, i) => [d, v[i]]));

/** The fixture's study stored as a project: two documents (s1, s2 in d1; s3 in d2), two systems, two annotators. */
async function studyProject() {
  const users = [await makeUser(db, { tag: "e1" }), await makeUser(db, { tag: "e2" })];
  const project = await makeProject(db, users.map((u) => ({ userId: u.id, roles: ["ANNOTATOR" as const] })), { sourceLang: "zh", targetLang: "en" });
  await setProjectScheme(db, project.id, EMOS_PRESET, { actorId: null });
  const docs: Record<string, string> = {};
  for (const d of new Set(Object.values(fixture.study.documents))) docs[d] = (await db.document.create({ data: { projectId: project.id, externalId: d, language: "zh" } })).id;
  const systems = { sysA: await db.mtSystem.create({ data: { projectId: project.id, name: "sysA" } }), sysB: await db.mtSystem.create({ data: { projectId: project.id, name: "sysB" } }) };
  const segs: Record<string, string> = {};
  const trs: Record<string, string> = {};
  for (const [i, seg] of Object.keys(fixture.study.segments).entries()) {
    const documentId = docs[fixture.study.documents[seg as "s1"]];
    segs[seg] = (await db.segment.create({ data: { projectId: project.id, documentId, externalId: `ext-${seg}`, index: i, text: `原文 ${seg}`, language: "zh" } })).id;
    for (const [name, s] of Object.entries(systems)) {
      trs[`${seg}/${name}`] = (await db.translation.create({ data: { segmentId: segs[seg], systemId: s.id, language: "en", text: `${seg} by ${name}` } })).id;
    }
  }
  await createAssignments(db, { projectId: project.id, annotatorIds: users.map((u) => u.id), perItem: 2, shuffle: false });
  const runtime = await getProjectRuntime(db, project.id);
  const save = (annotatorId: string, input: Partial<TSaveAnnotationInput>) =>
    saveAnnotation(pool, { projectId: project.id, annotatorId, config: DEFAULT_SCHEME_CONFIG, runtime, input: { baseVersion: 0, ...input } as TSaveAnnotationInput });
  return { users, project, segs, trs, save, runtime };
}

async function saveStudy(study: Awaited<ReturnType<typeof studyProject>>) {
  const { users, segs, trs, save } = study;
  for (const [seg, vectors] of Object.entries(fixture.study.segments)) {
    for (const [i, v] of vectors.entries()) await save(users[i].id, { segmentId: segs[seg], field: "source_emotions", value: vec(v) });
  }
  for (const t of fixture.study.translations) {
    for (const [i, v] of t.vectors.entries()) {
      await save(users[i].id, { segmentId: segs[t.segment], translationId: trs[`${t.segment}/${t.system}`], field: "target_emotions", value: vec(v) });
      await save(users[i].id, { segmentId: segs[t.segment], translationId: trs[`${t.segment}/${t.system}`], field: "equivalence", value: t.equivalence[i] });
    }
  }
}

type TRow = Record<string, string | number | null>;
async function scoreRows(projectId: string): Promise<TRow[]> {
  const file = exportFile(pool, db, { id: projectId, slug: "emos" }, "scores", "jsonl");
  let text = "";
  for await (const line of file.lines) text += line;
  return text.trim().split("\n").map((l) => JSON.parse(l) as TRow);
}

describe("EMOS scores of a project", () => {
  it("saves vectors and equivalence, refuses all zeros, and exports the numpy values", async () => {
    const study = await studyProject();
    const { users, project, segs, save } = study;
    const zero = await save(users[0].id, { segmentId: segs.s1, field: "source_emotions", value: vec([0, 0, 0, 0, 0, 0, 0]) }).catch((e: unknown) => e);
    expect(zero).toBeInstanceOf(AppError);
    expect((zero as AppError).message).toBe("source_emotions: every dimension is 0: mark neutrality when no emotion is present");
    await saveStudy(study);

    const rows = await scoreRows(project.id);
    // per translation: 6 translations × 4 metrics, keyed by the segment's external id
    for (const t of fixture.study.translations) {
      for (const m of ["VSS", "LMR", "EDR", "EMOS"] as const) {
        const r = rows.find((x) => x.metric === m && x.system === t.system && x.segmentId === `ext-${t.segment}`)!;
        expect(r.value as number, `${t.segment} ${t.system} ${m}`).toBeCloseTo(t.metrics[m], 12);
      }
    }
    for (const [system, want] of Object.entries(fixture.study.systems)) {
      for (const [m, v] of Object.entries(want)) {
        // a per-system row has no segmentId key (not a null one), nor a document or a model
        const r = rows.find((x) => x.metric === m && x.system === system && !("segmentId" in x) && !("document" in x) && !("model" in x))!;
        expect([r.value as number, r.n]).toEqual([expect.closeTo(v, 12), 3]);
        expect(Object.keys(r)).toEqual(["metric", "system", "value", "n", "ci95_lower", "ci95_upper"]);
      }
    }
    for (const [m, v] of Object.entries(fixture.study.correlations)) {
      const r = rows.find((x) => x.statistic === "pearson_r" && x.metric === m)!;
      expect([r.with, r.value as number, r.n]).toEqual(["equivalence", expect.closeTo(v, 12), 6]);
    }
  });

  it("per document, a model's vectors beside the humans', and the project's weights from its settings: in the export and the whole report (numpy)", async () => {
    const study = await studyProject();
    const { project, segs, trs } = study;
    await saveStudy(study);
    // a classifier's vectors stored as suggestions of the model "lab:emotion-classifier": an older
    // prompt version's and a failed one do not count, the latest ok one per text does
    const model = fixture.study.model;
    const endpoint = await db.modelEndpoint.create({ data: { projectId: project.id, name: "lab", baseUrl: "http://127.0.0.1:1/v1", model: "emotion-classifier" } });
    const base = { projectId: project.id, endpointId: endpoint.id, model: "emotion-classifier", promptText: "[]" };
    const old = new Date(Date.now() - 60_000);
    for (const [seg, v] of Object.entries(model.sources)) {
      await db.suggestion.create({ data: { ...base, segmentId: segs[seg], itemKey: "-:-", field: "source_emotions", value: vec([1, 1, 1, 1, 1, 1, 1]), status: "ok", promptVersion: "v0", createdAt: old } });
      await db.suggestion.create({ data: { ...base, segmentId: segs[seg], itemKey: "-:-", field: "source_emotions", value: vec(v), status: "ok", promptVersion: "v1" } });
    }
    for (const t of model.targets) {
      const tr = trs[`${t.segment}/${t.system}`];
      await db.suggestion.create({ data: { ...base, segmentId: segs[t.segment], translationId: tr, itemKey: `${tr}:-`, field: "target_emotions", value: vec(t.vector), status: "ok", promptVersion: "v1" } });
    }
    const noTarget = trs["s3/sysB"];
    await db.suggestion.create({ data: { ...base, segmentId: segs.s3, translationId: noTarget, itemKey: `${noTarget}:-`, field: "target_emotions", status: "failed", failure: "timeout", promptVersion: "v1" } });

    const rows = await scoreRows(project.id);
    // per document and system: no segmentId, a document
    for (const d of fixture.study.perDocument) {
      for (const [m, v] of Object.entries(d.mean)) {
        const r = rows.find((x) => x.metric === m && x.system === d.system && x.document === d.document)!;
        expect(r, `${d.document} ${d.system} ${m}`).toEqual({ metric: m, system: d.system, document: d.document, value: expect.closeTo(v, 12), n: d.n });
      }
    }
    // the model's rows, never an annotator's: per translation, per system beside the humans' mean over the same translations, and r
    const modelRows = rows.filter((x) => x.model === model.name);
    for (const t of model.translations) {
      for (const [m, v] of Object.entries(t.metrics).filter(([k]) => ["VSS", "LMR", "EDR", "EMOS"].includes(k))) {
        const r = modelRows.find((x) => x.metric === m && x.system === t.system && x.segmentId === `ext-${t.segment}`)!;
        expect(r.value as number, `${t.segment} ${t.system} ${m}`).toBeCloseTo(v, 12);
      }
    }
    expect(modelRows.filter((x) => x.segmentId !== undefined && x.system === "sysB")).toHaveLength(2 * 4);
    for (const [system, want] of Object.entries(model.systems)) {
      for (const m of ["VSS", "LMR", "EDR", "EMOS"] as const) {
        const r = modelRows.find((x) => x.metric === m && x.system === system && !("segmentId" in x) && x.statistic === undefined)!;
        expect([r.value, r.human_value, r.n]).toEqual([expect.closeTo(want.model[m], 12), expect.closeTo(want.humans[m], 12), want.n]);
      }
    }
    for (const a of model.agreement) {
      const r = modelRows.find((x) => x.statistic === "pearson_r" && x.metric === a.metric && x.system === a.system)!;
      expect([r.with, r.n]).toEqual(["humans", a.n]);
      if (a.value === null) expect(r.value).toBeNull();
      else expect(r.value as number, `${a.system} ${a.metric}`).toBeCloseTo(a.value, 12);
    }
    // the humans' figures are the same as without the model
    for (const [system, want] of Object.entries(fixture.study.systems)) {
      const r = rows.find((x) => x.metric === "EMOS" && x.system === system && x.model === undefined && x.document === undefined && x.segmentId === undefined)!;
      expect(r.value as number).toBeCloseTo(want.EMOS, 12);
    }

    // the project's own weights (Settings: stored with the project's settings) move EMOS in the export and in the whole report
    await db.project.update({ where: { id: project.id }, data: { schemeConfig: { ...DEFAULT_SCHEME_CONFIG, emosWeights: fixture.study.weighted.weights } } });
    const weighted = await scoreRows(project.id);
    for (const [system, v] of Object.entries(fixture.study.weighted.systems)) {
      const r = weighted.find((x) => x.metric === "EMOS" && x.system === system && x.model === undefined && x.document === undefined && x.segmentId === undefined)!;
      expect(r.value as number, system).toBeCloseTo(v, 12);
    }
    for (const t of fixture.study.weighted.translations) {
      const r = weighted.find((x) => x.metric === "EMOS" && x.system === t.system && x.segmentId === `ext-${t.segment}` && x.model === undefined)!;
      expect(r.value as number).toBeCloseTo(t.EMOS, 12);
    }
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const report = await getSchemeReport(pool, project.id, runtime);
    const full = buildSchemeFullReport({ project: { slug: project.slug, name: project.name, sourceLang: "zh", targetLang: "en" }, filters: {}, report, definition: runtime.definition, externalIdOf: (id) => (id === segs.s1 ? "ext-s1" : id === segs.s2 ? "ext-s2" : "ext-s3") });
    expect(full.emosWeights).toEqual({ vss: 0.6, lmr: 0.3, edr: 0.1 });
    expect(JSON.parse(JSON.stringify(full.scores))).toEqual(weighted);
  });
});
