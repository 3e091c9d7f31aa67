// Model suggestions in the annotator's workspace (issue 15 point 4). A project that switches "show
// model suggestions" on (scheme configuration `showSuggestions`) sends, with each item, the latest
// successful suggestion of every value of that item the workspace can show, and the caller's own
// decision on it: every (field, item key) in the scheme runtime's workspace; the scale and choice
// fields (MMTE's quality Likerts, EQUIVALENCE, EMOTION, AUTHENTICITY) per translation and MRW in
// the built-in MMTE / MetaHOPE one. The annotator accepts, edits or rejects it, and that decision
// is a SuggestionDecision row (one per suggestion and annotator: a later decision replaces it).
//
// Everything here is bounded by the project and the caller's assignment of the item the
// suggestion belongs to (a document-scope suggestion is stored on the document's first segment,
// like the value it suggests, and belongs to every item of that document). A suggestion outside that, a failed one, one the item
// does not offer (a field the scheme in force does not have, a value it does not accept there, an
// MRW the item does not show), or any suggestion while the setting is off is "not found": nothing
// tells an annotator that hidden suggestions exist.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { itemClosedError } from "@/lib/db/workspace/item-write-guard";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { alternativesForMrw } from "@/lib/schemes/language/item-value-checks";
import { withheldGold } from "@/lib/workspace/withheld-gold";
import { itemArrayLists } from "@/lib/workspace/scheme-item-values";
import { DOCUMENT_ITEM_KEY } from "@/lib/schemes/language/value-anchor";
import type { TProjectSettings } from "@/lib/schemes/scheme-config";
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

/** Whether the caller's item shows the suggestion under the scheme in force (hidden otherwise). */
async function suggestionOffered(db: Db, projectId: string, s: { field: string; value: unknown; mrwId: string | null; segmentId: string }): Promise<boolean> {
  const runtime = await getProjectRuntime(db, projectId);
  return offeredBySchemeItem(db, runtime.definition, s);
}

/**
 * Records (or replaces) the caller's decision on a suggestion of an item in their queue.
 */
