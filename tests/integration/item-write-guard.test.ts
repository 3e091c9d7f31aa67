// Issue 13.18 and 13.23 against real PostgreSQL: no annotator write lands on a submitted (or
// skipped) item, on a value an adjudication decided, or outside the annotator's assignment; reopen
// is explicit and logged; a submit racing a save never leaves a write after DONE; repeated time
// reports are credited at most the wall time that passed.
// On the one runtime every annotator write is a value saved by saveAnnotation under the project's
// stored scheme and the caller's one assignment of the item (both parts, MMTE and MetaHOPE, in
// one): error spans are the METAHOPE_ERRORS list of a translation, post-edits the values of the
// edit fields, and a gold post-edit is the adjudicator's decision of its edit field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { useTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import { completeSchemeItem } from "./complete-scheme-item";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { saveAdjudication } from "@/lib/db/adjudication/adjudication";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { ZSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { AppError } from "@/lib/errors";
import type { TAssignmentAction, TSaveAnnotationInput } from "@/lib/workspace/api-types";

let db: Db;
let pool: Pool;
const config: TSchemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let runtime: TSchemeRuntime;
let ann: string, leftover: string, adjudicator: string;
type TSeg = { id: string; translations: { id: string; text: string }[]; mrws: { id: string; metaphorical: boolean; active: boolean }[] };
let segs: TSeg[];

beforeAll(async () => {
  useTestDatabase();
  process.env.DATABASE_POOL_MAX = "12";
  db = (await import("@/lib/db/client")).getDb();
  pool = (await import("@/lib/db/pg-pool")).getPgPool();
  const [u1, u2, u3] = [await makeUser(db, { tag: "ann" }), await makeUser(db, { tag: "leftover" }), await makeUser(db, { tag: "adj" })];
  [ann, leftover, adjudicator] = [u1.id, u2.id, u3.id];
  const p = await makeProject(db, [
    { userId: ann, roles: ["ANNOTATOR"] },
    { userId: leftover, roles: ["ANNOTATOR"] },
    { userId: adjudicator, roles: ["ADJUDICATOR"] },
  ]);
  await db.project.update({ where: { id: p.id }, data: { schemeConfig: config } });
  project = { id: p.id, slug: p.slug, sourceLang: "en", targetLang: "zh" };
  // the first read stores the preset of the project's parts (MMTE and MetaHOPE) as its version 1
  runtime = await getProjectRuntime(db, p.id);
  await loadImport(pool, { projectId: p.id, fileName: "demo-corpus.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  segs = await db.segment.findMany({
    where: { projectId: p.id },
    orderBy: { index: "asc" },
    take: 8,
    select: { id: true, translations: { select: { id: true, text: true }, orderBy: { id: "asc" } }, mrws: { select: { id: true, metaphorical: true, active: true }, orderBy: { start: "asc" } } },
  });
  // `ann` holds the item (both parts) on every item used here; `leftover`, an annotator of the
  // project too, holds none of them
  await db.assignment.createMany({ data: segs.map((s, i) => ({ projectId: p.id, annotatorId: ann, segmentId: s.id, position: i })) });
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
    runtime,
    input: { segmentId: seg.id, translationId: seg.translations[0].id, mrwId: null, field: "FLUENCY", value: 4, baseVersion: 0, ...input } as TSaveAnnotationInput,
  });
