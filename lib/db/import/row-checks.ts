// A streamed import's set-based writes without PostgreSQL's row-by-row foreign-key checks (issue 21
// point 3). Every row such a write stores points at parents that are either created by the
// import's own transaction (its documents and segments, which no other transaction can see, let
// alone delete) or locked by it until commit (the project; the project's MT systems), and the
// staging checks have already refused a file whose links do not resolve (lib/db/import/jsonl-staging.ts).
// The per-row check (one index probe and a row lock per foreign key, 11–14 µs each on the
// benchmark's machine, two per row) therefore cannot find anything, yet it was about 40 % of the
// writes' time (BENCHMARKS.md, "Streaming import").
//
// PostgreSQL skips foreign-key triggers when `session_replication_role` is `replica` (what logical
// replication and pg_restore rely on). Setting it needs a superuser or, from PostgreSQL 15,
// `GRANT SET ON PARAMETER session_replication_role TO <role>`; without that, or with
// TROPOS_IMPORT_FK_CHECKS=rows, the writes run with the checks as before. The setting also
// silences ordinary triggers, so the one kind these tables carry, the report-change triggers of
// migration 20261123000000_report_changes, is written here instead; a test pins the tables'
// triggers and foreign keys so that a new one cannot be skipped unnoticed
// (tests/integration/import-row-checks.test.ts).
import type { PoolClient } from "pg";

/** The tables written this way, and the parents their foreign keys point at. */
export const UNCHECKED_TABLES = {
  Segment: ["Document", "Project"],
  Mrw: ["Project", "Segment"],
  Translation: ["MtSystem", "Segment"],
} as const;
export type UncheckedTable = keyof typeof UNCHECKED_TABLES;

/** Whether the operator asked for the row-level checks always (TROPOS_IMPORT_FK_CHECKS=rows). */
function rowChecksForced(): boolean {
  return process.env.TROPOS_IMPORT_FK_CHECKS === "rows";
}

/**
 * Runs `write` (one or more statements writing `table` for `projectId`) with the foreign-key
 * triggers off when this role may switch them off, else as is. Locks the parents that exist
 * outside this transaction first. Returns what `write` returns and whether the checks were skipped.
 */
export async function writeWithoutRowChecks<T extends { rows: number }>(
  client: PoolClient,
  projectId: string,
  table: UncheckedTable,
  write: () => Promise<T>,
): Promise<T & { rowChecks: boolean }> {
  // FOR KEY SHARE is what the skipped checks would have taken: a delete of the project or of a
  // system waits for this import's commit (and then cascades over the rows it stored)
  await client.query(`SELECT 1 FROM "Project" WHERE id = $1 FOR KEY SHARE`, [projectId]);
  if (table === "Translation") await client.query(`SELECT 1 FROM "MtSystem" WHERE "projectId" = $1 FOR KEY SHARE`, [projectId]);
  if (rowChecksForced() || !(await replicaRole(client))) return { ...(await write()), rowChecks: true };
  const result = await write();
  await client.query("SET LOCAL session_replication_role = origin");
  // what the report-change triggers would have recorded (one row per table and project; the
  // statement-level trigger writes DISTINCT "projectId" of its rows, which is this one project)
  if (result.rows > 0) await client.query(`INSERT INTO "ReportChange" ("projectId", "tableName") VALUES ($1, $2)`, [projectId, table]);
  return { ...result, rowChecks: false };
}

/** Switches the transaction to replica mode if this role may; a refusal leaves the transaction usable. */
async function replicaRole(client: PoolClient): Promise<boolean> {
  await client.query("SAVEPOINT tropos_replica_role");
  try {
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query("RELEASE SAVEPOINT tropos_replica_role");
    return true;
  } catch (e) {
    if ((e as { code?: string }).code !== "42501") throw e; // insufficient_privilege is the only expected refusal
    await client.query("ROLLBACK TO SAVEPOINT tropos_replica_role");
    await client.query("RELEASE SAVEPOINT tropos_replica_role");
    return false;
  }
}
