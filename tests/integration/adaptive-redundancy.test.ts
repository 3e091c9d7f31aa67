// Adaptive redundancy on real PostgreSQL (issue 31 point 3): a scripted sequence of submissions
// creates exactly the extra assignments the rule asks for. Agreeing items get none; a disagreeing
// item gets one more rater per submit round up to max, for the eligible annotator with the fewest
// open assignments; two raters submitting an item's last values at the same instant create exactly
// one. The concurrent case failed (no extra assignment at all) before the submit took the item's
// advisory lock: each transaction saw only its own DONE.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { getAdaptiveRuleData, listAdaptiveRules, setAdaptiveRule } from "@/lib/db/assignments/adaptive-redundancy";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";

const definition = ZSchemeDefinition.parse({
  id: "adaptive",
  version: 1,
  name: "Adaptive redundancy",
  fields: [
    { id: "label", scope: "segment", kind: "choice", label: "Label", required: true, options: [{ value: "a" }, { value: "b" }] },
    { id: "score", scope: "segment", kind: "scale", label: "Score", min: 1, max: 5 },
    { id: "note", scope: "segment", kind: "text", label: "Note" },
  ],
});

let db: Db;
let pool: Pool;
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let runtime: TSchemeRuntime;
/** annotators in id order: the tie-break of "fewest open assignments" */
let ann: string[];
const segments: string[] = [];
const config = { ...DEFAULT_SCHEME_CONFIG, shuffleItems: false };

beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  ann = [];
  for (let i = 0; i < 5; i++) ann.push((await makeUser(db, { tag: `ad${i}` })).id);
  ann.sort();
  project = await makeProject(db, ann.map((userId) => ({ userId, roles: ["ANNOTATOR" as const] })));
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en", title: "D" } });
  for (let i = 0; i < 8; i++) {
    segments.push((await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Item ${i}.`, language: "en" } })).id);
  }
  await setProjectScheme(db, project.id, definition, { actorId: null });
  runtime = await getProjectRuntime(db, project.id);
  await setAdaptiveRule(db, { projectId: project.id, definition, input: { field: "label", k: 2, max: 4 }, actorId: null });
});
afterAll(closeTestDatabase);

async function label(annotatorId: string, segmentId: string, value: string) {
  await saveAnnotation(pool, { projectId: project.id, annotatorId, config, runtime, input: { segmentId, translationId: null, mrwId: null, field: "label", value, baseVersion: 0 } as never });
}
const submit = (annotatorId: string, segmentId: string) => applyAssignmentAction(db, { project, config, annotatorId, segmentId, action: { action: "submit", activeMs: 0 }, runtime });
async function ratersOf(segmentId: string) {
  // in id order: the ann list is too, so a test names the expected raters as a slice of it
  return db.assignment.findMany({ where: { segmentId }, select: { annotatorId: true, origin: true }, orderBy: { annotatorId: "asc" } });
}
const adaptiveLogs = () => db.auditLog.count({ where: { projectId: project.id, action: "assignment.adaptive" } });

describe("the rule's storage", () => {
  it("refuses a field without a level, an unknown field and max below k, naming the field", async () => {
    expect((await rejection(setAdaptiveRule(db, { projectId: project.id, definition, input: { field: "note", k: 2, max: 3 }, actorId: null }))).message).toMatch(/note is a text field/);
    expect((await rejection(setAdaptiveRule(db, { projectId: project.id, definition, input: { field: "nope", k: 2, max: 3 }, actorId: null }))).message).toMatch(/no field "nope"/);
    expect((await rejection(setAdaptiveRule(db, { projectId: project.id, definition, input: { field: "label", k: 3, max: 2 }, actorId: null }))).message).toMatch(/max: max must be at least k/);
    expect(await listAdaptiveRules(db, project.id)).toEqual([{ field: "label", k: 2, max: 4, threshold: 0 }]);
  });
});

describe("a scripted sequence of submissions", () => {
  it("gives k raters per item at the start", async () => {
    // the two first annotators take every item: the others are free for the extra raters
    await createAssignments(db, { projectId: project.id, annotatorIds: ann.slice(0, 2), perItem: 2, shuffle: false });
    for (const s of segments) expect(await ratersOf(s)).toHaveLength(2);
  });

  it("agreeing raters: no extra assignment", async () => {
    const s = segments[0];
    await label(ann[0], s, "a");
    await label(ann[1], s, "a");
    await submit(ann[0], s);
    await submit(ann[1], s);
    expect(await ratersOf(s)).toHaveLength(2);
    expect(await adaptiveLogs()).toBe(0);
  });

  it("disagreeing raters: one more per round, to the least-loaded eligible annotator, up to max", async () => {
    const s = segments[1];
    await label(ann[0], s, "a");
    await submit(ann[0], s);
    // one of two submitted: nothing yet
    expect(await ratersOf(s)).toHaveLength(2);
    await label(ann[1], s, "b");
    await submit(ann[1], s);
    // ann[2..4] have no open assignments: the tie goes to the smallest id
    expect((await ratersOf(s)).map((r) => r.annotatorId)).toEqual([ann[0], ann[1], ann[2]]);
    expect((await ratersOf(s)).find((r) => r.annotatorId === ann[2])?.origin).toBe("adaptive");
    expect(await db.auditLog.findFirst({ where: { projectId: project.id, action: "assignment.adaptive" }, select: { detail: true, userId: true } })).toMatchObject({
      userId: ann[1],
      detail: { segmentId: s, annotatorId: ann[2], fields: ["label"], raters: 3 },
    });

    // the third says "a": a and b still disagree, a fourth rater; ann[2] holds no open work now,
    // but is on the item, so ann[3] (fewest open, then id)
    await label(ann[2], s, "a");
    await submit(ann[2], s);
    expect((await ratersOf(s)).map((r) => r.annotatorId)).toEqual([ann[0], ann[1], ann[2], ann[3]]);
    await label(ann[3], s, "b");
    await submit(ann[3], s);
    // max 4 reached: no fifth
    expect(await ratersOf(s)).toHaveLength(4);
    expect(await adaptiveLogs()).toBe(2);
  });

  it("the least-loaded annotator gets the extra rater", async () => {
    // ann[3] holds nothing open after the last test; ann[4] nothing either: give ann[3] open work
    const s = segments[2];
    await db.assignment.create({ data: { projectId: project.id, annotatorId: ann[3], segmentId: segments[7], status: "TODO" } });
    await db.assignment.create({ data: { projectId: project.id, annotatorId: ann[2], segmentId: segments[7], status: "TODO" } });
    await label(ann[0], s, "a");
    await label(ann[1], s, "b");
    await submit(ann[0], s);
    await submit(ann[1], s);
    expect((await ratersOf(s)).map((r) => r.annotatorId)).toEqual([ann[0], ann[1], ann[4]]);
    expect((await ratersOf(s)).find((r) => r.annotatorId === ann[4])?.origin).toBe("adaptive");
  });

  it("two raters submitting an item's last values at the same instant create exactly one extra assignment", async () => {
    const items = segments.slice(3, 7);
    for (const s of items) {
      await label(ann[0], s, "a");
      await label(ann[1], s, "b");
    }
    const before = await adaptiveLogs();
    for (const s of items) {
      // A barrier in the database: the test holds the rules table, so both submits do their UPDATE
      // to DONE and then wait at the rule's read, both uncommitted; released together, they decide
      // at the same instant (without it the second submit usually started after the first commit).
      const blocker = await pool.connect();
      try {
        await blocker.query("BEGIN");
        await blocker.query('LOCK TABLE "AdaptiveRedundancyRule" IN ACCESS EXCLUSIVE MODE');
        const both = Promise.all([submit(ann[0], s), submit(ann[1], s)]);
        for (let waiting = 0, tries = 0; waiting < 2; tries++) {
          if (tries > 200) throw new Error("the two submits never reached the barrier");
          await new Promise((r) => setTimeout(r, 25));
          const r = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = '"AdaptiveRedundancyRule"'::regclass`);
          waiting = r.rows[0].n;
        }
        await blocker.query("COMMIT");
        await both;
      } finally {
        blocker.release();
      }
      expect((await ratersOf(s)).filter((r) => r.origin === "adaptive"), `item ${s}`).toHaveLength(1);
    }
    expect(await adaptiveLogs()).toBe(before + items.length);
  });

  it("the dashboard's reads: items by raters, extra ones counted", async () => {
    const { byRaters, values } = await getAdaptiveRuleData(db, project.id, "label");
    // s0 2 raters; s2–s6 3 (one extra each); s1 4 (two extra) and s7 4 (assigned by hand, nobody done)
    expect(byRaters).toEqual([
      { raters: 2, items: 1, extra: 0 },
      { raters: 3, items: 5, extra: 5 },
      { raters: 4, items: 2, extra: 2 },
    ]);
    // only submitted values: s0 2, s1 4, s2 2, s3–s6 2 each
    expect(values).toHaveLength(16);
    expect(values.filter((v) => v.adaptive)).toHaveLength(2);
  });
});