const act = (seg: TSeg, action: TAssignmentAction, annotatorId = ann) => applyAssignmentAction(db, { project, config, runtime, annotatorId, segmentId: seg.id, action });
/** A MetaHOPE error span as the METAHOPE_ERRORS list holds it. */
const span = (o: { start?: number; end?: number; severity?: number } = {}) => ({ start: o.start ?? 0, end: o.end ?? 1, label: "MIS", attributes: { severity: o.severity ?? 4 } });
/** A translation's MetaHOPE errors (a new list: baseVersion 0). */
const errors = (seg: TSeg, t: number, value: unknown, baseVersion = 0) => ({ translationId: seg.translations[t].id, field: "METAHOPE_ERRORS", value, baseVersion });
/** A post-edit: the segment's value of an edit field. */
const postEdit = (field: "POSTEDIT_FIGURATIVE" | "POSTEDIT_LITERAL", value: string, baseVersion = 0) => ({ translationId: null, field, value, baseVersion });
const setStatus = (seg: TSeg, status: "DONE" | "SKIPPED" | "IN_PROGRESS") => db.assignment.updateMany({ where: { annotatorId: ann, segmentId: seg.id }, data: { status } });

/** Everything the annotator's writes could change: every version, and the history. */
async function stored(seg: TSeg) {
  const [annotations, history] = await Promise.all([
    db.annotation.findMany({ where: { annotatorId: ann, segmentId: seg.id }, select: { id: true, field: true, value: true, version: true }, orderBy: { id: "asc" } }),
    db.history.count({ where: { projectId: project.id, userId: ann } }),
  ]);
  const time = await db.assignment.findMany({ where: { annotatorId: ann, segmentId: seg.id }, select: { timeSpentMs: true } });
  return { annotations, history, time };
}

/** The item made complete (every value the scheme requires: both parts). */
const complete = (seg: TSeg) => completeSchemeItem(db, pool, { project, config, runtime, annotatorId: ann, segmentId: seg.id });

const SUBMITTED = "This item was submitted; reopen it to change it.";

describe("writes to a submitted or skipped item", () => {
  it("every write path after a real submit is refused with ITEM_SUBMITTED and changes nothing", async () => {
    const seg = segs[0];
    // values of both parts exist before the submit: a rating, a post-edit, an error span
    const f = await save(seg, { field: "FLUENCY", value: 3 });
    const pe = await save(seg, postEdit("POSTEDIT_LITERAL", "原文"));
    const e = await save(seg, errors(seg, 1, [span()]));
    await complete(seg);
    await act(seg, { action: "time", activeMs: 0 });
    expect((await act(seg, { action: "submit", activeMs: 0 })).status).toBe("DONE");
    const before = await stored(seg);

    const refusals = [
      await rejection(save(seg, { field: "FLUENCY", value: 5, baseVersion: f.version })),
      await rejection(save(seg, { field: "OVERALL", value: 5 })), // a new value (a tab that had none yet), not only a change
      await rejection(save(seg, { field: "ALIGNMENT", mrwId: seg.mrws.find((m) => m.active)!.id, value: { pattern: "IMPLICIT", spans: [] }, baseVersion: 1 })),
      await rejection(save(seg, postEdit("POSTEDIT_LITERAL", "changed", pe.version))), // a post-edit changed
      await rejection(save(seg, postEdit("POSTEDIT_FIGURATIVE", "new", 1))), // the other post-edit
      await rejection(save(seg, errors(seg, 1, [span(), span({ start: 1, end: 2 })], e.version))), // an error span added
      await rejection(save(seg, errors(seg, 1, [span({ severity: 10 })], e.version))), // one edited
      await rejection(save(seg, errors(seg, 1, [], e.version))), // one deleted
      await rejection(act(seg, { action: "time", activeMs: 30_000 })),
      await rejection(act(seg, { action: "submit", activeMs: 30_000 })),
    ];
    for (const r of refusals) {
      expect(r.code).toBe("ITEM_SUBMITTED");
      expect(r.status).toBe(423);
      expect(r.message).toBe(SUBMITTED);
    }
    expect(await stored(seg)).toEqual(before);
  });

  it("a skipped item is closed the same way", async () => {
    const seg = segs[1];
    await setStatus(seg, "SKIPPED");
    const before = await stored(seg);
    const e = await rejection(save(seg, { field: "FLUENCY", value: 2 }));
    expect([e.code, e.message]).toEqual(["ITEM_SUBMITTED", "This item was skipped; reopen it to change it."]);
    expect((await rejection(save(seg, postEdit("POSTEDIT_LITERAL", "x")))).code).toBe("ITEM_SUBMITTED");
    expect((await rejection(save(seg, errors(seg, 0, [span()])))).code).toBe("ITEM_SUBMITTED");
    expect(await stored(seg)).toEqual(before);
  });

  it("reopen is logged (who, when, which item, from which status) and then writes are accepted again", async () => {
    const seg = segs[0];
    const t0 = new Date(Date.now() - 1000);
    expect(await act(seg, { action: "reopen" })).toMatchObject({ status: "IN_PROGRESS" });
    const log = await db.auditLog.findMany({ where: { projectId: project.id, action: "assignment.reopen" } });
    expect(log).toHaveLength(1);
    expect(log[0].userId).toBe(ann);
    expect(log[0].createdAt.getTime()).toBeGreaterThanOrEqual(t0.getTime());
    expect(log[0].detail).toMatchObject({ segmentId: seg.id, from: "DONE" });
    // reopening an open item logs nothing
    await act(seg, { action: "reopen" });
    expect(await db.auditLog.count({ where: { projectId: project.id, action: "assignment.reopen" } })).toBe(1);
    const f = await db.annotation.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id, field: "FLUENCY" } });
    expect((await save(seg, { field: "FLUENCY", value: 5, baseVersion: f.version })).version).toBe(f.version + 1);
    // one assignment holds both parts: the item's MetaHOPE errors open with it
    const e = await db.annotation.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id, field: "METAHOPE_ERRORS", translationId: seg.translations[2].id } });
    expect((await save(seg, errors(seg, 2, [span()], e.version))).version).toBe(e.version + 1);
  });
});

