// Bulk upsert of many rows in one statement per chunk: INSERT … SELECT FROM unnest(arrays)
// ON CONFLICT DO UPDATE … RETURNING. One round trip per few thousand rows, never per row.
import type { PoolClient } from "pg";

export type PgArrayType = "text" | "int4" | "bool" | "jsonb" | "timestamptz" | string;

export interface BulkUpsertSpec {
  table: string;
  columns: { name: string; type: PgArrayType }[];
  conflict: string[];
  /** columns overwritten on conflict ("updatedAt" is bumped automatically when present in the table) */
  update: string[];
  returning: string[];
  /** SQL fragment appended to the SET list, e.g. `"version" = "Annotation"."version" + 1` */
  extraSet?: string;
  /** WHERE on the DO UPDATE (e.g. only when a value changed) */
  updateWhere?: string;
  touchUpdatedAt?: boolean;
}

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

export const CHUNK_ROWS = 5000;

export async function bulkUpsert<R extends Record<string, unknown>>(
  client: PoolClient,
  spec: BulkUpsertSpec,
  rows: unknown[][],
): Promise<R[]> {
  const out: R[] = [];
  const cols = spec.columns.map((c) => q(c.name)).join(", ");
  const params = spec.columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(", ");
  const sets = spec.update.map((c) => `${q(c)} = EXCLUDED.${q(c)}`);
  if (spec.touchUpdatedAt) sets.push(`"updatedAt" = now()`);
  if (spec.extraSet) sets.push(spec.extraSet);
  const action = sets.length
    ? `DO UPDATE SET ${sets.join(", ")}${spec.updateWhere ? ` WHERE ${spec.updateWhere}` : ""}`
    : `DO UPDATE SET ${q(spec.conflict[0])} = EXCLUDED.${q(spec.conflict[0])}`; // no-op update so RETURNING yields existing rows
  const sql = `INSERT INTO ${q(spec.table)} (${cols}) SELECT * FROM unnest(${params}) ON CONFLICT (${spec.conflict
    .map(q)
    .join(", ")}) ${action} RETURNING ${spec.returning.map(q).join(", ")}`;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const arrays = spec.columns.map((_, ci) => chunk.map((r) => r[ci]));
    const res = await client.query<R>(sql, arrays);
    out.push(...res.rows);
  }
  return out;
}
