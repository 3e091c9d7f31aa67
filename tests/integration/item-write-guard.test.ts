// Issue 13.18 and 13.23 against real PostgreSQL: no annotator write lands on a submitted (or
// skipped) item, on a value an adjudication decided, or under a scheme the annotator is not
// assigned; reopen is explicit and logged; a submit racing a save never leaves a write after
// DONE; repeated time reports are credited at most the wall time that passed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { useTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/seed-demo";
import { saveAnnotation } from "@/lib/db/annotations";
import { createErrorSpan, deleteErrorSpan, updateErrorSpan } from "@/lib/db/workspace-error-spans";
import { savePostEdit } from "@/lib/db/workspace-post-edits";
import { applyAssignmentAction } from "@/lib/db/workspace-assignment";
import { saveAdjudication } from "@/lib/db/adjudication";
import { saveGoldReference } from "@/lib/db/gold-references";
import { ZSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import { AppError } from "@/lib/errors";
import type { TAssignmentAction, TSaveAnnotationInput } from "@/lib/workspace/api-types";

let db: Db;
let pool: Pool;
const config: TSchemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let ann: string, mmteOnly: string, adjudicator: string;
type TSeg = { id: string; translations: { id: string; text: string }[]; mrws: { id: string; metaphorical: boolean; active: boolean }[] };
let segs: TSeg[];


beforeAll(async () => {
  useTestDatabase();
  process.env.DATABASE_POOL_MAX = "12";
  db = (await import("@/lib/db/client")).getDb();
  pool = (await import("@/lib/db/pg-pool")).getPgPool();
  const [u1, u2, u3] = [await makeUser(db, { tag: "ann" }), await makeUser(db, { tag: "mmte-only" }), await makeUser(db, { tag: "adj" })];
  [ann, mmteOnly, adjudicator] = [u1.id, u2.id, u3.id];
  const p = await makeProject(db, [
    { userId: ann, roles: ["ANNOTATOR"] },
    { userId: mmteOnly, roles: ["ANNOTATOR"] },
    { userId: adjudicator, roles: ["ADJUDICATOR"] },
  ]);
  await db.project.update({ where: { id: p.id }, data: { schemeConfig: config } });
  project = { id: p.id, slug: p.slug, sourceLang: "en", targetLang: "zh" };
  await loadImport(pool, { projectId: p.id, fileName: "demo-corpus.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  segs = await db.segment.findMany({
    where: { projectId: p.id },
    orderBy: { index: "asc" },
    take: 8,
    select: { id: true, translations: { select: { id: true, text: true }, orderBy: { id: "asc" } }, mrws: { select: { id: true, metaphorical: true, active: true }, orderBy: { start: "asc" } } },
  });
  // `ann` holds both schemes on every item used here; `mmteOnly` holds MMTE only.
  await db.assignment.createMany({
    data: segs.flatMap((s, i) => [
      { projectId: p.id, annotatorId: ann, segmentId: s.id, scheme: "MMTE" as const, position: i },
      { projectId: p.id, annotatorId: ann, segmentId: s.id, scheme: "METAHOPE" as const, position: i },
      { projectId: p.id, annotatorId: mmteOnly, segmentId: s.id, scheme: "MMTE" as const, position: i },
    ]),
  });
});

afterAll(async () => {
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
});

const save = (seg: TSeg, input: Partial<TSaveAnnotationInput>, annotatorId = ann) =>
  saveAnnotation(pool, {
    projectId: project.id,
    annotatorId,
    config,
    input: { segmentId: seg.id, translationId: seg.translations[0].id, mrwId: null, field: "FLUENCY", value: 4, baseVersion: 0, ...input } as TSaveAnnotationInput,
  });
const act = (seg: TSeg, action: TAssignmentAction, annotatorId = ann) => applyAssignmentAction(db, { project, config, annotatorId, segmentId: seg.id, action });
const ids = (seg: TSeg) => ({ projectId: project.id, annotatorId: ann, segmentId: seg.id });
const span = (seg: TSeg, t = 0) => ({ translationId: seg.translations[t].id, mrwId: null, category: "MIS" as const, severity: 4 as const, start: 0, end: 1, comment: null });
const setStatus = (seg: TSeg, scheme: "MMTE" | "METAHOPE", status: "DONE" | "SKIPPED" | "IN_PROGRESS") =>
  db.assignment.updateMany({ where: { annotatorId: ann, segmentId: seg.id, scheme }, data: { status } });

/** Everything the annotator's writes could change: every version, and the history. */
async function stored(seg: TSeg) {
  const [annotations, postEdits, spans, history] = await Promise.all([
    db.annotation.findMany({ where: { annotatorId: ann, segmentId: seg.id }, select: { id: true, field: true, value: true, version: true }, orderBy: { id: "asc" } }),
    db.postEdit.findMany({ where: { annotatorId: ann, segmentId: seg.id }, select: { id: true, text: true, version: true }, orderBy: { id: "asc" } }),
    db.errorSpan.findMany({ where: { annotatorId: ann, translation: { segmentId: seg.id } }, select: { id: true, severity: true, version: true, deletedAt: true }, orderBy: { id: "asc" } }),
    db.history.count({ where: { projectId: project.id, userId: ann } }),
  ]);
  const time = await db.assignment.findMany({ where: { annotatorId: ann, segmentId: seg.id }, select: { scheme: true, timeSpentMs: true }, orderBy: { scheme: "asc" } });
  return { annotations, postEdits, spans, history, time };
}

/** A MetaHOPE item made complete (every translation reviewed, every active MRW aligned). */
async function completeMetahope(seg: TSeg) {
  for (const t of seg.translations) {
    await save(seg, { translationId: t.id, field: "METAHOPE_ERRORS", value: { reviewed: true } });
    for (const m of seg.mrws.filter((x) => x.active)) await save(seg, { translationId: t.id, mrwId: m.id, field: "ALIGNMENT", value: { pattern: "OMISSION", spans: [] } });
  }
}

describe("writes to a submitted or skipped item", () => {
  it("every write path after a real submit is refused with ITEM_SUBMITTED and changes nothing", async () => {
    const seg = segs[0];
    // values of both schemes exist before the submit
    const f = await save(seg, { field: "FLUENCY", value: 3 });
    const pe = await savePostEdit(db, { ...ids(seg), input: { kind: "LITERAL", text: "原文", baseTranslationId: seg.translations[0].id, baseVersion: 0 } });
    const e = await createErrorSpan(db, { ...ids(seg), span: span(seg, 1) });
    await completeMetahope(seg);
    await act(seg, { action: "time", scheme: "METAHOPE", activeMs: 0 });
    expect((await act(seg, { action: "submit", scheme: "METAHOPE", activeMs: 0 })).status).toBe("DONE");
    await setStatus(seg, "MMTE", "DONE"); // the MMTE part submitted too (its completeness needs every label; covered elsewhere)
    const before = await stored(seg);

    const refusals = [
      await rejection(save(seg, { field: "FLUENCY", value: 5, baseVersion: f.version })),
      await rejection(save(seg, { field: "OVERALL", value: 5 })), // a new value, not only a change
      await rejection(save(seg, { field: "METAHOPE_ERRORS", value: { reviewed: false }, baseVersion: 1 })),
      await rejection(save(seg, { field: "ALIGNMENT", mrwId: seg.mrws.find((m) => m.active)!.id, value: { pattern: "OMISSION", spans: [] }, baseVersion: 1 })),
      await rejection(savePostEdit(db, { ...ids(seg), input: { kind: "LITERAL", text: "changed", baseTranslationId: seg.translations[0].id, baseVersion: pe.version } })),
      await rejection(savePostEdit(db, { ...ids(seg), input: { kind: "FIGURATIVE", text: "new", baseTranslationId: seg.translations[0].id, baseVersion: 0 } })),
      await rejection(createErrorSpan(db, { ...ids(seg), span: span(seg, 2) })),
      await rejection(updateErrorSpan(db, { ...ids(seg), id: e.id, patch: { severity: 10 }, baseVersion: e.version })),
      await rejection(deleteErrorSpan(db, { ...ids(seg), id: e.id, baseVersion: e.version })),
      await rejection(act(seg, { action: "time", scheme: "METAHOPE", activeMs: 30_000 })),
      await rejection(act(seg, { action: "time", scheme: "MMTE", activeMs: 30_000 })),
      await rejection(act(seg, { action: "submit", scheme: "METAHOPE", activeMs: 30_000 })),
    ];
    for (const r of refusals) {
      expect(r.code).toBe("ITEM_SUBMITTED");
      expect(r.status).toBe(423);
      expect(r.message).toBe("This item was submitted; reopen it to change it.");
    }
    expect(await stored(seg)).toEqual(before);
  });

  it("a skipped item is closed the same way", async () => {
    const seg = segs[1];
    await setStatus(seg, "MMTE", "SKIPPED");
    const before = await stored(seg);
    const e = await rejection(save(seg, { field: "FLUENCY", value: 2 }));
    expect([e.code, e.message]).toEqual(["ITEM_SUBMITTED", "This item was skipped; reopen it to change it."]);
    expect((await rejection(savePostEdit(db, { ...ids(seg), input: { kind: "LITERAL", text: "x", baseTranslationId: null, baseVersion: 0 } }))).code).toBe("ITEM_SUBMITTED");
    expect(await stored(seg)).toEqual(before);
  });

  it("reopen is logged (who, when, which item, from which status) and then writes are accepted again", async () => {
    const seg = segs[0];
    const t0 = new Date(Date.now() - 1000);
    expect(await act(seg, { action: "reopen", scheme: "MMTE" })).toMatchObject({ status: "IN_PROGRESS" });
    const log = await db.auditLog.findMany({ where: { projectId: project.id, action: "assignment.reopen" } });
    expect(log).toHaveLength(1);
    expect(log[0].userId).toBe(ann);
    expect(log[0].createdAt.getTime()).toBeGreaterThanOrEqual(t0.getTime());
    expect(log[0].detail).toMatchObject({ segmentId: seg.id, scheme: "MMTE", from: "DONE" });
    // reopening an open item logs nothing
    await act(seg, { action: "reopen", scheme: "MMTE" });
    expect(await db.auditLog.count({ where: { projectId: project.id, action: "assignment.reopen" } })).toBe(1);
    const f = await db.annotation.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id, field: "FLUENCY" } });
    expect((await save(seg, { field: "FLUENCY", value: 5, baseVersion: f.version })).version).toBe(f.version + 1);
    // the MetaHOPE part stays submitted: reopen is per scheme
    expect((await rejection(createErrorSpan(db, { ...ids(seg), span: span(seg, 2) }))).code).toBe("ITEM_SUBMITTED");
    await act(seg, { action: "reopen", scheme: "METAHOPE" });
    expect((await createErrorSpan(db, { ...ids(seg), span: span(seg, 2) })).version).toBe(1);
  });
});

