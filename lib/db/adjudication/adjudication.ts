// Adjudication decisions: the disagreement queue, one item's values side by side, saving a
// decision (optimistic concurrency + History), and the automatic acceptance of unanimous units
// (rows with automatic = true, adjudicatorId = null; undone by deleting only those rows, and a
// manual decision overrides one). Every query is scoped to the authorised project id; a segment,
// translation or MRW of another project is NOT_FOUND. The units, checks and decision keys are
// the scheme's (lib/db/adjudication/scheme-decisions.ts); this file holds concurrency, History, automatic
// rows and their undo.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TSplitName } from "@/lib/reports/report-input";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { getSchemeAdjudicationQueue, planSchemeDecision, unanimousSchemeDecisions, type TSchemeQueueRow } from "@/lib/db/adjudication/scheme-decisions";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";

export const itemKeyOf = (translationId: string | null | undefined, mrwId: string | null | undefined) => `${translationId ?? "-"}:${mrwId ?? "-"}`;

/** A row of the disagreement queue: a unit of the scheme with its sentence and the values given. */
export type TQueueRow = TSchemeQueueRow;

export interface TQueueOptions {
  split?: TSplitName;
  fields?: string[];
  systems?: string[];
  threshold?: number;
  /** include units already decided or accepted (default: open only) */
  includeResolved?: boolean;
  limit?: number;
  /** rows to pass over before the shown ones (a page of the queue, issue 29 point 5) */
  offset?: number;
  /** only units of sentences whose text or id contains this (case-insensitive) */
  search?: string;
}