describe("writes to decided values", () => {
  it("a decided field, the decided MetaHOPE errors of a translation and a post-edit decided as gold are refused, naming the decision; undecided values still save", async () => {
    const seg = segs[2];
    const [t0, t1, t2] = seg.translations;
    const f = await save(seg, { translationId: t0.id, field: "FIDELITY", value: 2 });
    const e1 = await save(seg, errors(seg, 1, [span()]));
    const e2 = await save(seg, errors(seg, 2, []));
    const pe = await save(seg, postEdit("POSTEDIT_FIGURATIVE", "金色的译文"));
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator, segmentId: seg.id, translationId: t0.id, field: "FIDELITY", value: 4, rationale: "panel", baseVersion: 0 });
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator, segmentId: seg.id, translationId: t1.id, field: "METAHOPE_ERRORS", value: [span({ severity: 6 })], rationale: "panel", baseVersion: 0 });
    // the segment's figurative gold reference: the decision of the edit field
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator, segmentId: seg.id, field: "POSTEDIT_FIGURATIVE", value: "金色的译文", rationale: "panel", baseVersion: 0 });
    // a per-category decision (METAHOPE_MIS) as a project of an earlier release keeps it, after its move
    await db.adjudication.create({ data: { projectId: project.id, segmentId: seg.id, translationId: t2.id, itemKey: `${t2.id}:-`, field: "METAHOPE_MIS", value: 4, rationale: "panel", adjudicatorId: adjudicator } });
    const adjEmail = (await db.user.findUniqueOrThrow({ where: { id: adjudicator } })).email;
    const by = adjEmail.replace(/[.]/g, "\\.");
    // the item is open (adjudicators can decide values of items still in progress): only decided values are locked
    const before = await stored(seg);
    const fe = await rejection(save(seg, { translationId: t0.id, field: "FIDELITY", value: 5, baseVersion: f.version }));
    expect(fe.code).toBe("VALUE_DECIDED");
    expect(fe.message).toMatch(new RegExp(`^Decided by adjudication: Fidelity = 4 \\(by ${by}, \\d{4}-\\d\\d-\\d\\d\\)\\. Fidelity can no longer be changed here`));
    const refusals = [
      await rejection(save(seg, errors(seg, 1, [span(), span({ start: 1, end: 2 })], e1.version))), // a span added
      await rejection(save(seg, errors(seg, 1, [span({ severity: 10 })], e1.version))), // edited
      await rejection(save(seg, errors(seg, 1, [], e1.version))), // deleted
      await rejection(save(seg, errors(seg, 2, [span()], e2.version))), // under the earlier release's category decision
    ];
    for (const r of refusals) {
      expect(r.code).toBe("VALUE_DECIDED");
      expect(r.message).toMatch(new RegExp(`^Decided by adjudication: .+ \\(by ${by}, \\d{4}-\\d\\d-\\d\\d\\)\\. MetaHOPE errors can no longer be changed here`));
    }
    const pr = await rejection(save(seg, postEdit("POSTEDIT_FIGURATIVE", "改了", pe.version)));
    expect([pr.code, pr.message]).toEqual(["VALUE_DECIDED", expect.stringMatching(/^Decided by adjudication: .*金色的译文 .*Post-edit \(figurative\) can no longer be changed here/)]);
    expect(await stored(seg)).toEqual(before);
    // undecided values of the same item still save: another field, another translation's errors, the other post-edit
    await save(seg, { translationId: t0.id, field: "FLUENCY", value: 3 });
    await save(seg, errors(seg, 0, [span()]));
    await save(seg, postEdit("POSTEDIT_LITERAL", "直译"));
  });

  it("a reopened item still refuses its decided values", async () => {
    const seg = segs[3];
    const t = seg.translations[0];
    const f = await save(seg, { translationId: t.id, field: "OVERALL", value: 1 });
    await setStatus(seg, "DONE");
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator, segmentId: seg.id, translationId: t.id, field: "OVERALL", value: 3, rationale: "", baseVersion: 0 });
    const closed = await rejection(save(seg, { translationId: t.id, field: "OVERALL", value: 2, baseVersion: f.version }));
    expect(closed.code).toBe("ITEM_SUBMITTED");
    await act(seg, { action: "reopen" });
    const decided = await rejection(save(seg, { translationId: t.id, field: "OVERALL", value: 2, baseVersion: f.version }));
    expect(decided.code).toBe("VALUE_DECIDED");
    expect((await db.annotation.findUniqueOrThrow({ where: { id: f.id } })).value).toBe(1);
  });
});