describe("writes to decided values", () => {
  it("a decided field, the MetaHOPE errors of a decided translation and a post-edit chosen as gold are refused, naming the decision; undecided values still save", async () => {
    const seg = segs[2];
    const [t0, t1] = seg.translations;
    const f = await save(seg, { translationId: t0.id, field: "FIDELITY", value: 2 });
    const mark = await save(seg, { translationId: t1.id, field: "METAHOPE_ERRORS", value: { reviewed: true } });
    const e = await createErrorSpan(db, { ...ids(seg), span: span(seg, 1) });
    const pe = await savePostEdit(db, { ...ids(seg), input: { kind: "FIGURATIVE", text: "金色的译文", baseTranslationId: t0.id, baseVersion: 0 } });
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator, segmentId: seg.id, translationId: t0.id, field: "FIDELITY", value: 4, rationale: "panel", baseVersion: 0 });
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator, segmentId: seg.id, translationId: t1.id, field: "METAHOPE_MIS", value: 4, rationale: "panel", baseVersion: 0 });
    await saveGoldReference(db, { projectId: project.id, language: "zh", approvedById: adjudicator, segmentId: seg.id, kind: "FIGURATIVE", text: "金色的译文", sourcePostEditId: pe.id, baseVersion: 0 });
    const adjEmail = (await db.user.findUniqueOrThrow({ where: { id: adjudicator } })).email;
    // the item is open (adjudicators can decide values of items still in progress): only decided values are locked
    const before = await stored(seg);
    const fe = await rejection(save(seg, { translationId: t0.id, field: "FIDELITY", value: 5, baseVersion: f.version }));
    expect(fe.code).toBe("VALUE_DECIDED");
    expect(fe.message).toMatch(new RegExp(`^Decided by adjudication: Fidelity = 4 \\(by ${adjEmail.replace(/[.]/g, "\\.")}, \\d{4}-\\d\\d-\\d\\d\\)\\. Fidelity can no longer be changed here`));
    const refusals = [
      await rejection(save(seg, { translationId: t1.id, field: "METAHOPE_ERRORS", value: { reviewed: false }, baseVersion: mark.version })),
      await rejection(createErrorSpan(db, { ...ids(seg), span: { ...span(seg, 1), start: 1, end: 2 } })),
      await rejection(updateErrorSpan(db, { ...ids(seg), id: e.id, patch: { severity: 10 }, baseVersion: e.version })),
      await rejection(deleteErrorSpan(db, { ...ids(seg), id: e.id, baseVersion: e.version })),
    ];
    for (const r of refusals) {
      expect(r.code).toBe("VALUE_DECIDED");
      expect(r.message).toMatch(/^Decided by adjudication: MetaHOPE MIS = 4 \(by .*\)\. The MetaHOPE errors of this translation can no longer be changed here/);
    }
    const pr = await rejection(savePostEdit(db, { ...ids(seg), input: { kind: "FIGURATIVE", text: "改了", baseTranslationId: t0.id, baseVersion: pe.version } }));
    expect([pr.code, pr.message]).toEqual(["VALUE_DECIDED", expect.stringContaining("chosen as the figurative gold reference")]);
    expect(await stored(seg)).toEqual(before);
    // undecided values of the same item still save: another field, another translation's errors
    await save(seg, { translationId: t0.id, field: "FLUENCY", value: 3 });
    await createErrorSpan(db, { ...ids(seg), span: span(seg, 2) });
    await savePostEdit(db, { ...ids(seg), input: { kind: "LITERAL", text: "直译", baseTranslationId: t0.id, baseVersion: 0 } });
  });

  it("a reopened item still refuses its decided values", async () => {
    const seg = segs[3];
    const t = seg.translations[0];
    const f = await save(seg, { translationId: t.id, field: "OVERALL", value: 1 });
    await setStatus(seg, "MMTE", "DONE");
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator, segmentId: seg.id, translationId: t.id, field: "OVERALL", value: 3, rationale: "", baseVersion: 0 });
    const closed = await rejection(save(seg, { translationId: t.id, field: "OVERALL", value: 2, baseVersion: f.version }));
    expect(closed.code).toBe("ITEM_SUBMITTED");
    await act(seg, { action: "reopen", scheme: "MMTE" });
    const decided = await rejection(save(seg, { translationId: t.id, field: "OVERALL", value: 2, baseVersion: f.version }));
    expect(decided.code).toBe("VALUE_DECIDED");
    expect((await db.annotation.findUniqueOrThrow({ where: { id: f.id } })).value).toBe(1);
  });
});

