// Which normalised POS classes count as active MRWs in a project. The setting is not a column:
// it is read back from the MRWs themselves (a class is active when its MRWs are), so the data
// and the setting cannot disagree. Default (no MRWs of a class yet): content words only.
// MRWs without any POS in their source file stay active (see lib/import/normalise-pos.ts posInfo).
import type { Pool } from "pg";
import { CONTENT_POS } from "@/lib/import/normalise-pos";
import type { NormalisedPos } from "@/lib/import/types";

export const ALL_POS: readonly NormalisedPos[] = ["NOUN", "VERB", "ADJ", "ADV", "OTHER"];

export interface PosCount {
  pos: NormalisedPos;
  total: number;
  active: number;
}

export async function getPosCounts(pool: Pool, projectId: string): Promise<PosCount[]> {
  const res = await pool.query<{ pos: NormalisedPos; total: number; active: number }>(
    `SELECT pos::text AS pos, count(*)::int AS total, count(*) FILTER (WHERE active)::int AS active
     FROM "Mrw" WHERE "projectId" = $1 AND "rawPos" IS NOT NULL GROUP BY pos`,
    [projectId],
  );
  const by = new Map(res.rows.map((r) => [r.pos, r]));
  return ALL_POS.map((pos) => by.get(pos) ?? { pos, total: 0, active: 0 });
}

/** The active classes as the project's MRWs show them (majority per class), defaulting to content words. */
export async function getActivePos(pool: Pool, projectId: string): Promise<NormalisedPos[]> {
  const counts = await getPosCounts(pool, projectId);
  return counts.filter((c) => (c.total === 0 ? CONTENT_POS.includes(c.pos) : c.active * 2 >= c.total)).map((c) => c.pos);
}

/** Recomputes `Mrw.active` from `pos` for the whole project in one statement; returns the rows changed. */
export async function setActivePos(pool: Pool, projectId: string, activePos: readonly NormalisedPos[]): Promise<number> {
  const res = await pool.query(
    `UPDATE "Mrw" SET active = ("rawPos" IS NULL OR pos::text = ANY($2::text[]))
     WHERE "projectId" = $1 AND active IS DISTINCT FROM ("rawPos" IS NULL OR pos::text = ANY($2::text[]))`,
    [projectId, [...activePos]],
  );
  return res.rowCount ?? 0;
}
