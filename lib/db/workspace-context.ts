// What a save needs to know about its target, in one round trip: is the segment in the project
// and assigned to the caller, does the translation / MRW belong to that segment, and the facts
// validation depends on (translation text, whether the MRW is metaphorical). Anything that does
// not belong to the caller's assigned segment in this project reads as "not found"; a value of a
// scheme the caller is not assigned for this item, or of an item already submitted, is refused
// early here (the save statement itself re-checks both atomically: lib/db/item-write-guard.ts).
import type { Pool, PoolClient } from "pg";
import { AppError } from "@/lib/errors";
import { itemClosedError, OPEN_STATUSES, wrongSchemeError } from "@/lib/db/item-write-guard";
import type { TWorkspaceScheme } from "@/lib/workspace/scheme-view";

export interface TSaveContext {
  translationText: string | null;
  mrwMetaphorical: boolean | null;
  mrwIds: string[];
}

export async function getSaveContext(
  pool: Pool | PoolClient,
  opts: { projectId: string; annotatorId: string; segmentId: string; scheme: TWorkspaceScheme; translationId?: string | null; mrwId?: string | null },
): Promise<TSaveContext> {
  const { rows } = await pool.query<{ assigned: boolean; status: string | null; ttext: string | null; tok: boolean; mmeta: boolean | null; mok: boolean; mrw_ids: string[] | null }>(
    `SELECT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."projectId" = $1 AND a."annotatorId" = $2 AND a."segmentId" = $3) AS assigned,
            (SELECT a.status::text FROM "Assignment" a WHERE a."projectId" = $1 AND a."annotatorId" = $2 AND a."segmentId" = $3 AND a.scheme = $6::"Scheme") AS status,
            (SELECT t.text FROM "Translation" t WHERE t.id = $4 AND t."segmentId" = $3) AS ttext,
            ($4::text IS NULL OR EXISTS (SELECT 1 FROM "Translation" t WHERE t.id = $4 AND t."segmentId" = $3)) AS tok,
            (SELECT m.metaphorical FROM "Mrw" m WHERE m.id = $5 AND m."segmentId" = $3 AND m."projectId" = $1) AS mmeta,
            ($5::text IS NULL OR EXISTS (SELECT 1 FROM "Mrw" m WHERE m.id = $5 AND m."segmentId" = $3 AND m."projectId" = $1)) AS mok,
            (SELECT array_agg(m.id) FROM "Mrw" m WHERE m."segmentId" = $3 AND m."projectId" = $1) AS mrw_ids`,
    [opts.projectId, opts.annotatorId, opts.segmentId, opts.translationId ?? null, opts.mrwId ?? null, opts.scheme],
  );
  const r = rows[0];
  if (!r?.assigned) throw new AppError("NOT_FOUND", "This item is not assigned to you in this project.");
  if (r.status === null) throw wrongSchemeError(opts.scheme);
  if (!(OPEN_STATUSES as readonly string[]).includes(r.status)) throw itemClosedError(r.status, opts.scheme);
  if (!r.tok) throw new AppError("NOT_FOUND", "Translation not found in this item.", { field: "translationId" });
  if (!r.mok) throw new AppError("NOT_FOUND", "MRW not found in this item.", { field: "mrwId" });
  return { translationText: r.ttext, mrwMetaphorical: r.mmeta, mrwIds: r.mrw_ids ?? [] };
}
