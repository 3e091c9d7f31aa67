// Issue 31 point 1, "a pass mark (accuracy or agreement with gold per field, set by the lead)", on
// real PostgreSQL: a field's own pass mark and a scale's tolerance are checked against the scheme
// (a field without gold, a tolerance on a choice: refused, naming the field), stored, and used when
// an attempt is scored: an annotator 1 point off on the scale passes with a tolerance of 1 where
// exact match would fail, and the attempt keeps each field's mark. `tropos gold` sets them too.
import type { Pool } from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { getGoldCheckSettings, setGoldCheckSettings } from "@/lib/db/gold-checks/gold-check-settings";
import { qualificationState } from "@/lib/db/gold-checks/qualification";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { runTropos } from "../support/run-tropos";
import { makeProject, makeUser, rejection } from "./fixtures";

const SCHEME = ZSchemeDefinition.parse({
  id: "gold-rules",
  version: 1,
  name: "Gold rules",
  fields: [
    { id: "label", scope: "segment", kind: "choice", label: "Label", options: [{ value: "pos" }, { value: "neg" }], gold: { from: "item", key: "gold_label" } },
    { id: "score", scope: "segment", kind: "scale", label: "Score", min: 1, max: 5, gold: { from: "item", key: "gold_score" } },
  ],
});

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function seed() {
  const ann = await makeUser(db, { tag: "ann" });
  const project = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }], { targetLang: "de" });
  await setProjectScheme(db, project.id, SCHEME, { actorId: null });
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
  const seg: Record<string, string> = {};
  for (const [i, [externalId, lists]] of ([["q1", { gold_label: "pos", gold_score: "5" }], ["q2", { gold_label: "neg", gold_score: "2" }]] as const).entries()) {
    seg[externalId] = (await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId, index: i, text: `Sentence ${externalId}.`, language: "en", lists: lists as Prisma.InputJsonValue } })).id;
  }
  const runtime = await getProjectRuntime(db, project.id);
  const p = { id: project.id, slug: project.slug, sourceLang: "en", targetLang: "de" };
  const save = async (item: string, field: string, value: unknown) => {
    const current = await db.annotation.findFirst({ where: { annotatorId: ann.id, segmentId: seg[item], field }, select: { version: true } });
    await saveAnnotation(pool, { projectId: project.id, annotatorId: ann.id, config: DEFAULT_SCHEME_CONFIG, runtime, input: { segmentId: seg[item], translationId: null, mrwId: null, field, value, baseVersion: current?.version ?? 0 } as TSaveAnnotationInput });
  };
  const submit = (item: string) => applyAssignmentAction(db, { project: p, config: DEFAULT_SCHEME_CONFIG, annotatorId: ann.id, segmentId: seg[item], action: { action: "submit", activeMs: 0 }, runtime });
  return { ann, project, save, submit };
}

it("refuses a rule for a field without gold and a tolerance on a choice, naming the field, and stores nothing", async () => {
  const { project } = await seed();
  const set = (fieldRules: object) => setGoldCheckSettings(db, { projectId: project.id, actorId: null, via: "web", fieldRules: fieldRules as never });
  expect((await rejection(set({ note: { passMark: 0.5 } }))).message).toBe('note: the scheme has no field "note" that declares gold (label, score)');
  expect((await rejection(set({ label: { tolerance: 1 } }))).message).toBe("label: a tolerance is for scales and numbers; a choice field is scored by exact match");
  expect((await rejection(set({ score: { passMark: 2 } }))).message).toBe("score.passMark: a pass mark is between 0 and 1");
  expect(await db.goldCheckConfig.count({ where: { projectId: project.id } })).toBe(0);
});

it("scores an attempt with the field's tolerance and own pass mark, and keeps each field's mark", async () => {
  const { ann, project, save, submit } = await seed();
  await setGoldCheckSettings(db, { projectId: project.id, actorId: null, via: "web", qualification: ["q1", "q2"], passMark: 1, fieldRules: { score: { tolerance: 1 }, label: { passMark: 0.5 } } });
  expect(await getGoldCheckSettings(db, project.id)).toMatchObject({ passMark: 1, toleranceFields: ["score"], fieldRules: { score: { tolerance: 1 }, label: { passMark: 0.5 } } });
  await db.assignment.createMany({ data: (await db.goldItem.findMany({ where: { projectId: project.id } })).map((g, i) => ({ projectId: project.id, annotatorId: ann.id, segmentId: g.segmentId, position: i })), skipDuplicates: true });
  // score 4 against 5 and 3 against 2: each 1 off, right within 1 (exact match: 0 of 2); label 1 of 2, its own mark 50 %
  await save("q1", "score", 4);
  await save("q1", "label", "pos");
  await save("q2", "score", 3);
  await save("q2", "label", "pos");
  await submit("q1");
  await submit("q2");
  const state = await qualificationState(db, project.id, ann.id);
  expect(state.attempts.map((a) => [a.passed, a.scores])).toEqual([
    [true, { label: { correct: 1, total: 2, share: 0.5, passMark: 0.5 }, score: { correct: 2, total: 2, share: 1, passMark: 1 } }],
  ]);
  expect(state.fieldRules).toEqual({ score: { tolerance: 1 }, label: { passMark: 0.5 } });
});

it("tropos gold qualification sets a field's own mark and tolerance, and removes one", async () => {
  const { project } = await seed();
  const tropos = (...args: string[]) => runTropos(args, process.env);
  const set = await tropos("gold", "qualification", "--project", project.slug, "--items", "q1", "--field-pass", "label=0.9", "--tolerance", "score=1");
  expect([set.code, set.stderr]).toEqual([0, ""]);
  expect(set.stdout).toContain("  label: pass mark 90 %.");
  expect(set.stdout).toContain("  score: the project's pass mark, right within 1 of gold.");
  const cleared = await tropos("gold", "qualification", "--project", project.slug, "--field-pass", "label=");
  expect(cleared.code).toBe(0);
  expect((await getGoldCheckSettings(db, project.id)).fieldRules).toEqual({ score: { tolerance: 1 } });
  const bad = await tropos("gold", "qualification", "--project", project.slug, "--tolerance", "label=1");
  expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining("label: a tolerance is for scales and numbers")]);
}, 240_000);
