// The workspace save path against real PostgreSQL: validation, versioning with history,
// conflict detection (also under concurrency), authorisation and privacy of the item loader.
// On the one runtime: the project runs its stored scheme (the MMTE and MetaHOPE presets of its
// parts), each annotator holds one SCHEME assignment per item, MetaHOPE error spans are values of
// the METAHOPE_ERRORS field and post-edits values of the edit fields, all saved by saveAnnotation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { useTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import { schemeConfigFor } from "@/lib/schemes/presets/parts-choice";
import { completeSchemeItem } from "./complete-scheme-item";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { ZSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { AppError } from "@/lib/errors";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";

let db: Db;
let pool: Pool;
const config: TSchemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let runtime: TSchemeRuntime;
let other: { id: string; slug: string; sourceLang: string; targetLang: string };
let otherRuntime: TSchemeRuntime;
let a1: string, a2: string, a3: string;
let seg: { id: string; translations: { id: string; text: string }[]; mrws: { id: string; metaphorical: boolean }[] };
let otherSeg: { id: string; mrws: { id: string }[] };

/** A MetaHOPE error span as a value of METAHOPE_ERRORS holds it. */
const errorSpan = (o: { start: number; end: number; label: string; severity: number; mrwId?: string; comment?: string }) => ({
  start: o.start,
  end: o.end,
  label: o.label,
  attributes: { severity: o.severity },
  ...(o.mrwId ? { mrwId: o.mrwId } : {}),
  ...(o.comment ? { comment: o.comment } : {}),
});

beforeAll(async () => {
  useTestDatabase();
  db = (await import("@/lib/db/client")).getDb();
  pool = (await import("@/lib/db/pg-pool")).getPgPool();
  const [u1, u2, u3] = [await makeUser(db, { tag: "ann1" }), await makeUser(db, { tag: "ann2" }), await makeUser(db, { tag: "ann3" })];
  [a1, a2, a3] = [u1.id, u2.id, u3.id];
  const p = await makeProject(db, [{ userId: a1, roles: ["ANNOTATOR"] }, { userId: a2, roles: ["ANNOTATOR"] }, { userId: a3, roles: ["ANNOTATOR"] }]);
  await db.project.update({ where: { id: p.id }, data: { schemeConfig: config } });
  project = { id: p.id, slug: p.slug, sourceLang: "en", targetLang: "zh" };
  // the first read stores the preset of the project's parts (MMTE and MetaHOPE) as its version 1
  runtime = await getProjectRuntime(db, p.id);
  await loadImport(pool, { projectId: p.id, fileName: "demo-corpus.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  // a1 and a2 share every item (one assignment per item holds both parts); a3 has none.
  await createAssignments(db, { projectId: p.id, annotatorIds: [a1, a2], perItem: 2, shuffle: true });
  seg = await db.segment.findFirstOrThrow({
    where: { projectId: p.id, externalId: "demo-doc-1-s1" },
    select: { id: true, translations: { select: { id: true, text: true }, orderBy: { id: "asc" } }, mrws: { select: { id: true, metaphorical: true }, orderBy: { start: "asc" } } },
  });
  // another project, MMTE only
  const o = await makeProject(db, [{ userId: a1, roles: ["ANNOTATOR"] }]);
  // its parts chosen (a configuration never set moves with every MMTE and MetaHOPE field)
  await db.project.update({ where: { id: o.id }, data: { schemeConfig: schemeConfigFor("mmte") } });
  other = { id: o.id, slug: o.slug, sourceLang: "en", targetLang: "zh" };
  otherRuntime = await getProjectRuntime(db, o.id);
  await loadImport(pool, { projectId: o.id, fileName: "demo-corpus.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  await createAssignments(db, { projectId: o.id, annotatorIds: [a1], perItem: 1, shuffle: false });
  otherSeg = await db.segment.findFirstOrThrow({ where: { projectId: o.id, externalId: "demo-doc-1-s1" }, select: { id: true, mrws: { select: { id: true } } } });
});

afterAll(async () => {
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
});

const save = (annotatorId: string, input: Partial<TSaveAnnotationInput>) =>
  saveAnnotation(pool, {
    projectId: project.id,
    annotatorId,
    config,
    runtime,
    input: { segmentId: seg.id, translationId: seg.translations[0].id, mrwId: null, field: "FLUENCY", value: 4, baseVersion: 0, ...input } as TSaveAnnotationInput,
  });

describe("saveAnnotation: validation", () => {
  it("rejects values outside the field's scale, naming the field", async () => {
    const e = await rejection(save(a1, { value: 7 }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toBe("FLUENCY: 7 is outside the scale 1–5");
    expect(e.detail).toEqual({ field: "value" });
  });
  it("checks the label set against the MRW (literal-source label on a metaphorical MRW) and scope", async () => {
    const m = seg.mrws.find((x) => x.metaphorical)!;
    const e = await rejection(save(a1, { field: "EQUIVALENCE", mrwId: m.id, value: "LITERAL" }));
    expect(e.message).toBe('EQUIVALENCE: "LITERAL" is not one of FULL, PART, NON, MISUNDERSTANDING, ERROR');
    expect((await rejection(save(a1, { field: "EMOTION", value: "SAME" }))).detail).toEqual({ field: "mrwId" });
    expect((await rejection(save(a1, { field: "FLUENCY", mrwId: m.id }))).detail).toEqual({ field: "mrwId" });
  });
  it("checks alignment spans against the translation text", async () => {
    const t = seg.translations[0];
    const e = await rejection(save(a1, { field: "ALIGNMENT", mrwId: seg.mrws[0].id, value: { pattern: "DIRECT", spans: [{ start: 0, end: t.text.length + 1 }] } }));
    expect(e.message).toMatch(/runs past the end of the translation/);
  });
  it("takes post-edits as values of the edit fields (segment scope), and refuses fields the project switched off", async () => {
    // a post-edit is the segment's value of an edit field: anchored to no translation
    expect((await rejection(save(a1, { field: "POSTEDIT_LITERAL", value: "x" }))).detail).toEqual({ field: "translationId" });
    expect((await rejection(save(a1, { field: "POSTEDIT_LITERAL", translationId: null, value: "  " }))).detail).toEqual({ field: "value" });
    // a part switched off has no field in the project's scheme (MetaHOPE post-edits, MMTE target words)
    for (const field of ["METAHOPE_POSTEDIT", "TARGET_WORDS"]) {
      const e = await rejection(save(a1, { field, translationId: null, value: "x" }));
      expect(e.detail).toEqual({ field: "field" });
      expect(e.message).toMatch(new RegExp(`^Unknown field "${field}"`));
    }
    // the MMTE-only project has no alignment
    const e = await rejection(
      saveAnnotation(pool, {
        projectId: other.id,
        annotatorId: a1,
        config: ZSchemeConfig.parse({}),
        runtime: otherRuntime,
        input: { segmentId: otherSeg.id, translationId: null, mrwId: otherSeg.mrws[0].id, field: "ALIGNMENT", value: { pattern: "OMISSION", spans: [] }, baseVersion: 0 },
      }),
    );
    expect([e.code, e.detail]).toEqual(["BAD_REQUEST", { field: "field" }]);
    expect(await db.annotation.count({ where: { annotatorId: a1, field: { in: ["POSTEDIT_LITERAL", "METAHOPE_POSTEDIT", "TARGET_WORDS", "ALIGNMENT"] } } })).toBe(0);
  });
});

describe("saveAnnotation: versioning and conflicts", () => {
  it("creates version 1, increments on every save and records who/old/new in History", async () => {
    const t = seg.translations[1].id;
    const v1 = await save(a1, { translationId: t, field: "OVERALL", value: 3 });
    expect(v1.version).toBe(1);
    const v2 = await save(a1, { translationId: t, field: "OVERALL", value: 5, baseVersion: 1 });
    expect(v2).toEqual({ id: v1.id, version: 2 });
    const cleared = await save(a1, { translationId: t, field: "OVERALL", value: null, baseVersion: 2 });
    expect(cleared.version).toBe(3);
    const hist = await db.history.findMany({ where: { entity: "ANNOTATION", entityId: v1.id }, orderBy: { version: "asc" } });
    expect(hist.map((h) => [h.version, h.oldValue, h.newValue, h.userId])).toEqual([
      [1, null, 3, a1],
      [2, 3, 5, a1],
      [3, 5, null, a1],
    ]);
  });

  it("refuses a stale base version (second tab) with the current value and writes nothing", async () => {
    const t = seg.translations[2].id;
    await save(a1, { translationId: t, field: "FIDELITY", value: 4 }); // tab 1
    const e = await rejection(save(a1, { translationId: t, field: "FIDELITY", value: 2, baseVersion: 0 })); // tab 2, opened before
    expect(e.code).toBe("CONFLICT");
    expect(e.detail).toMatchObject({ current: { value: 4, version: 1 } });
    expect((e.detail as { current: { updatedAt: string } }).current.updatedAt).toMatch(/^\d{4}-/);
    // keeping "mine" = saving again on top of the version shown
    expect((await save(a1, { translationId: t, field: "FIDELITY", value: 2, baseVersion: 1 })).version).toBe(2);
    const row = await db.annotation.findFirstOrThrow({ where: { annotatorId: a1, segmentId: seg.id, field: "FIDELITY", translationId: t } });
    expect(row.value).toBe(2);
  });

  it("of concurrent saves on one version exactly one wins", async () => {
    const t = seg.translations[0].id;
    const base = await save(a1, { translationId: t, field: "INTELLIGIBILITY", value: 1 });
    const results = await Promise.allSettled([2, 3, 4, 5].map((v) => save(a1, { translationId: t, field: "INTELLIGIBILITY", value: v, baseVersion: base.version })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => ((r as PromiseRejectedResult).reason as AppError).code)).toEqual(["CONFLICT", "CONFLICT", "CONFLICT"]);
  });
});

describe("authorisation", () => {
  it("an annotator without the assignment, or a segment/MRW of another project, is not found", async () => {
    expect((await rejection(save(a3, {}))).code).toBe("NOT_FOUND");
    expect((await rejection(save(a1, { segmentId: otherSeg.id, translationId: null }))).code).toBe("BAD_REQUEST"); // scope check comes first
    expect((await rejection(save(a1, { segmentId: otherSeg.id }))).code).toBe("NOT_FOUND"); // translation is not in that segment
    expect((await rejection(save(a1, { field: "EMOTION", mrwId: otherSeg.mrws[0].id, value: "SAME" }))).code).toBe("NOT_FOUND");
    // the other project's own item, saved under this project's id
    expect(
      (await rejection(saveAnnotation(pool, { projectId: project.id, annotatorId: a1, config, runtime, input: { segmentId: otherSeg.id, translationId: seg.translations[0].id, mrwId: null, field: "FLUENCY", value: 3, baseVersion: 0 } }))).code,
    ).toBe("NOT_FOUND");
    expect(other.id).not.toBe(project.id);
  });

  it("the item loader returns only the caller's values, never another annotator's", async () => {
    const t = seg.translations[0].id;
    await save(a1, { translationId: t, field: "FLUENCY", value: 4 });
    await save(a2, { translationId: t, field: "FLUENCY", value: 1 });
    await save(a2, { translationId: t, field: "METAHOPE_ERRORS", value: [errorSpan({ start: 0, end: 1, label: "STL", severity: 10, comment: "a2-secret-comment" })] });
    await save(a2, { translationId: null, field: "POSTEDIT_LITERAL", value: "a2-secret-post-edit" });
    const item = await getSchemeWorkspaceItem(db, { project, config, annotatorId: a1, segmentKey: seg.id, runtime });
    const json = JSON.stringify(item);
    expect(json).not.toContain("a2-secret");
    expect(item.annotations.find((a) => a.field === "FLUENCY" && a.translationId === t)?.value).toBe(4);
    expect(item.annotations.filter((a) => a.field === "METAHOPE_ERRORS" || a.field === "POSTEDIT_LITERAL")).toEqual([]);
    // blind: no system names anywhere in the payload
    expect(json).not.toMatch(/mt-alpha|mt-beta|llm-gamma/);
    expect(item.translations.map((x) => x.label)).toEqual(["Translation A", "Translation B", "Translation C"]);
    await expect(getSchemeWorkspaceItem(db, { project, config, annotatorId: a3, segmentKey: seg.id, runtime })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // by external id too (stable links)
    expect((await getSchemeWorkspaceItem(db, { project, config, annotatorId: a1, segmentKey: "demo-doc-1-s1", runtime })).segment.id).toBe(seg.id);
  });
});

describe("error spans, post-edits and submit", () => {
  it("a translation's error spans are one versioned value with history, and owned", async () => {
    const t = seg.translations[1];
    const span = errorSpan({ start: 2, end: 4, label: "MIS", severity: 6, mrwId: seg.mrws[0].id });
    const v1 = await save(a1, { translationId: t.id, field: "METAHOPE_ERRORS", value: [span] });
    expect(v1.version).toBe(1);
    const edited = { ...span, attributes: { severity: 8 }, comment: "imagery lost" };
    const v2 = await save(a1, { translationId: t.id, field: "METAHOPE_ERRORS", value: [edited], baseVersion: 1 });
    expect(v2).toEqual({ id: v1.id, version: 2 });
    // a second tab still on version 1
    const stale = await rejection(save(a1, { translationId: t.id, field: "METAHOPE_ERRORS", value: [{ ...span, attributes: { severity: 2 } }], baseVersion: 1 }));
    expect(stale.code).toBe("CONFLICT");
    expect(stale.detail).toMatchObject({ current: { version: 2, value: [edited] } });
    // another annotator's save never reaches a1's value: it addresses a2's own (which has no version 2)
    expect((await rejection(save(a2, { translationId: t.id, field: "METAHOPE_ERRORS", value: [], baseVersion: 2 }))).code).toBe("CONFLICT");
    // a span past the end of the translation
    const past = await rejection(save(a1, { translationId: t.id, field: "METAHOPE_ERRORS", value: [edited, errorSpan({ start: 0, end: 999, label: "PRF", severity: 2 })], baseVersion: 2 }));
    expect([past.code, past.detail]).toEqual(["BAD_REQUEST", { field: "value" }]);
    expect(past.message).toMatch(/runs past the end/);
    // deleting the span: the list without it, a new version; the history keeps the span
    expect((await save(a1, { translationId: t.id, field: "METAHOPE_ERRORS", value: [], baseVersion: 2 })).version).toBe(3);
    const row = await db.annotation.findUniqueOrThrow({ where: { id: v1.id } });
    expect([row.annotatorId, row.value, row.version]).toEqual([a1, [], 3]);
    const hist = await db.history.findMany({ where: { entity: "ANNOTATION", entityId: v1.id }, orderBy: { version: "asc" } });
    expect(hist.map((h) => [h.version, h.oldValue, h.newValue, h.userId])).toEqual([
      [1, null, [span], a1],
      [2, [span], [edited], a1],
      [3, [edited], [], a1],
    ]);
  });

  it("post-edits detect conflicts", async () => {
    const v1 = await save(a1, { translationId: null, field: "POSTEDIT_FIGURATIVE", value: "地区经济已经失去了动力。" });
    expect(v1.version).toBe(1);
    const e = await rejection(save(a1, { translationId: null, field: "POSTEDIT_FIGURATIVE", value: "x" }));
    expect(e.code).toBe("CONFLICT");
    expect(e.detail).toMatchObject({ current: { version: 1, value: "地区经济已经失去了动力。" } });
  });

  it("submit refuses an incomplete item (422 with the missing list) and records time", async () => {
    const opts = { project, config, runtime, annotatorId: a1, segmentId: seg.id };
    // the first report sets the wall-clock baseline and credits nothing (13.23: item-write-guard.test.ts)
    const t = await applyAssignmentAction(db, { ...opts, action: { action: "time", activeMs: 1500 } });
    expect(t).toEqual({ status: "IN_PROGRESS", timeSpentMs: 0 });
    const t0 = Date.now();
    // everything answered but the MetaHOPE errors of the translations
    await completeSchemeItem(db, pool, { ...opts, leave: ["METAHOPE_ERRORS"] });
    const e = await rejection(applyAssignmentAction(db, { ...opts, action: { action: "submit", activeMs: 0 } }));
    expect(e.code).toBe("UNPROCESSABLE");
    const missing = (e.detail as { missing: { field: string }[] }).missing;
    expect(new Set(missing.map((m) => m.field))).toEqual(new Set(["METAHOPE_ERRORS"]));
    // every translation reviewed (a translation without errors: the empty list)
    await completeSchemeItem(db, pool, opts);
    const done = await applyAssignmentAction(db, { ...opts, action: { action: "submit", activeMs: 500 } });
    expect(done.status).toBe("DONE");
    expect(done.timeSpentMs).toBeLessThanOrEqual(Math.min(500, Date.now() - t0 + 50));
  });
});
