// MetaHOPE error spans of one annotator: create, edit, soft-delete, each versioned with a History
// row. A span may be a draft (category/severity null until chosen): it is stored so a reload
// keeps it; reports and exports skip drafts, and completeness refuses submit while one exists.
// Ownership is part of every lookup (annotatorId + projectId): another annotator's span, or one
// from another project, is "not found". Offsets are checked against the translation text.
// With an idempotency key (`receipt`), each write stores its answer in its transaction and a
// retry of a committed write gets that answer again: a creation is never made twice, an edit
// never meets a conflict with itself (lib/db/save-receipts.ts).
import type { Db } from "@/lib/db/client";
import { getAnnotatorLanguage } from "@/lib/db/annotator-language";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { errorSpanCodeIssue, penaltyOf, severityCodeOf, storedCategory } from "@/lib/schemes/presets/built-in-codes";
import { validateFieldValue } from "@/lib/schemes/fields";
import { lockOpenAssignment, refuseDecidedErrors } from "@/lib/db/item-write-guard";
import { ERROR_SPAN_SCHEME } from "@/lib/workspace/field-scheme";
import { METAHOPE_CATEGORIES, METAHOPE_PENALTIES } from "@/lib/schemes/metahope";
import type { TErrorSpanFields } from "@/lib/workspace/api-types";
import type { TItemErrorSpan } from "@/lib/workspace/item-types";
import { withSaveReceipt, type TSaveReceiptKey } from "@/lib/db/save-receipts";

type TSpanRow = Prisma.ErrorSpanGetPayload<object>;

export function toItemErrorSpan(r: TSpanRow): TItemErrorSpan {
  return {
    id: r.id,
    translationId: r.translationId,
    mrwId: r.mrwId,
    category: r.category === null ? null : storedCategory(r.category),
    severity: r.severity === null ? null : penaltyOf(r.severity),
    start: r.start,
    end: r.end,
    comment: r.comment,
    version: r.version,
  };
}

function snapshot(r: TSpanRow) {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = r;
  return { ...rest, deletedAt: rest.deletedAt?.toISOString() ?? null } as Prisma.InputJsonValue;
}

/**
 * The translation must belong to a segment of this project assigned to the annotator, in the
 * annotator's target language (another group's language reads as not found); the MRW to that segment.
 */
async function checkTarget(db: Db, opts: { projectId: string; annotatorId: string; segmentId: string; translationId: string; mrwId: string | null; span: TErrorSpanFields }) {
  const language = await getAnnotatorLanguage(db, { projectId: opts.projectId, userId: opts.annotatorId });
  const t = await db.translation.findFirst({
    where: {
      id: opts.translationId,
      segmentId: opts.segmentId,
      language,
      segment: { projectId: opts.projectId, assignments: { some: { annotatorId: opts.annotatorId } } },
    },
    select: { text: true, segment: { select: { mrws: { select: { id: true } } } } },
  });
  if (!t) throw new AppError("NOT_FOUND", "Translation not found in an item assigned to you.", { field: "translationId" });
  const mrwIds = t.segment.mrws.map((m) => m.id);
  const { translationId: _t, comment, category, severity, ...span } = opts.span;
  // the codes the database stores as text, against the MetaHOPE preset's field
  const codes = errorSpanCodeIssue({ category, severity });
  if (codes) throw new AppError("BAD_REQUEST", `Invalid error span: ${codes.message}.`, { field: codes.field });
  // A draft (category or severity not chosen yet) still has its offsets and MRW checked: the
  // placeholders only stand in for the choices validateFieldValue would otherwise ask for.
  const chosen = { category: category ?? METAHOPE_CATEGORIES[0], severity: severity ?? METAHOPE_PENALTIES[0] };
  const v = validateFieldValue("METAHOPE_ERRORS", [{ ...span, ...chosen, ...(comment ? { comment } : {}) }], { translationText: t.text, mrwIds });
  if (!v.ok) throw new AppError("BAD_REQUEST", v.error.message, { field: "span" });
}

export async function createErrorSpan(
  db: Db,
  opts: { projectId: string; annotatorId: string; segmentId: string; span: TErrorSpanFields; receipt?: TSaveReceiptKey | null },
): Promise<TItemErrorSpan> {
  await checkTarget(db, { ...opts, translationId: opts.span.translationId, mrwId: opts.span.mrwId });
  return withSaveReceipt(db, { userId: opts.annotatorId, projectId: opts.projectId, receipt: opts.receipt }, async (tx) => {
    // open MetaHOPE assignment and undecided errors, atomically with the write (item-write-guard.ts)
    await lockOpenAssignment(tx, { projectId: opts.projectId, annotatorId: opts.annotatorId, segmentId: opts.segmentId, scheme: ERROR_SPAN_SCHEME });
    await refuseDecidedErrors(tx, { segmentId: opts.segmentId, translationId: opts.span.translationId });
    const row = await tx.errorSpan.create({
      data: {
        projectId: opts.projectId,
        annotatorId: opts.annotatorId,
        translationId: opts.span.translationId,
        mrwId: opts.span.mrwId,
        category: opts.span.category,
        severity: opts.span.severity === null ? null : severityCodeOf(opts.span.severity),
        start: opts.span.start,
        end: opts.span.end,
        comment: opts.span.comment,
      },
    });
    await tx.history.create({
      data: { projectId: opts.projectId, userId: opts.annotatorId, entity: "ERROR_SPAN", entityId: row.id, version: 1, newValue: snapshot(row) },
    });
    return toItemErrorSpan(row);
  });
}

