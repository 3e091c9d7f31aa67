// Model suggestions in the annotator's workspace (issue 15 point 4). A project that runs its own
// scheme and switches "show model suggestions" on (scheme configuration `showSuggestions`) sends,
// with each item, the latest successful suggestion of every (field, item key) of that item, and the
// caller's own decision on it; the annotator accepts, edits or rejects it, and that decision is a
// SuggestionDecision row (one per suggestion and annotator: a later decision replaces it).
//
// Everything here is bounded by the project and the caller's SCHEME assignment of the item the
// suggestion belongs to (a document-scope suggestion is stored on the document's first segment,
// like the value it suggests, and belongs to every item of that document). A suggestion outside
// that, a failed one, or any suggestion while the setting is off is "not found": nothing tells an
// annotator that hidden suggestions exist.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { itemClosedError } from "@/lib/db/item-write-guard";
import { SCHEME_ASSIGNMENT } from "@/lib/schemes/scheme-runtime";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { DOCUMENT_ITEM_KEY } from "@/lib/schemes/language/value-anchor";
import type { TSchemeItemSuggestion } from "@/lib/workspace/scheme-item-types";

export const SUGGESTION_DECISIONS = ["accepted", "edited", "rejected"] as const;
export type TSuggestionDecisionKind = (typeof SUGGESTION_DECISIONS)[number];

export const ZSuggestionDecisionInput = z
  .object({
    suggestionId: z.string().min(1).max(100),
    decision: z.enum(SUGGESTION_DECISIONS),
    /** the value the annotator saved: required for "edited"; "accepted" defaults to the suggestion's value; "rejected" stores none */
    value: z.unknown().optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.decision === "edited" && (d.value === undefined || d.value === null)) ctx.addIssue({ code: "custom", path: ["value"], message: "an edited suggestion needs the value that was saved" });
  });
export type TSuggestionDecisionInput = z.infer<typeof ZSuggestionDecisionInput>;

export interface TRecordedDecision {
  suggestionId: string;
  decision: TSuggestionDecisionKind;
  value: unknown;
  createdAt: string;
}

const NOT_FOUND = "No such suggestion in your queue.";

/** Records (or replaces) the caller's decision on a suggestion of an item in their SCHEME queue. */
export async function recordSuggestionDecision(
  db: Db,
  opts: { projectId: string; annotatorId: string; showSuggestions: boolean; input: TSuggestionDecisionInput },
): Promise<TRecordedDecision> {
  if (!opts.showSuggestions) throw new AppError("NOT_FOUND", NOT_FOUND);
  const { projectId, annotatorId, input } = opts;
  const s = await db.suggestion.findFirst({
    where: { id: input.suggestionId, projectId, status: "ok" },
    select: { id: true, value: true, itemKey: true, segmentId: true, segment: { select: { documentId: true } } },
  });
  if (!s) throw new AppError("NOT_FOUND", NOT_FOUND);
  // the caller's assignment of the suggestion's item (any item of the document for a document-scope one)
  const assignment = await db.assignment.findFirst({
    where: {
      projectId,
      annotatorId,
      scheme: SCHEME_ASSIGNMENT,
      ...(s.itemKey === DOCUMENT_ITEM_KEY ? { segment: { documentId: s.segment.documentId } } : { segmentId: s.segmentId }),
    },
    orderBy: { status: "asc" },
    select: { status: true },
  });
  if (!assignment) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (assignment.status === "DONE" || assignment.status === "SKIPPED") throw itemClosedError(assignment.status, SCHEME_ASSIGNMENT);

  const value = input.decision === "rejected" ? null : input.decision === "accepted" && input.value === undefined ? s.value : (input.value ?? null);
  const json = value === null ? undefined : (value as object);
  const row = await db.suggestionDecision.upsert({
    where: { suggestionId_annotatorId: { suggestionId: s.id, annotatorId } },
    create: { projectId, suggestionId: s.id, annotatorId, decision: input.decision, value: json },
    // a later decision replaces the earlier one, with its time
    update: { decision: input.decision, value: json ?? Prisma.DbNull, createdAt: new Date() },
    select: { suggestionId: true, decision: true, value: true, createdAt: true },
  });
  return { suggestionId: row.suggestionId, decision: row.decision as TSuggestionDecisionKind, value: row.value, createdAt: row.createdAt.toISOString() };
}

/** The caller's decisions in a project (for checks and tests), newest first. */
export async function listSuggestionDecisions(db: Db, projectId: string, annotatorId: string): Promise<(TRecordedDecision & { field: string; itemKey: string; segmentId: string })[]> {
  const rows = await db.suggestionDecision.findMany({
    where: { projectId, annotatorId },
    orderBy: { createdAt: "desc" },
    select: { suggestionId: true, decision: true, value: true, createdAt: true, suggestion: { select: { field: true, itemKey: true, segmentId: true } } },
  });
  return rows.map((r) => ({
    suggestionId: r.suggestionId,
    decision: r.decision as TSuggestionDecisionKind,
    value: r.value,
    createdAt: r.createdAt.toISOString(),
    field: r.suggestion.field,
    itemKey: r.suggestion.itemKey,
    segmentId: r.suggestion.segmentId,
  }));
}

/**
 * The suggestions of one item for the workspace payload: per (field, item key) the latest `ok`
 * suggestion whose value the scheme in force still accepts, with the caller's decision on it. The
 * caller (getSchemeWorkspaceItem) has already checked the assignment and the setting.
 */
export async function itemSuggestions(
  db: Db,
  opts: { projectId: string; annotatorId: string; segmentId: string; documentFirstId: string; definition: TSchemeDefinition; lists: Record<string, unknown[]> },
): Promise<TSchemeItemSuggestion[]> {
  const rows = await db.suggestion.findMany({
    where: {
      projectId: opts.projectId,
      status: "ok",
      OR: [{ segmentId: opts.segmentId, NOT: { itemKey: DOCUMENT_ITEM_KEY } }, { segmentId: opts.documentFirstId, itemKey: DOCUMENT_ITEM_KEY }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      field: true,
      itemKey: true,
      value: true,
      model: true,
      endpoint: { select: { name: true } },
      decisions: { where: { annotatorId: opts.annotatorId }, select: { decision: true, value: true } },
    },
  });
  const fields = new Map(opts.definition.fields.map((f) => [f.id, f]));
  const out = new Map<string, TSchemeItemSuggestion>();
  for (const r of rows) {
    const key = `${r.field}\u0000${r.itemKey}`;
    if (out.has(key)) continue; // an older suggestion of the same value
    const field = fields.get(r.field);
    // a suggestion for a field the scheme no longer has, or a value it no longer accepts, is not offered
    if (!field || r.value === null || !validateSchemeValue(field, r.value, { lists: opts.lists }).ok) continue;
    const d = r.decisions[0];
    out.set(key, {
      id: r.id,
      field: r.field,
      itemKey: r.itemKey,
      value: r.value,
      model: r.model,
      endpoint: r.endpoint.name,
      decision: d ? { decision: d.decision as TSuggestionDecisionKind, value: d.value } : null,
    });
  }
  return [...out.values()];
}
