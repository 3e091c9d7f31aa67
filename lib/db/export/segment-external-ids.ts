// A project's segments' external ids (the ids of its imported files and of Tropos JSONL), by
// segment id: what exports and reports name a segment by.
import type { Pool } from "pg";

export async function getSegmentExternalIds(pool: Pool, projectId: string): Promise<Map<string, string>> {
  const r = await pool.query<{ id: string; externalId: string }>(`SELECT id, "externalId" FROM "Segment" WHERE "projectId" = $1`, [projectId]);
  return new Map(r.rows.map((x) => [x.id, x.externalId]));
}
