// Upkeep of the ReportChange log (migration 20261123000000_report_changes): its rows only matter
// to a cached report entry whose snapshot could not see them, and entries are trusted for 45
// minutes (lib/db/report-data-cache.ts), so rows written more than two hours ago can go. Called
// from the paths that run often (saves, report reads), at most every ten minutes per process,
// in the background: a failure is only logged.
import type pg from "pg";

const PRUNE_EVERY_MS = 10 * 60_000;
const lastPrune = new WeakMap<pg.Pool, number>();

/** Deletes the rows written more than two hours ago; returns how many. */
export async function deleteOldReportChanges(pool: pg.Pool): Promise<number> {
  const r = await pool.query(`DELETE FROM "ReportChange" WHERE "createdAt" < now() - interval '2 hours'`);
  return r.rowCount ?? 0;
}

/** deleteOldReportChanges in the background, at most every ten minutes per pool. */
export function pruneReportChanges(pool: pg.Pool): void {
  const now = Date.now();
  if (now - (lastPrune.get(pool) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(pool, now);
  deleteOldReportChanges(pool).catch((e: Error) => console.error(`[reports] pruning ReportChange failed: ${e.message}`));
}
