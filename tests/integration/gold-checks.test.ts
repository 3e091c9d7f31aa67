// Issue 31 points 1–2 on real PostgreSQL: a qualification set gates an annotator's queue (main
// items refused by the item, assignment and save paths until an attempt passes; a fail, a new
// attempt, a pass), hidden gold checks are mixed into queues without a trace in the item payload,
// their answers are scored, and values of gold items never reach the scheme report's values nor
// the annotations export.
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { getSchemeReportData } from "@/lib/db/reports/scheme-report-data";
import { exportFile } from "@/lib/db/export/stream";
import { setGoldCheckSettings } from "@/lib/db/gold-checks/gold-check-settings";
import { qualificationState, startNewQualificationAttempt } from "@/lib/db/gold-checks/qualification";
import { goldCheckAccuracy } from "@/lib/db/gold-checks/hidden-checks";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { runTropos } from "../support/run-tropos";
import { makeProject, makeUser, rejection } from "./fixtures";

const SCHEME = ZSchemeDefinition.parse({
  id: "gold-demo",
  version: 1,
  name: "Gold demo",
  fields: [{ id: "label", scope: "segment", kind: "choice", label: "Label", required: true, options: [{ value: "pos" }, { value: "neg" }], gold: { from: "item", key: "gold_label" } }],
});
const RATIONALE = "The reviewer praises the plot twice: positive.";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** A project on SCHEME with items q1, q2 (gold pos / neg, q1 with a rationale), c1 (gold neg) and main items m1..m4 (no gold). */
async function seed(annotators: number) {
  const users = await Promise.all(Array.from({ length: annotators }, () => makeUser(db, { tag: "ann" })));
  const project = await makeProject(db, users.map((u) => ({ userId: u.id, roles: ["ANNOTATOR"] })), { targetLang: "de" });
  await setProjectScheme(db, project.id, SCHEME, { actorId: null });
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
  const items: [string, Record<string, unknown> | null][] = [
    ["q1", { gold_label: "pos", rationale: RATIONALE }],
    ["q2", { gold_label: "neg" }],
    ["c1", { gold_label: "neg" }],
    ["m1", null], ["m2", null], ["m3", null], ["m4", null],
  ];
  const seg: Record<string, string> = {};
  for (const [i, [externalId, lists]] of items.entries()) {
    const s = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId, index: i, text: `Sentence ${externalId}.`, language: "en", ...(lists ? { lists: lists as Prisma.InputJsonValue } : {}) } });
    seg[externalId] = s.id;
  }
  const runtime = await getProjectRuntime(db, project.id);
  if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
  const p = { id: project.id, slug: project.slug, sourceLang: "en", targetLang: "de" };
  const save = async (annotatorId: string, item: string, value: string) => {
    const current = await db.annotation.findFirst({ where: { annotatorId, segmentId: seg[item], field: "label" }, select: { version: true } });
    return saveAnnotation(pool, { projectId: project.id, annotatorId, config: DEFAULT_SCHEME_CONFIG, runtime, input: { segmentId: seg[item], translationId: null, mrwId: null, field: "label", value, baseVersion: current?.version ?? 0 } as TSaveAnnotationInput });
  };
  const submit = (annotatorId: string, item: string) => applyAssignmentAction(db, { project: p, config: DEFAULT_SCHEME_CONFIG, annotatorId, segmentId: seg[item], action: { action: "submit", activeMs: 0 }, runtime });
  const open = (annotatorId: string, item: string) => getSchemeWorkspaceItem(db, { project: p, config: DEFAULT_SCHEME_CONFIG, annotatorId, segmentKey: seg[item], runtime });
  return { users, project, seg, save, submit, open };
}