describe("racing a submit", () => {
  it("a save that arrives while a submit holds the assignment waits, then is refused (annotation, post-edit, error span)", async () => {
    const seg = segs[4];
    const a = await db.assignment.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id, scheme: "MMTE" } });
    const m = await db.assignment.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id, scheme: "METAHOPE" } });
    const before = await stored(seg);
    // a submit in flight: it has locked the assignment rows and marked them DONE, not yet committed
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query(`UPDATE "Assignment" SET status = 'DONE' WHERE id = ANY($1)`, [[a.id, m.id]]);
      const saves = [
        save(seg, { field: "FLUENCY", value: 2 }),
        savePostEdit(db, { ...ids(seg), input: { kind: "LITERAL", text: "x", baseTranslationId: null, baseVersion: 0 } }),
        createErrorSpan(db, { ...ids(seg), span: span(seg) }),
      ].map((p) => p.then(() => "saved", (e: AppError) => e.code));
      let settled = 0;
      for (const p of saves) void p.then(() => settled++);
      await new Promise((r) => setTimeout(r, 400));
      expect(settled).toBe(0); // blocked behind the submit, not slipping in before it
      await client.query("COMMIT");
      expect(await Promise.all(saves)).toEqual(["ITEM_SUBMITTED", "ITEM_SUBMITTED", "ITEM_SUBMITTED"]);
    } finally {
      client.release();
    }
    expect(await stored(seg)).toEqual(before);
  });

  it("submits and saves racing: every save is either before the submit or refused, never after DONE", async () => {
    const seg = segs[5];
    await completeMetahope(seg);
    const t = seg.translations[0].id;
    for (let round = 0; round < 15; round++) {
      const cur = await db.annotation.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id, translationId: t, field: "METAHOPE_ERRORS" } });
      const [submitted, saved] = await Promise.allSettled([
        act(seg, { action: "submit", scheme: "METAHOPE", activeMs: 0 }),
        save(seg, { translationId: t, field: "METAHOPE_ERRORS", value: { reviewed: true }, baseVersion: cur.version }),
      ]);
      expect(submitted.status).toBe("fulfilled");
      if (saved.status === "rejected") expect((saved.reason as AppError).code).toBe("ITEM_SUBMITTED");
      const asg = await db.assignment.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id, scheme: "METAHOPE" } });
      expect(asg.status).toBe("DONE");
      const after = await db.history.count({ where: { projectId: project.id, userId: ann, entity: "ANNOTATION", entityId: cur.id, createdAt: { gt: asg.completedAt! } } });
      expect(after).toBe(0);
      await act(seg, { action: "reopen", scheme: "METAHOPE" });
    }
  });
});

