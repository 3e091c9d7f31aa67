// Qualification on gold items (issue 31 point 1). A project with a qualification set (GoldItem
// role QUALIFICATION) opens its main queue to an annotator only once they passed an attempt:
// - their queue starts with the set (ensureQualificationAssignments: assignments placed before
//   every other, origin "qualification"), and every item route refuses a main item until then
//   (qualificationGate here; the save's check reads the same rule in SQL, gold-item-sql.ts);
// - when they submit the last item of the set, the attempt is scored against gold per field
//   (lib/gold-checks/score-against-gold.ts) and recorded with every answer, its gold and the
//   gold's rationale, in the submit's transaction (scoreGoldItemOnSubmit);
// - after a fail, a new attempt deletes their values of the set and reopens its items (the
//   attempts stay: QualificationAttempt rows are never changed).
// Every annotator of a project with a set qualifies, whatever they did before it was made.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { passesMark, scoreAgainstGold, withPassMarks, type TFieldScore } from "@/lib/gold-checks/score-against-gold";
import type { TGoldFieldRules } from "@/lib/gold-checks/field-rules";
import { goldCheckConfigOf } from "@/lib/db/gold-checks/gold-check-config";
import { goldItemsInOrder } from "@/lib/db/gold-checks/gold-items-in-order";
import { readGoldValues } from "@/lib/db/gold-checks/gold-values";
import { recordGoldCheckAnswers } from "@/lib/db/gold-checks/hidden-checks";

type Tx = Db | Prisma.TransactionClient;

/** Where qualification items sit in a queue: before every item created the usual way (positions from 0). */
const QUALIFICATION_POSITION_BASE = -1_000_000;

export async function qualificationSegmentIds(db: Tx, projectId: string): Promise<string[]> {
  const rows = await goldItemsInOrder(db, projectId, "QUALIFICATION");
  return rows.map((r) => r.segmentId);
}

/** null: the annotator may open any of their items; else the qualification items, the only ones they may open yet. */
export async function qualificationGate(db: Tx, projectId: string, annotatorId: string): Promise<Set<string> | null> {
  const ids = await qualificationSegmentIds(db, projectId);
  if (ids.length === 0) return null;
  const passed = await db.qualificationAttempt.findFirst({ where: { projectId, annotatorId, passed: true }, select: { id: true } });
  return passed ? null : new Set(ids);
}

/** Refuses a main item to an annotator who has not passed the qualification (the item routes' check). */
export async function assertQualificationAllows(db: Tx, projectId: string, annotatorId: string, segmentId: string): Promise<void> {
  const gate = await qualificationGate(db, projectId, annotatorId);
  if (gate && !gate.has(segmentId)) {
    throw new AppError("QUALIFICATION_REQUIRED", "Pass the qualification items of this project first: the main queue opens after them.");
  }
}

/** Gives each annotator the qualification items they lack, before the rest of their queue (idempotent). */
export async function ensureQualificationAssignments(db: Tx, projectId: string, annotatorIds: readonly string[]): Promise<number> {
  const ids = await qualificationSegmentIds(db, projectId);
  if (ids.length === 0 || annotatorIds.length === 0) return 0;
  const data = annotatorIds.flatMap((annotatorId) => ids.map((segmentId, i) => ({ projectId, annotatorId, segmentId, position: QUALIFICATION_POSITION_BASE + i, origin: "qualification" })));
  const { count } = await db.assignment.createMany({ data, skipDuplicates: true });
  return count;
}

export interface TQualificationAnswer {
  segmentId: string;
  externalId: string;
  field: string;
  itemKey: string | null;
  given: unknown;
  gold: unknown;
  correct: boolean;
  rationale: string | null;
}

export interface TQualificationAttemptView {
  attempt: number;
  passed: boolean;
  passMark: number;
  scores: Record<string, TFieldScore>;
  answers: TQualificationAnswer[];
  scoredAt: Date;
}

export interface TQualificationState {
  /** the project has a qualification set */
  required: boolean;
  passed: boolean;
  passMark: number;
  /** fields with a pass mark (or tolerance) of their own */
  fieldRules: TGoldFieldRules;
  items: { segmentId: string; externalId: string; status: string }[];
  attempts: TQualificationAttemptView[];
  /** the items are all submitted and the last attempt failed: a new attempt can start */
  canRetry: boolean;
}


export async function qualificationState(db: Db, projectId: string, annotatorId: string): Promise<TQualificationState> {
  const ids = await qualificationSegmentIds(db, projectId);
  const [assignments, attempts, { passMark, fieldRules }] = await Promise.all([
    db.assignment.findMany({ where: { projectId, annotatorId, segmentId: { in: ids } }, orderBy: [{ position: "asc" }, { id: "asc" }], select: { segmentId: true, status: true, segment: { select: { externalId: true } } } }),
    db.qualificationAttempt.findMany({ where: { projectId, annotatorId }, orderBy: { attempt: "asc" } }),
    goldCheckConfigOf(db, projectId),
  ]);
  const views = attempts.map((a) => ({ attempt: a.attempt, passed: a.passed, passMark: a.passMark, scores: a.scores as unknown as Record<string, TFieldScore>, answers: a.answers as unknown as TQualificationAnswer[], scoredAt: a.scoredAt }));
  const passed = views.some((a) => a.passed);
  const allDone = assignments.length > 0 && assignments.every((a) => a.status === "DONE");
  return {
    required: ids.length > 0,
    passed,
    passMark,
    fieldRules,
    items: assignments.map((a) => ({ segmentId: a.segmentId, externalId: a.segment.externalId, status: a.status })),
    attempts: views,
    canRetry: !passed && allDone && views.length > 0,
  };
}

