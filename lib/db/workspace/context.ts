// What a save needs to know about its target, in one round trip: is the segment in the project
// and assigned to the caller, does the translation / MRW belong to that segment (a translation in
// the caller's target language only: another group's language reads as "not found"), and the facts
// validation depends on (translation text, whether the MRW is metaphorical). Anything that does
// not belong to the caller's assigned segment in this project reads as "not found"; a value of an
// item already submitted is refused early here (the save statement itself re-checks it
// atomically: lib/db/workspace/item-write-guard.ts).
import type { Pool, PoolClient } from "pg";
import { AppError } from "@/lib/errors";
import { itemClosedError, OPEN_STATUSES } from "@/lib/db/workspace/item-write-guard";
import { annotatorLanguageSql } from "@/lib/db/workspace/annotator-language";
import { preparedStatement, withValues } from "@/lib/db/prepared-statement";
import { qualificationAllowsSql } from "@/lib/db/gold-checks/gold-item-sql";

export interface TSaveContext {
  translationText: string | null;
  mrwMetaphorical: boolean | null;
  mrwIds: string[];
  /** the roles of the item's texts (Segment.texts), for role-scope values */
  roles: string[];
  /** the item's lists (Segment.lists): a choice field's optionsFrom, item tokens */
  lists: Record<string, unknown[]>;
  /** where a document-scope value of this item is stored */
  documentFirstSegmentId: string;
}

/** Which item a context was read for: a prefetched context is used only for exactly this target. */
export interface TItemKey {
  projectId: string;
  annotatorId: string;
  segmentId: string;
  translationId: string | null;
  mrwId: string | null;
}

/** What one read of the item context returns, before the checks (saveContextOf). */
export interface TItemContextRow {
  /** the status of the caller's assignment of this segment (null: none) */
  assignment_status: string | null;
  ttext: string | null;
  tok: boolean;
  mmeta: boolean | null;
  mok: boolean;
  mrw_ids: string[] | null;
  texts: Record<string, unknown> | null;
  lists: Record<string, unknown> | null;
  doc_first: string | null;
  /** whether the caller has read the segment's document (the document gate, document-reads.ts) */
  doc_read: boolean | null;
  doc_title: string | null;
}

/** The item context read with the request guard (lib/db/workspace/save-guard.ts), for the target it was read for. */
export interface TPrefetchedItemContext {
  key: TItemKey;
  row: TItemContextRow;
}

/**
 * The context's columns, given SQL for the project, the annotator, the segment, the translation and
 * the MRW, over the segment joined as `s` (s.id = segment AND s."projectId" = project, or nothing).
 * Shared by the query below and by the save guard, which reads them in its own round trip.
 */
export function itemContextColumns(project: string, annotator: string, segment: string, translation: string, mrw: string): string {
  const callerLanguage = annotatorLanguageSql(project, annotator);
  // a main item before the qualification is passed reads as not assigned (gold-item-sql.ts)
  return `(SELECT a.status::text FROM "Assignment" a WHERE a."projectId" = ${project} AND a."annotatorId" = ${annotator} AND a."segmentId" = ${segment}
              AND ${qualificationAllowsSql(project, annotator, segment)}) AS assignment_status,
            (SELECT t.text FROM "Translation" t WHERE t.id = ${translation} AND t."segmentId" = ${segment} AND t.language = ${callerLanguage}) AS ttext,
            (${translation}::text IS NULL OR EXISTS (SELECT 1 FROM "Translation" t WHERE t.id = ${translation} AND t."segmentId" = ${segment} AND t.language = ${callerLanguage})) AS tok,
            (SELECT m.metaphorical FROM "Mrw" m WHERE m.id = ${mrw} AND m."segmentId" = ${segment} AND m."projectId" = ${project}) AS mmeta,
            (${mrw}::text IS NULL OR EXISTS (SELECT 1 FROM "Mrw" m WHERE m.id = ${mrw} AND m."segmentId" = ${segment} AND m."projectId" = ${project})) AS mok,
            (SELECT array_agg(m.id) FROM "Mrw" m WHERE m."segmentId" = ${segment} AND m."projectId" = ${project}) AS mrw_ids,
            s.texts, s.lists,
            (SELECT f.id FROM "Segment" f WHERE f."documentId" = s."documentId" ORDER BY f.index LIMIT 1) AS doc_first,
            EXISTS (SELECT 1 FROM "DocumentRead" r WHERE r."userId" = ${annotator} AND r."documentId" = s."documentId") AS doc_read,
            (SELECT d.title FROM "Document" d WHERE d.id = s."documentId") AS doc_title`;
}

/** One round trip, run by name (lib/db/prepared-statement.ts): $1 project, $2 annotator, $3 segment, $4 translation, $5 MRW. */
const SAVE_CONTEXT = preparedStatement(
  "save_context",
  `SELECT ${itemContextColumns("$1", "$2", "$3", "$4", "$5")}
       FROM (SELECT NULL) one LEFT JOIN "Segment" s ON s.id = $3 AND s."projectId" = $1`,
);

/** The checks of a save's target, on a context row read for it. */
export function saveContextOf(r: TItemContextRow | undefined, opts: { segmentId: string }): TSaveContext {
  if (!r?.assignment_status) throw new AppError("NOT_FOUND", "This item is not assigned to you in this project.");
  if (!(OPEN_STATUSES as readonly string[]).includes(r.assignment_status)) throw itemClosedError(r.assignment_status);
  if (!r.tok) throw new AppError("NOT_FOUND", "Translation not found in this item.", { field: "translationId" });
  if (!r.mok) throw new AppError("NOT_FOUND", "MRW not found in this item.", { field: "mrwId" });
  // lists hold arrays (candidates, tokens); a scalar entry (an item's gold answer) is no option list
  const lists = Object.fromEntries(Object.entries(r.lists ?? {}).filter((e): e is [string, unknown[]] => Array.isArray(e[1])));
  return { translationText: r.ttext, mrwMetaphorical: r.mmeta, mrwIds: r.mrw_ids ?? [], roles: Object.keys(r.texts ?? {}), lists, documentFirstSegmentId: r.doc_first ?? opts.segmentId };
}

function sameItem(a: TItemKey, b: TItemKey): boolean {
  return a.projectId === b.projectId && a.annotatorId === b.annotatorId && a.segmentId === b.segmentId && a.translationId === b.translationId && a.mrwId === b.mrwId;
}

export async function getSaveContext(
  pool: Pool | PoolClient,
  opts: { projectId: string; annotatorId: string; segmentId: string; translationId?: string | null; mrwId?: string | null },
  /** the context the request guard read already: used only when it was read for exactly this target */
  prefetched?: TPrefetchedItemContext | null,
): Promise<TSaveContext> {
  const key: TItemKey = { projectId: opts.projectId, annotatorId: opts.annotatorId, segmentId: opts.segmentId, translationId: opts.translationId ?? null, mrwId: opts.mrwId ?? null };
  if (prefetched && sameItem(prefetched.key, key)) return saveContextOf(prefetched.row, opts);
  const { rows } = await pool.query<TItemContextRow>(withValues(SAVE_CONTEXT, [key.projectId, key.annotatorId, key.segmentId, key.translationId, key.mrwId]));
  return saveContextOf(rows[0], opts);
}
