// Writes an import's finished work as DONE assignments with origin 'import' (see
// lib/import/completions.ts for what counts as finished). An existing assignment of the same
// annotator and item is completed too: the import is that annotator's submitted work.
// Later operations that do not touch annotations (creating assignments, splits) then find these
// rows and leave them alone, so the reports' coverage never depends on them.
import type { PoolClient } from "pg";

export async function loadCompletions(client: PoolClient, projectId: string, rows: [annotatorId: string, segmentId: string][]): Promise<number> {
  // two names in a file may map to one account: one row per key, or ON CONFLICT would touch a row twice
  rows = [...new Map(rows.map((r) => [r.join("\u0000"), r])).values()];
  if (!rows.length) return 0;
  const res = await client.query(
    `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, position, "completedAt", origin)
     SELECT gen_random_uuid()::text, $1, a, s, 'DONE', 0, now(), 'import'
     FROM unnest($2::text[], $3::text[]) AS k(a, s)
     ON CONFLICT ("annotatorId", "segmentId") DO UPDATE
       SET status = 'DONE', "completedAt" = coalesce("Assignment"."completedAt", now())
       WHERE "Assignment".status <> 'DONE'`,
    [projectId, rows.map((r) => r[0]), rows.map((r) => r[1])],
  );
  return res.rowCount ?? 0;
}
