// What a save needs to know about its target, in one round trip: is the segment in the project
// and assigned to the caller, does the translation / MRW belong to that segment (a translation in
// the caller's target language only: another group's language reads as "not found"), and the facts
// validation depends on (translation text, whether the MRW is metaphorical). Anything that does
// not belong to the caller's assigned segment in this project reads as "not found"; a value of a
// scheme the caller is not assigned for this item, or of an item already submitted, is refused
// early here (the save statement itself re-checks both atomically: lib/db/item-write-guard.ts).
import type { Pool, PoolClient } from "pg";
import { AppError } from "@/lib/errors";
import { itemClosedError, OPEN_STATUSES, wrongSchemeError } from "@/lib/db/item-write-guard";
import { annotatorLanguageSql } from "@/lib/db/annotator-language";
import { preparedStatement, withValues } from "@/lib/db/prepared-statement";

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

/** The caller's target language ($1 project, $2 annotator): a translation in another is not in their item. */
const CALLER_LANGUAGE = annotatorLanguageSql("$1", "$2");

/** One round trip, run by name (lib/db/prepared-statement.ts): $1 project, $2 annotator, $3 segment, $4 translation, $5 MRW, $6 scheme. */
const SAVE_CONTEXT = preparedStatement(
  "save_context",
  `SELECT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."projectId" = $1 AND a."annotatorId" = $2 AND a."segmentId" = $3) AS assigned,
            (SELECT a.status::text FROM "Assignment" a WHERE a."projectId" = $1 AND a."annotatorId" = $2 AND a."segmentId" = $3 AND a.scheme = $6::text) AS status,
            (SELECT t.text FROM "Translation" t WHERE t.id = $4 AND t."segmentId" = $3 AND t.language = ${CALLER_LANGUAGE}) AS ttext,
            ($4::text IS NULL OR EXISTS (SELECT 1 FROM "Translation" t WHERE t.id = $4 AND t."segmentId" = $3 AND t.language = ${CALLER_LANGUAGE})) AS tok,
            (SELECT m.metaphorical FROM "Mrw" m WHERE m.id = $5 AND m."segmentId" = $3 AND m."projectId" = $1) AS mmeta,
            ($5::text IS NULL OR EXISTS (SELECT 1 FROM "Mrw" m WHERE m.id = $5 AND m."segmentId" = $3 AND m."projectId" = $1)) AS mok,
            (SELECT array_agg(m.id) FROM "Mrw" m WHERE m."segmentId" = $3 AND m."projectId" = $1) AS mrw_ids,
            s.texts, s.lists,
            (SELECT f.id FROM "Segment" f WHERE f."documentId" = s."documentId" ORDER BY f.index LIMIT 1) AS doc_first
       FROM (SELECT NULL) one LEFT JOIN "Segment" s ON s.id = $3 AND s."projectId" = $1`,
);

export async function getSaveContext(
  pool: Pool | PoolClient,
  opts: { projectId: string; annotatorId: string; segmentId: string; scheme: string; translationId?: string | null; mrwId?: string | null },
): Promise<TSaveContext> {
  const { rows } = await pool.query<{ assigned: boolean; status: string | null; ttext: string | null; tok: boolean; mmeta: boolean | null; mok: boolean; mrw_ids: string[] | null; texts: Record<string, unknown> | null; lists: Record<string, unknown> | null; doc_first: string | null }>(
    withValues(SAVE_CONTEXT, [opts.projectId, opts.annotatorId, opts.segmentId, opts.translationId ?? null, opts.mrwId ?? null, opts.scheme]),
  );
  const r = rows[0];
  if (!r?.assigned) throw new AppError("NOT_FOUND", "This item is not assigned to you in this project.");
  if (r.status === null) throw wrongSchemeError(opts.scheme);
  if (!(OPEN_STATUSES as readonly string[]).includes(r.status)) throw itemClosedError(r.status, opts.scheme);
  if (!r.tok) throw new AppError("NOT_FOUND", "Translation not found in this item.", { field: "translationId" });
  if (!r.mok) throw new AppError("NOT_FOUND", "MRW not found in this item.", { field: "mrwId" });
  // lists hold arrays (candidates, tokens); a scalar entry (an item's gold answer) is no option list
  const lists = Object.fromEntries(Object.entries(r.lists ?? {}).filter((e): e is [string, unknown[]] => Array.isArray(e[1])));
  return { translationText: r.ttext, mrwMetaphorical: r.mmeta, mrwIds: r.mrw_ids ?? [], roles: Object.keys(r.texts ?? {}), lists, documentFirstSegmentId: r.doc_first ?? opts.segmentId };
}