export async function recordSuggestionDecision(
  db: Db,
  opts: { projectId: string; annotatorId: string; config: TProjectSettings; input: TSuggestionDecisionInput },
): Promise<TRecordedDecision> {
  if (!opts.config.showSuggestions) throw new AppError("NOT_FOUND", NOT_FOUND);
  const { projectId, annotatorId, input } = opts;
  const s = await db.suggestion.findFirst({
    where: { id: input.suggestionId, projectId, status: "ok" },
    select: { id: true, value: true, field: true, itemKey: true, segmentId: true, mrwId: true, segment: { select: { documentId: true } } },
  });
  if (!s) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (!(await suggestionOffered(db, projectId, s))) throw new AppError("NOT_FOUND", NOT_FOUND);
  // the caller's assignment of the suggestion's item (any item of the document for a document-scope one)
  const assignment = await db.assignment.findFirst({
    where: {
      projectId,
      annotatorId,
      ...(s.itemKey === DOCUMENT_ITEM_KEY ? { segment: { documentId: s.segment.documentId } } : { segmentId: s.segmentId }),
    },
    orderBy: { status: "asc" },
    select: { status: true },
  });
  if (!assignment) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (assignment.status === "DONE" || assignment.status === "SKIPPED") throw itemClosedError(assignment.status);

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

const suggestionSelect = (annotatorId: string) =>
  ({
    id: true,
    field: true,
    itemKey: true,
    mrwId: true,
    value: true,
    model: true,
    endpoint: { select: { name: true } },
    decisions: { where: { annotatorId }, select: { decision: true, value: true } },
  }) satisfies Prisma.SuggestionSelect;
type TSuggestionRow = Prisma.SuggestionGetPayload<{ select: ReturnType<typeof suggestionSelect> }>;

/**
 * Whether a scheme item offers a suggestion (itemSuggestions): its MRW, if any, is one the item
 * shows; some alternative of its field that applies to that MRW accepts its value with the item's lists.
 */
function offeredUnder(definition: TSchemeDefinition, r: { field: string; value: unknown }, mrw: { metaphorical: boolean } | null | undefined, lists: Record<string, unknown[]>): boolean {
  // an MRW the item does not show (inactive, or withheld as gold) has no value to suggest
  if (mrw === undefined || r.value === null) return false;
  // a suggestion for a field the scheme no longer has, or a value it no longer accepts, is not offered
  return alternativesForMrw(definition.fields.filter((f) => f.id === r.field), mrw?.metaphorical).some((f) => validateSchemeValue(f, r.value, { lists }).ok);
}

/** offeredUnder, reading the item as getSchemeWorkspaceItem does (active MRWs, none and no gold lists where withheld). */
async function offeredBySchemeItem(db: Db, definition: TSchemeDefinition, s: { field: string; value: unknown; mrwId: string | null; segmentId: string }): Promise<boolean> {
  const withheld = withheldGold(definition);
  const mrw = s.mrwId === null ? null : withheld.mrws ? undefined : ((await db.mrw.findFirst({ where: { id: s.mrwId, segmentId: s.segmentId, active: true }, select: { metaphorical: true } })) ?? undefined);
  const segment = await db.segment.findUnique({ where: { id: s.segmentId }, select: { lists: true } });
  const lists = Object.fromEntries(Object.entries((segment?.lists ?? {}) as Record<string, unknown>).filter(([k]) => !withheld.listKeys.has(k)));
  return offeredUnder(definition, s, mrw, itemArrayLists(lists));
}

/**
 * Per (field, item key) the newest row that `offered` keeps (the rows come newest first): an older
 * suggestion of a value stands in for a newer one the scheme no longer accepts.
 */
function latestOffered<T>(rows: TSuggestionRow[], offered: (r: TSuggestionRow, decision: TSchemeItemSuggestion["decision"]) => T | null): T[] {
  const out = new Map<string, T>();
  for (const r of rows) {
    const key = `${r.field}\u0000${r.itemKey}`;
    if (out.has(key)) continue; // an older suggestion of the same value
    const d = r.decisions[0];
    const x = r.value === null ? null : offered(r, d ? { decision: d.decision as TSuggestionDecisionKind, value: d.value } : null);
    if (x !== null) out.set(key, x);
  }
  return [...out.values()];
}

/**
 * The suggestions of one item for the workspace payload: per (field, item key) the latest `ok`
 * suggestion whose value the scheme in force still accepts, with the caller's decision on it. The
 * caller (getSchemeWorkspaceItem) has already checked the assignment and the setting.
 */
export async function itemSuggestions(
  db: Db,
  opts: {
    projectId: string;
    annotatorId: string;
    segmentId: string;
    documentFirstId: string;
    definition: TSchemeDefinition;
    lists: Record<string, unknown[]>;
    /** the MRWs the item shows (active, not withheld): a suggestion for another MRW is not offered */
    mrws: { id: string; metaphorical: boolean }[];
  },
): Promise<TSchemeItemSuggestion[]> {
  const rows = await db.suggestion.findMany({
    where: {
      projectId: opts.projectId,
      status: "ok",
      OR: [{ segmentId: opts.segmentId, NOT: { itemKey: DOCUMENT_ITEM_KEY } }, { segmentId: opts.documentFirstId, itemKey: DOCUMENT_ITEM_KEY }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: suggestionSelect(opts.annotatorId),
  });
  const mrws = new Map(opts.mrws.map((m) => [m.id, m]));
  return latestOffered(rows, (r, decision) => {
    if (!offeredUnder(opts.definition, r, r.mrwId === null ? null : mrws.get(r.mrwId), opts.lists)) return null;
    return { id: r.id, field: r.field, itemKey: r.itemKey, value: r.value, model: r.model, endpoint: r.endpoint.name, decision };
  });
}
