// The rule every annotator write obeys (issue 13.18): it lands only under the caller's OPEN
// assignment (TODO or IN_PROGRESS) of the scheme the value belongs to (lib/workspace/field-scheme),
// and never on a value an adjudication decided.
//
// Atomicity: the check runs inside the write's own statement (annotations: a CTE) or transaction
// (post-edits, error spans) and takes a FOR SHARE lock on the assignment row. Saves of one
// annotator still run side by side (shared locks), but a submit, which locks the row FOR UPDATE,
// waits for the saves in flight, and a save arriving after it re-reads the row, finds DONE and
// writes nothing. So a submit racing a save never leaves a write after DONE.
//
// Decided values. Chosen rule: reopening an item is always allowed (and logged in AuditLog), but
// a write that would change a decided value is refused with VALUE_DECIDED naming the decision.
// Refusing reopen alone would not be enough: the adjudication queue reads every annotation, so a
// value can be decided while its item is still in progress. A decision covers
//   - an annotation field: a decision on the same segment, item (translation × MRW) and field;
//   - the MetaHOPE review mark and the error spans of a translation: any METAHOPE_<CAT> decision
//     on that translation (a span, or the mark, changes every category cell of the translation);
//   - a post-edit: its choice as a gold reference (the gold's provenance names that post-edit).
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { FIELDS } from "@/lib/schemes/fields";
import { schemeLabel } from "@/lib/workspace/field-scheme";
import { SCHEME_ASSIGNMENT } from "@/lib/schemes/scheme-runtime";
import type { TWorkspaceScheme } from "@/lib/workspace/scheme-view";

export const OPEN_STATUSES = ["TODO", "IN_PROGRESS"] as const;

/** The refusal of a write to an item that is not open (status DONE or SKIPPED). */
export function itemClosedError(status: string, scheme: string): AppError {
  const what = status === "SKIPPED" ? "skipped" : "submitted";
  return new AppError("ITEM_SUBMITTED", `This item was ${what}; reopen it to change it.`, { status, scheme });
}

export function wrongSchemeError(scheme: string): AppError {
  // the one runtime (SCHEME): the caller holds the item only under a per-part assignment (MMTE /
  // METAHOPE) of a project not moved onto its scheme yet (lib/db/move-onto-scheme-runtime.ts)
  if (scheme === SCHEME_ASSIGNMENT) return new AppError("FORBIDDEN", "You are not assigned this item under the project's scheme, so its values cannot be saved.", { scheme });
  return new AppError("FORBIDDEN", `You are not assigned ${schemeLabel(scheme)} for this item, so its ${schemeLabel(scheme)} values cannot be saved.`, { scheme });
}

export interface TDecision {
  field: string;
  value: unknown;
  automatic: boolean;
  updatedAt: string | Date;
  email: string | null;
}

function fieldLabel(field: string): string {
  return (FIELDS as Record<string, { label: string } | undefined>)[field]?.label ?? field.replace(/^METAHOPE_/, "MetaHOPE ");
}

function shown(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
}

/** The refusal naming the decision that covers the value (`what`: what the write would change). */
export function decidedError(d: TDecision, what: string): AppError {
  const day = new Date(d.updatedAt).toISOString().slice(0, 10);
  const by = d.automatic ? "accepted automatically because the annotators agreed" : `by ${d.email ?? "an adjudicator"}`;
  return new AppError(
    "VALUE_DECIDED",
    `Decided by adjudication: ${fieldLabel(d.field)} = ${shown(d.value)} (${by}, ${day}). ${what} can no longer be changed here; ask the adjudicator to revise the decision.`,
    { decision: { field: d.field, value: d.value, automatic: d.automatic, updatedAt: new Date(d.updatedAt).toISOString() } },
  );
}

/**
 * Locks the caller's assignment of this item and scheme (FOR SHARE, until the transaction ends)
 * and refuses the write unless it is open. Call first inside the write's transaction.
 */
export async function lockOpenAssignment(
  tx: Prisma.TransactionClient,
  opts: { projectId: string; annotatorId: string; segmentId: string; scheme: TWorkspaceScheme },
): Promise<void> {
  const rows = await tx.$queryRaw<{ scheme: string; status: string }[]>`
    SELECT scheme::text AS scheme, status::text AS status FROM "Assignment"
    WHERE "projectId" = ${opts.projectId} AND "annotatorId" = ${opts.annotatorId} AND "segmentId" = ${opts.segmentId}
    FOR SHARE`;
  const mine = rows.find((r) => r.scheme === opts.scheme);
  if (!mine) {
    if (rows.length === 0) throw new AppError("NOT_FOUND", "This item is not assigned to you in this project.");
    throw wrongSchemeError(opts.scheme);
  }
  if (!(OPEN_STATUSES as readonly string[]).includes(mine.status)) throw itemClosedError(mine.status, opts.scheme);
}

/** Refuses a change to the MetaHOPE errors of a translation once any of its categories is decided. */
export async function refuseDecidedErrors(tx: Prisma.TransactionClient, opts: { segmentId: string; translationId: string }): Promise<void> {
  const rows = await tx.$queryRaw<TDecision[]>`
    SELECT d.field, d.value, d.automatic, d."updatedAt", u.email FROM "Adjudication" d LEFT JOIN "User" u ON u.id = d."adjudicatorId"
    WHERE d."segmentId" = ${opts.segmentId} AND d."translationId" = ${opts.translationId} AND d.field LIKE 'METAHOPE\\_%'
    ORDER BY d."updatedAt" DESC LIMIT 1`;
  if (rows[0]) throw decidedError(rows[0], "The MetaHOPE errors of this translation");
}

/** Refuses a change to a post-edit that was chosen as a gold reference. */
export async function refuseGoldPostEdit(tx: Prisma.TransactionClient, postEditId: string): Promise<void> {
  const rows = await tx.$queryRaw<{ kind: string; updatedAt: Date; email: string | null }[]>`
    SELECT g.kind::text AS kind, g."updatedAt", u.email FROM "GoldReference" g LEFT JOIN "User" u ON u.id = g."approvedById"
    WHERE g."sourcePostEditId" = ${postEditId} LIMIT 1`;
  const g = rows[0];
  if (!g) return;
  throw new AppError(
    "VALUE_DECIDED",
    `Decided by adjudication: this post-edit was chosen as the ${g.kind.toLowerCase()} gold reference (by ${g.email ?? "an adjudicator"}, ${g.updatedAt.toISOString().slice(0, 10)}). It can no longer be changed here; ask the adjudicator to revise the gold reference.`,
    { decision: { field: `POSTEDIT_${g.kind}`, goldReference: true } },
  );
}