describe("scheme parts the annotator is not assigned", () => {
  it("MetaHOPE values and error spans of an MMTE-only annotator are refused; MMTE values save", async () => {
    const seg = segs[6];
    const m = seg.mrws.find((x) => x.active)!;
    const e1 = await rejection(save(seg, { field: "METAHOPE_ERRORS", value: { reviewed: true } }, mmteOnly));
    expect([e1.code, e1.message]).toEqual(["FORBIDDEN", "You are not assigned MetaHOPE for this item, so its MetaHOPE values cannot be saved."]);
    expect((await rejection(save(seg, { field: "ALIGNMENT", mrwId: m.id, value: { pattern: "OMISSION", spans: [] } }, mmteOnly))).code).toBe("FORBIDDEN");
    const e2 = await rejection(createErrorSpan(db, { projectId: project.id, annotatorId: mmteOnly, segmentId: seg.id, span: span(seg) }));
    expect(e2.code).toBe("FORBIDDEN");
    expect(await db.annotation.count({ where: { annotatorId: mmteOnly } })).toBe(0);
    expect(await db.errorSpan.count({ where: { annotatorId: mmteOnly } })).toBe(0);
    expect((await save(seg, { field: "FLUENCY", value: 4 }, mmteOnly)).version).toBe(1);
  });
});