/**
 * In a submit's transaction, after the item was marked DONE: a hidden gold check's answers are
 * recorded; the last qualification item submitted scores the attempt. Returns the attempt scored, if any.
 */
export async function scoreGoldItemOnSubmit(tx: Prisma.TransactionClient, o: { projectId: string; annotatorId: string; segmentId: string; definition: TSchemeDefinition }): Promise<{ attempt: number; passed: boolean } | null> {
  const gold = await tx.goldItem.findUnique({ where: { segmentId: o.segmentId }, select: { role: true, projectId: true } });
  if (!gold || gold.projectId !== o.projectId) return null;
  if (gold.role === "CHECK") {
    await recordGoldCheckAnswers(tx, o);
    return null;
  }
  const ids = await qualificationSegmentIds(tx, o.projectId);
  const open = await tx.assignment.count({ where: { projectId: o.projectId, annotatorId: o.annotatorId, segmentId: { in: ids }, status: { not: "DONE" } } });
  if (open > 0) return null;
  if (await tx.qualificationAttempt.findFirst({ where: { projectId: o.projectId, annotatorId: o.annotatorId, passed: true }, select: { id: true } })) return null;
  const [answers, goldValues, segments, { passMark, fieldRules }, last] = await Promise.all([
    tx.annotation.findMany({ where: { projectId: o.projectId, annotatorId: o.annotatorId, segmentId: { in: ids } }, select: { segmentId: true, itemKey: true, field: true, value: true } }),
    readGoldValues(tx as unknown as Db, o.projectId, o.definition, ids),
    tx.segment.findMany({ where: { id: { in: ids } }, select: { id: true, externalId: true } }),
    goldCheckConfigOf(tx, o.projectId),
    tx.qualificationAttempt.aggregate({ where: { projectId: o.projectId, annotatorId: o.annotatorId }, _max: { attempt: true } }),
  ]);
  const score = scoreAgainstGold(o.definition, answers, goldValues, fieldRules);
  const externalId = new Map(segments.map((s) => [s.id, s.externalId]));
  const rationale = new Map(goldValues.map((g) => [`${g.segmentId}\u0000${g.field}\u0000${g.itemKey ?? ""}`, g.rationale]));
  const rationaleOf = (a: { segmentId: string; field: string; itemKey: string | null }) =>
    rationale.get(`${a.segmentId}\u0000${a.field}\u0000${a.itemKey ?? ""}`) ?? rationale.get(`${a.segmentId}\u0000${a.field}\u0000`) ?? null;
  const stored: TQualificationAnswer[] = score.answers.map((a) => ({ ...a, externalId: externalId.get(a.segmentId) ?? a.segmentId, rationale: rationaleOf(a) }));
  const passed = passesMark(score.byField, passMark, fieldRules);
  // each field's score keeps the mark it had to reach: the result shows it, whatever the rules become
  const scores = withPassMarks(score.byField, passMark, fieldRules);
  const attempt = (last._max.attempt ?? 0) + 1;
  await tx.qualificationAttempt.create({
    data: { projectId: o.projectId, annotatorId: o.annotatorId, attempt, passed, passMark, scores: scores as unknown as Prisma.InputJsonValue, answers: stored as unknown as Prisma.InputJsonValue },
  });
  await tx.auditLog.create({ data: { projectId: o.projectId, userId: o.annotatorId, action: "qualification.scored", detail: { attempt, passed, scores: scores as unknown as Prisma.InputJsonValue } } });
  return { attempt, passed };
}

/** After a failed attempt: the annotator's values of the qualification items go and the items reopen (the attempts stay). */
export async function startNewQualificationAttempt(db: Db, projectId: string, annotatorId: string): Promise<void> {
  const state = await qualificationState(db, projectId, annotatorId);
  if (!state.canRetry) throw new AppError("CONFLICT", state.passed ? "You passed the qualification already." : "Submit every qualification item first.");
  const ids = state.items.map((i) => i.segmentId);
  await db.$transaction(async (tx) => {
    await tx.annotation.deleteMany({ where: { projectId, annotatorId, segmentId: { in: ids } } });
    await tx.assignment.updateMany({ where: { projectId, annotatorId, segmentId: { in: ids } }, data: { status: "TODO", completedAt: null } });
    await tx.auditLog.create({ data: { projectId, userId: annotatorId, action: "qualification.retry", detail: { after: state.attempts.length } } });
  });
}