describe("racing a submit", () => {
  it("a save that arrives while a submit holds the assignment waits, then is refused (a rating, a post-edit, an error span)", async () => {
    const seg = segs[4];
    const a = await db.assignment.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id } });
    const before = await stored(seg);
    // a submit in flight: it has locked the assignment row and marked it DONE, not yet committed
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query(`UPDATE "Assignment" SET status = 'DONE' WHERE id = $1`, [a.id]);
      const saves = [save(seg, { field: "FLUENCY", value: 2 }), save(seg, postEdit("POSTEDIT_LITERAL", "x")), save(seg, errors(seg, 0, [span()]))].map((p) =>
        p.then(
          () => "saved",
          (e: AppError) => e.code,
        ),
      );
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
    await complete(seg);
    const t = seg.translations[0].id;
    for (let round = 0; round < 15; round++) {
      const cur = await db.annotation.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id, translationId: t, field: "METAHOPE_ERRORS" } });
      const [submitted, saved] = await Promise.allSettled([
        act(seg, { action: "submit", activeMs: 0 }),
        save(seg, { translationId: t, field: "METAHOPE_ERRORS", value: round % 2 ? [] : [span()], baseVersion: cur.version }),
      ]);
      expect(submitted.status).toBe("fulfilled");
      if (saved.status === "rejected") expect((saved.reason as AppError).code).toBe("ITEM_SUBMITTED");
      const asg = await db.assignment.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id } });
      expect(asg.status).toBe("DONE");
      const after = await db.history.count({ where: { projectId: project.id, userId: ann, entity: "ANNOTATION", entityId: cur.id, createdAt: { gt: asg.completedAt! } } });
      expect(after).toBe(0);
      await act(seg, { action: "reopen" });
    }
  });
});