describe("active time (13.23)", () => {
  const timeOf = async (seg: TSeg) => (await db.assignment.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id, scheme: "MMTE" } })).timeSpentMs;

  it("10 rapid reports claiming 60 s each credit at most the wall time that passed", async () => {
    const seg = segs[7];
    const start = Date.now();
    // the workspace's opening report sets the baseline and credits nothing
    expect((await act(seg, { action: "time", scheme: "MMTE", activeMs: 60_000 })).timeSpentMs).toBe(0);
    for (let i = 0; i < 5; i++) await act(seg, { action: "time", scheme: "MMTE", activeMs: 60_000 });
    await Promise.all(Array.from({ length: 5 }, () => act(seg, { action: "time", scheme: "MMTE", activeMs: 60_000 })));
    const elapsed = Date.now() - start;
    const credited = await timeOf(seg);
    expect(credited).toBeLessThanOrEqual(elapsed);
    expect(elapsed).toBeLessThan(60_000);
  });

  it("a report after a real pause is credited that pause, not more, and never more than claimed", async () => {
    const seg = segs[7];
    const before = await timeOf(seg);
    const t0 = Date.now();
    await act(seg, { action: "time", scheme: "MMTE", activeMs: 0 });
    await new Promise((r) => setTimeout(r, 1500));
    await act(seg, { action: "time", scheme: "MMTE", activeMs: 60_000 });
    const elapsed = Date.now() - t0;
    const gained = (await timeOf(seg)) - before;
    expect(gained).toBeGreaterThanOrEqual(1400);
    expect(gained).toBeLessThanOrEqual(elapsed);
    await new Promise((r) => setTimeout(r, 300));
    const honest = await act(seg, { action: "time", scheme: "MMTE", activeMs: 100 });
    expect(honest.timeSpentMs - gained - before).toBe(100);
  });

  it("20 parallel reports on 20 open items credit at most the wall clock in total, not per item (issue 27, point 9)", async () => {
    // Before, each item's own clock bounded its reports only: 20 items reported on at once
    // credited 20 times the wall clock (227 s for 11.3 s).
    const u = await makeUser(db, { tag: "parallel-time" });
    await db.projectMember.create({ data: { projectId: project.id, userId: u.id, role: "ANNOTATOR" } });
    const ten = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { index: "asc" }, take: 10, select: { id: true } });
    const items = ten.flatMap((s) => (["MMTE", "METAHOPE"] as const).map((scheme) => ({ segmentId: s.id, scheme })));
    await db.assignment.createMany({ data: items.map((it, i) => ({ projectId: project.id, annotatorId: u.id, ...it, position: i })) });
    const report = (it: (typeof items)[number], activeMs: number) =>
      applyAssignmentAction(db, { project, config, annotatorId: u.id, segmentId: it.segmentId, action: { action: "time", scheme: it.scheme, activeMs } });
    const total = async () => (await db.assignment.aggregate({ where: { annotatorId: u.id }, _sum: { timeSpentMs: true } }))._sum.timeSpentMs ?? 0;

    const start = Date.now();
    await Promise.all(items.map((it) => report(it, 0))); // each item's opening report: its start
    await new Promise((r) => setTimeout(r, 1000));
    await Promise.all(items.map((it) => report(it, 60_000)));
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all(items.map((it) => report(it, 60_000)));
    const elapsed = Date.now() - start;
    const credited = await total();
    expect(credited).toBeLessThanOrEqual(elapsed);
    // the wall time itself is credited, not lost
    expect(credited).toBeGreaterThanOrEqual(1400);
  });
});