async function lockOwnSpan(tx: Prisma.TransactionClient, opts: { projectId: string; annotatorId: string; segmentId: string; id: string }) {
  // Row lock so two concurrent edits of one span serialise on the version check.
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT e.id FROM "ErrorSpan" e JOIN "Translation" t ON t.id = e."translationId"
    WHERE e.id = ${opts.id} AND e."projectId" = ${opts.projectId} AND e."annotatorId" = ${opts.annotatorId}
      AND t."segmentId" = ${opts.segmentId} AND e."deletedAt" IS NULL
    FOR UPDATE OF e`;
  if (locked.length === 0) throw new AppError("NOT_FOUND", "Error span not found.");
  return tx.errorSpan.findUniqueOrThrow({ where: { id: opts.id } });
}

function conflict(row: TSpanRow, baseVersion: number): AppError {
  return new AppError("CONFLICT", `This error span was changed elsewhere (version ${row.version}) after the version you edited (${baseVersion}).`, {
    current: { value: toItemErrorSpan(row), version: row.version, updatedAt: row.updatedAt.toISOString() },
  });
}

export async function updateErrorSpan(
  db: Db,
  opts: {
    projectId: string;
    annotatorId: string;
    segmentId: string;
    id: string;
    patch: Partial<Omit<TErrorSpanFields, "translationId">>;
    baseVersion: number;
    receipt?: TSaveReceiptKey | null;
  },
): Promise<TItemErrorSpan> {
  return withSaveReceipt(db, { userId: opts.annotatorId, projectId: opts.projectId, receipt: opts.receipt }, async (tx) => {
    await lockOpenAssignment(tx, { ...opts, scheme: ERROR_SPAN_SCHEME });
    const row = await lockOwnSpan(tx, opts);
    await refuseDecidedErrors(tx, { segmentId: opts.segmentId, translationId: row.translationId });
    if (row.version !== opts.baseVersion) throw conflict(row, opts.baseVersion);
    const merged: TErrorSpanFields = {
      translationId: row.translationId,
      mrwId: opts.patch.mrwId !== undefined ? opts.patch.mrwId : row.mrwId,
      category: opts.patch.category !== undefined ? opts.patch.category : row.category === null ? null : storedCategory(row.category),
      severity: opts.patch.severity !== undefined ? opts.patch.severity : row.severity === null ? null : penaltyOf(row.severity),
      start: opts.patch.start ?? row.start,
      end: opts.patch.end ?? row.end,
      comment: opts.patch.comment !== undefined ? opts.patch.comment : row.comment,
    };
    await checkTarget(tx as unknown as Db, { ...opts, translationId: row.translationId, mrwId: merged.mrwId, span: merged });
    const next = await tx.errorSpan.update({
      where: { id: row.id },
      data: {
        mrwId: merged.mrwId,
        category: merged.category,
        severity: merged.severity === null ? null : severityCodeOf(merged.severity),
        start: merged.start,
        end: merged.end,
        comment: merged.comment,
        version: { increment: 1 },
      },
    });
    await tx.history.create({
      data: { projectId: opts.projectId, userId: opts.annotatorId, entity: "ERROR_SPAN", entityId: row.id, version: next.version, oldValue: snapshot(row), newValue: snapshot(next) },
    });
    return toItemErrorSpan(next);
  });
}

export async function deleteErrorSpan(
  db: Db,
  opts: { projectId: string; annotatorId: string; segmentId: string; id: string; baseVersion: number; receipt?: TSaveReceiptKey | null },
): Promise<{ id: string; version: number }> {
  return withSaveReceipt(db, { userId: opts.annotatorId, projectId: opts.projectId, receipt: opts.receipt }, async (tx) => {
    await lockOpenAssignment(tx, { ...opts, scheme: ERROR_SPAN_SCHEME });
    const row = await lockOwnSpan(tx, opts);
    await refuseDecidedErrors(tx, { segmentId: opts.segmentId, translationId: row.translationId });
    if (row.version !== opts.baseVersion) throw conflict(row, opts.baseVersion);
    const next = await tx.errorSpan.update({ where: { id: row.id }, data: { deletedAt: new Date(), version: { increment: 1 } } });
    await tx.history.create({
      data: { projectId: opts.projectId, userId: opts.annotatorId, entity: "ERROR_SPAN", entityId: row.id, version: next.version, oldValue: snapshot(row), newValue: snapshot(next) },
    });
    return { id: next.id, version: next.version };
  });
}