/** The project's segments whose text or id contains `search` (case-insensitive); null for no search. */
export async function segmentsMatching(db: Db, projectId: string, search: string | undefined): Promise<ReadonlySet<string> | null> {
  const q = search?.trim();
  if (!q) return null;
  const rows = await db.segment.findMany({ where: { projectId, OR: [{ text: { contains: q, mode: "insensitive" } }, { externalId: { contains: q, mode: "insensitive" } }] }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

export async function getAdjudicationQueue(db: Db, projectId: string, opts: TQueueOptions = {}) {
  const runtime = await getProjectRuntime(db, projectId);
  const matching = await segmentsMatching(db, projectId, opts.search);
  return getSchemeAdjudicationQueue(db, projectId, runtime, { ...opts, matching });
}

export interface TSaveAdjudicationInput {
  projectId: string;
  adjudicatorId: string;
  segmentId: string;
  translationId?: string | null;
  mrwId?: string | null;
  /** the item text a role-scope field of the project's own scheme is anchored to */
  role?: string | null;
  field: string;
  value: unknown;
  rationale: string;
  /** the version the adjudicator started from; 0 = no decision yet */
  baseVersion: number;
}

const snapshot = (a: { value: unknown; rationale: string; automatic: boolean; adjudicatorId: string | null }) => ({
  value: a.value,
  rationale: a.rationale,
  automatic: a.automatic,
  adjudicatorId: a.adjudicatorId,
});

/**
 * Two adjudicators deciding a new item at the same moment both find no row to lock; the unique
 * key (segment, item, field) lets only one insert through. The other gets CONFLICT with the
 * winner's decision, exactly as for a stale version, instead of a database error.
 */
export async function saveAdjudication(db: Db, input: TSaveAdjudicationInput) {
  const runtime = await getProjectRuntime(db, input.projectId);
  // where the decision goes, known once its checks pass (a document value is stored on the first segment)
  const at = { segmentId: input.segmentId, itemKey: itemKeyOf(input.translationId ?? undefined, input.mrwId ?? undefined) };
  try {
    return await saveAdjudicationOnce(db, input, runtime, at);
  } catch (e) {
    if ((e as { code?: string }).code !== "P2002") throw e;
    const existing = await db.adjudication.findUnique({ where: { segmentId_itemKey_field: { segmentId: at.segmentId, itemKey: at.itemKey, field: input.field } } });
    throw new AppError("CONFLICT", "Someone else decided this item at the same moment; review their value before saving yours.", {
      current: existing ? { value: existing.value, rationale: existing.rationale, version: existing.version, automatic: existing.automatic, updatedAt: existing.updatedAt } : null,
    });
  }
}

async function saveAdjudicationOnce(db: Db, input: TSaveAdjudicationInput, runtime: TSchemeRuntime, at: { segmentId: string; itemKey: string }) {
  return db.$transaction(async (tx) => {
    const plan = await planSchemeDecision(tx, runtime, input);
    const { itemKey, field, value } = plan;
    at.segmentId = plan.segmentId;
    at.itemKey = itemKey;
    // lock the row (if any) so two adjudicators saving at once cannot both pass the version check
    const current = (
      await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Adjudication" WHERE "segmentId" = ${plan.segmentId} AND "itemKey" = ${itemKey} AND field = ${field} FOR UPDATE`
    )[0];
    const existing = current ? await tx.adjudication.findUniqueOrThrow({ where: { id: current.id } }) : null;
    const currentVersion = existing?.version ?? 0;
    if (currentVersion !== input.baseVersion) {
      throw new AppError("CONFLICT", "Someone else changed this decision; review their value before saving yours.", {
        current: existing ? { value: existing.value, rationale: existing.rationale, version: existing.version, automatic: existing.automatic, updatedAt: existing.updatedAt } : null,
      });
    }
    const data = { value: value as Prisma.InputJsonValue, rationale: input.rationale, adjudicatorId: input.adjudicatorId, automatic: false };
    const saved = existing
      ? await tx.adjudication.update({ where: { id: existing.id }, data: { ...data, version: { increment: 1 } } })
      : await tx.adjudication.create({
          data: { ...data, projectId: input.projectId, segmentId: plan.segmentId, translationId: plan.translationId, mrwId: plan.mrwId, itemKey, field },
        });
    await tx.history.create({
      data: {
        projectId: input.projectId,
        userId: input.adjudicatorId,
        entity: "ADJUDICATION",
        entityId: saved.id,
        version: saved.version,
        oldValue: existing ? (snapshot(existing) as Prisma.InputJsonValue) : undefined,
        newValue: snapshot(saved) as Prisma.InputJsonValue,
      },
    });
    return { id: saved.id, version: saved.version, updatedAt: saved.updatedAt };
  });
}

/** Records every open unanimous unit as accepted automatically. Returns how many were accepted. */
export async function acceptUnanimous(db: Db, opts: { projectId: string; actorId: string; split?: TSplitName; fields?: string[] }) {
  const runtime = await getProjectRuntime(db, opts.projectId);
  const todo = await unanimousSchemeDecisions(db, opts.projectId, runtime, { split: opts.split, fields: opts.fields });
  if (todo.length === 0) return { accepted: 0 };
  const rows = todo.map((u) => ({
    id: randomUUID(),
    projectId: opts.projectId,
    segmentId: u.segmentId,
    translationId: u.translationId,
    mrwId: u.mrwId,
    itemKey: u.itemKey,
    field: u.field,
    value: u.value as Prisma.InputJsonValue,
    rationale: `Accepted automatically: all ${u.annotators} annotators agree.`,
    automatic: true,
    adjudicatorId: null,
  }));
  await db.$transaction(async (tx) => {
    // skipDuplicates: a decision saved meanwhile wins over the automatic one
    await tx.adjudication.createMany({ data: rows, skipDuplicates: true });
    const stored = await tx.adjudication.findMany({ where: { id: { in: rows.map((r) => r.id) } }, select: { id: true, value: true, rationale: true } });
    await tx.history.createMany({
      data: stored.map((s) => ({
        projectId: opts.projectId,
        userId: opts.actorId,
        entity: "ADJUDICATION" as const,
        entityId: s.id,
        version: 1,
        newValue: { value: s.value, rationale: s.rationale, automatic: true, adjudicatorId: null } as Prisma.InputJsonValue,
      })),
    });
  });
  return { accepted: rows.length };
}

/** Undoes automatic acceptance: deletes the automatic rows only (manual decisions stay), with History. */
export async function undoAutomaticAcceptance(db: Db, opts: { projectId: string; actorId: string; fields?: string[] }) {
  return db.$transaction(async (tx) => {
    // Lock the project's automatic rows first: two undos at once would otherwise both read them and
    // both write version n+1 to History (refused by its unique key). The second waits, then reads
    // the rows as the first left them: gone.
    await tx.$queryRaw`SELECT id FROM "Adjudication" WHERE "projectId" = ${opts.projectId} AND automatic FOR UPDATE`;
    const where = { projectId: opts.projectId, automatic: true, ...(opts.fields?.length ? { field: { in: opts.fields } } : {}) };
    const rows = await tx.adjudication.findMany({ where, select: { id: true, value: true, rationale: true, version: true } });
    if (rows.length === 0) return { undone: 0 };
    await tx.history.createMany({
      data: rows.map((r) => ({
        projectId: opts.projectId,
        userId: opts.actorId,
        entity: "ADJUDICATION" as const,
        entityId: r.id,
        version: r.version + 1,
        oldValue: { value: r.value, rationale: r.rationale, automatic: true, adjudicatorId: null } as Prisma.InputJsonValue,
      })),
    });
    await tx.adjudication.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    return { undone: rows.length };
  });
}
