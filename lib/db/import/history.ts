// History rows of the values an import changed: one per changed row, naming the importer (or the
// row's own annotator), as a save writes them. Shared by the loader and the scheme-value part of it.
import type { PoolClient } from "pg";

export async function insertHistory(
  client: PoolClient,
  projectId: string,
  entity: "ANNOTATION" | "ERROR_SPAN" | "POST_EDIT" | "ADJUDICATION" | "GOLD_REFERENCE",
  rows: { id: string; version: number; value: unknown; userId: string | null }[],
): Promise<void> {
  if (!rows.length) return;
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    await client.query(
      `INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "newValue")
       SELECT gen_random_uuid()::text, $1, u, $2::"HistoryEntity", e, v, n FROM unnest($3::text[], $4::text[], $5::int4[], $6::jsonb[]) AS t(u, e, v, n)`,
      [projectId, entity, chunk.map((r) => r.userId), chunk.map((r) => r.id), chunk.map((r) => r.version), chunk.map((r) => JSON.stringify(r.value))],
    );
  }
}