describe("assignments the annotator does not hold", () => {
  it("an annotator of the project without the item's assignment writes nothing: refused, nothing stored; its holder saves", async () => {
    const seg = segs[6];
    const m = seg.mrws.find((x) => x.active)!;
    for (const input of [{ field: "FLUENCY", value: 4 }, errors(seg, 0, [span()]), { field: "ALIGNMENT", mrwId: m.id, value: { pattern: "OMISSION", spans: [] } }, postEdit("POSTEDIT_LITERAL", "x")]) {
      const e = await rejection(save(seg, input, leftover));
      expect([e.code, e.message]).toEqual(["NOT_FOUND", "This item is not assigned to you in this project."]);
    }
    expect((await rejection(act(seg, { action: "time", activeMs: 0 }, leftover))).code).toBe("NOT_FOUND");
    expect(await db.annotation.count({ where: { annotatorId: leftover } })).toBe(0);
    expect((await save(seg, { field: "FLUENCY", value: 4 })).version).toBe(1);
  });
});

describe("active time (13.23)", () => {
  const timeOf = async (seg: TSeg) => (await db.assignment.findFirstOrThrow({ where: { annotatorId: ann, segmentId: seg.id } })).timeSpentMs;

  it("10 rapid reports claiming 60 s each credit at most the wall time that passed", async () => {
    const seg = segs[7];
    const start = Date.now();
    // the workspace's opening report sets the baseline and credits nothing
    expect((await act(seg, { action: "time", activeMs: 60_000 })).timeSpentMs).toBe(0);
    for (let i = 0; i < 5; i++) await act(seg, { action: "time", activeMs: 60_000 });
    await Promise.all(Array.from({ length: 5 }, () => act(seg, { action: "time", activeMs: 60_000 })));
    const elapsed = Date.now() - start;
    const credited = await timeOf(seg);
    expect(credited).toBeLessThanOrEqual(elapsed);
    expect(elapsed).toBeLessThan(60_000);
  });

  it("a report after a real pause is credited that pause, not more, and never more than claimed", async () => {
    const seg = segs[7];
    const before = await timeOf(seg);
    const t0 = Date.now();
    await act(seg, { action: "time", activeMs: 0 });
    await new Promise((r) => setTimeout(r, 1500));
    await act(seg, { action: "time", activeMs: 60_000 });
    const elapsed = Date.now() - t0;
    const gained = (await timeOf(seg)) - before;
    expect(gained).toBeGreaterThanOrEqual(1400);
    expect(gained).toBeLessThanOrEqual(elapsed);
    await new Promise((r) => setTimeout(r, 300));
    const honest = await act(seg, { action: "time", activeMs: 100 });
    expect(honest.timeSpentMs - gained - before).toBe(100);
  });

  it("20 parallel reports on 20 open items credit at most the wall clock in total, not per item (issue 27, point 9)", async () => {
    // Before, each item's own clock bounded its reports only: 20 items reported on at once
    // credited 20 times the wall clock (227 s for 11.3 s).
    const u = await makeUser(db, { tag: "parallel-time" });
    await db.projectMember.create({ data: { projectId: project.id, userId: u.id, role: "ANNOTATOR" } });
    const twenty = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { index: "asc" }, take: 20, select: { id: true } });
    const items = twenty.map((s) => ({ segmentId: s.id }));
    await db.assignment.createMany({ data: items.map((it, i) => ({ projectId: project.id, annotatorId: u.id, ...it, position: i })) });
    const report = (it: (typeof items)[number], activeMs: number) =>
      applyAssignmentAction(db, { project, config, annotatorId: u.id, segmentId: it.segmentId, action: { action: "time", activeMs } });
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