describe("qualification on gold items", () => {
  it("refuses main items until an attempt passes: a fail (with the gold and its rationale shown), a new attempt, a pass", async () => {
    const { users: [ann], project, seg, save, submit, open } = await seed(1);
    await setGoldCheckSettings(db, { projectId: project.id, actorId: null, via: "cli", qualification: ["q1", "q2"], passMark: 1 });
    await createAssignments(db, { projectId: project.id, annotatorIds: [ann.id], perItem: 1, shuffle: false });
    const queue = await db.assignment.findMany({ where: { annotatorId: ann.id }, orderBy: [{ position: "asc" }, { id: "asc" }], select: { segmentId: true } });
    // the queue starts with the qualification items, not handed out again as main items (c1 is no gold item here)
    expect(queue.map((a) => a.segmentId)).toEqual([seg.q1, seg.q2, seg.c1, seg.m1, seg.m2, seg.m3, seg.m4]);

    // main items refused by every path: open, save, submit
    expect((await rejection(open(ann.id, "m1"))).code).toBe("QUALIFICATION_REQUIRED");
    expect((await rejection(save(ann.id, "m1", "pos"))).code).toBe("NOT_FOUND");
    expect((await rejection(submit(ann.id, "m1"))).code).toBe("QUALIFICATION_REQUIRED");

    // the qualification item's payload carries neither its gold nor its rationale, and navigation stays in the set
    const q1 = await open(ann.id, "q1");
    expect(q1.lists).toEqual({});
    expect(JSON.stringify(q1)).not.toContain(RATIONALE);
    expect(JSON.stringify(q1)).not.toMatch(/gold_label"\s*:\s*"/);
    expect(q1.nav).toMatchObject({ position: 1, total: 2 });

    // a qualification item is not skipped (it would never be scored)
    const skip = applyAssignmentAction(db, { project: { id: project.id, slug: project.slug, sourceLang: "en", targetLang: "de" }, config: DEFAULT_SCHEME_CONFIG, annotatorId: ann.id, segmentId: seg.q1, action: { action: "skip" } });
    expect((await rejection(skip)).code).toBe("CONFLICT");

    // attempt 1: q1 right, q2 wrong → 50 % < 100 %: failed
    await save(ann.id, "q1", "pos");
    await save(ann.id, "q2", "pos");
    await submit(ann.id, "q1");
    expect((await qualificationState(db, project.id, ann.id)).attempts).toEqual([]);
    await submit(ann.id, "q2");
    let state = await qualificationState(db, project.id, ann.id);
    expect(state.attempts.map((a) => [a.attempt, a.passed, a.scores])).toEqual([[1, false, { label: { correct: 1, total: 2, share: 0.5, passMark: 1 } }]]);
    expect(state.attempts[0].answers.filter((a) => !a.correct)).toEqual([expect.objectContaining({ externalId: "q2", field: "label", given: "pos", gold: "neg", rationale: null })]);
    expect(state.attempts[0].answers.find((a) => a.externalId === "q1")).toMatchObject({ correct: true, rationale: RATIONALE });
    expect(state.canRetry).toBe(true);
    expect((await rejection(open(ann.id, "m1"))).code).toBe("QUALIFICATION_REQUIRED");
    // a scored qualification item does not reopen by itself
    expect((await rejection(applyAssignmentAction(db, { project: { id: project.id, slug: project.slug, sourceLang: "en", targetLang: "de" }, config: DEFAULT_SCHEME_CONFIG, annotatorId: ann.id, segmentId: seg.q2, action: { action: "reopen" } }))).code).toBe("CONFLICT");

    // a new attempt: values gone, items open again, the first attempt kept
    await startNewQualificationAttempt(db, project.id, ann.id);
    expect(await db.annotation.count({ where: { annotatorId: ann.id } })).toBe(0);
    expect((await db.assignment.findMany({ where: { annotatorId: ann.id, segmentId: { in: [seg.q1, seg.q2] } } })).map((a) => a.status)).toEqual(["TODO", "TODO"]);
    await save(ann.id, "q1", "pos");
    await save(ann.id, "q2", "neg");
    await submit(ann.id, "q1");
    await submit(ann.id, "q2");
    state = await qualificationState(db, project.id, ann.id);
    expect(state.attempts.map((a) => [a.attempt, a.passed])).toEqual([[1, false], [2, true]]);
    expect(state.passed).toBe(true);

    // the main queue is open
    expect((await open(ann.id, "m1")).segment.externalId).toBe("m1");
    await save(ann.id, "m1", "neg");
    expect((await submit(ann.id, "m1")).status).toBe("DONE");

    // the export of the attempts
    const lines: string[] = [];
    for await (const l of exportFile(pool, db, project, "gold-checks", "csv").lines) lines.push(l);
    const csv = lines.join("");
    expect(csv).toContain(`qualification,${ann.email},1,false,,label,1,2,0.5`);
    expect(csv).toContain(`qualification,${ann.email},2,true,,label,2,2,1`);
  });
});

describe("hidden gold checks", () => {
  it("are mixed into queues without a trace in the payload, scored on submit, and left out of the report's values and the annotations export", async () => {
    const { users: [a1, a2], project, seg, save, submit, open } = await seed(2);
    await setGoldCheckSettings(db, { projectId: project.id, actorId: null, via: "cli", checks: ["c1"], checkShare: 0.2 });
    // q1, q2 are neither qualification nor checks here: main items like m1..m4 (6 main items, 20 % → 2 checks, of a pool of 1)
    await createAssignments(db, { projectId: project.id, annotatorIds: [a1.id, a2.id], perItem: 2, shuffle: false });
    for (const u of [a1, a2]) {
      const held = (await db.assignment.findMany({ where: { annotatorId: u.id }, select: { segmentId: true, origin: true } }));
      expect(held.map((h) => h.segmentId).sort()).toEqual(Object.values(seg).sort());
      // nothing in the assignment tells the check apart either
      expect(new Set(held.map((h) => h.origin))).toEqual(new Set(["assigned"]));
    }

    // the check's payload has the same shape as a main item's, and no gold
    const shape = (v: unknown): unknown => (Array.isArray(v) ? v.map(shape) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter(([k]) => !["id", "externalId", "text", "index", "segments", "next", "prev", "position"].includes(k)).map(([k, x]) => [k, shape(x)])) : typeof v);
    const check = await open(a1.id, "c1");
    const main = await open(a1.id, "m2");
    expect(shape(check)).toEqual(shape(main));
    expect(JSON.stringify(check)).not.toMatch(/gold_label"\s*:\s*"/);

    // values on every item by both; a1 answers the check right, a2 wrong
    for (const item of ["q1", "q2", "m1", "m2", "m3", "m4"]) for (const u of [a1, a2]) await save(u.id, item, "pos");
    await save(a1.id, "c1", "neg");
    await save(a2.id, "c1", "pos");
    await submit(a1.id, "c1");
    await submit(a2.id, "c1");
    expect((await goldCheckAccuracy(db, project.id)).map((r) => [r.annotator, r.field, r.correct, r.total])).toEqual(
      [[a1.email, "label", 1, 1], [a2.email, "label", 0, 1]].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );

    // the database holds both values of c1; the report and the export read none of them
    expect(await db.annotation.count({ where: { segmentId: seg.c1 } })).toBe(2);
    const data = await getSchemeReportData(pool, project.id, SCHEME);
    expect(data.values).toHaveLength(12);
    expect(data.values.some((v) => v.unit.startsWith(`${seg.c1}|`))).toBe(false);
    expect(data.progress.map((p) => p.assigned)).toEqual([6, 6]);
    const lines: string[] = [];
    for await (const l of exportFile(pool, db, project, "annotations", "csv").lines) lines.push(l);
    const csv = lines.join("");
    expect(csv).toContain(",m1,");
    expect(csv).not.toContain(",c1,");

    // the hidden-check rows of the gold-checks export
    const gold: string[] = [];
    for await (const l of exportFile(pool, db, project, "gold-checks", "csv").lines) gold.push(l);
    expect(gold.join("")).toMatch(new RegExp(`check,${a2.email.replace(/[.]/g, "\\.")},,,\\d{4}-\\d\\d-\\d\\d,label,0,1,0`));
  });
});

describe("tropos gold", () => {
  it("sets the qualification set and the checks by external id, refusing an unknown id and an item without gold, and shows them", async () => {
    const { project } = await seed(1);
    const tropos = (...args: string[]) => runTropos(args, process.env);
    const unknown = await tropos("gold", "qualification", "--project", project.slug, "--items", "q1,nope");
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining("No item of this project has the id nope")]);
    const bare = await tropos("gold", "checks", "--project", project.slug, "--items", "m1");
    expect([bare.code, bare.stderr]).toEqual([1, expect.stringContaining("carry no gold value (imported or adjudicated): m1")]);
    expect(await db.goldItem.count({ where: { projectId: project.id } })).toBe(0);
    const ok = await tropos("gold", "qualification", "--project", project.slug, "--items", "q1,q2", "--pass", "0.75");
    expect(ok.code).toBe(0);
    expect((await tropos("gold", "checks", "--project", project.slug, "--items", "c1", "--share", "0.05")).code).toBe(0);
    const shown = await tropos("gold", "show", "--project", project.slug);
    expect(shown.stdout).toContain("Qualification: 2 items (q1, q2), pass mark 75 % per field.");
    expect(shown.stdout).toContain("Hidden checks: 1 item, 5 % of each queue.");
    expect(shown.stdout).toContain("Fields scored: label.");
    // six CLI runs, each a process of its own
  }, 240_000);
});
