// Upkeep of the ReportChange log (migration 20261123000000_report_changes): its rows only matter
// to a cached or stored report whose snapshot could not see them. Rows written more than two
// hours ago go, and with them every row of the same project from a transaction no later than the
// newest of those (an older transaction cannot be invisible to a later snapshot); the largest
// transaction id deleted is kept per project in ReportChangeHorizon, and a report read under a
// snapshot whose xmin is not above it is no longer trusted (lib/db/reports/report-data-cache.ts).
//
// Rows the project's stored report (lib/db/reports/snapshots.ts) could not see are kept, however
// old, so that a lead who opens the dashboard once in the evening of a day of annotation gets
// that copy brought up to date rather than a full read; unless there are more of them than the
// cache would patch in anyway (KEEP_UNSEEN), which bounds the log. A project nobody touches keeps
// its stored report valid for ever. Run in the background by lib/db/reports/report-data-cache.ts
// (maintainReportStore), from the paths that run often (saves, report reads).
import type pg from "pg";

/** Unseen rows kept for a stored report: beyond this many the cache reads in full anyway (its MAX_PATCH_KEYS). */
const KEEP_UNSEEN = 20_000;

/**
 * Deletes the rows written more than `olderThanMs` ago (and the rows of their projects from no
 * later transactions) that no stored report needs, raising the projects' horizons in the same
 * statement; returns how many.
 */
export async function deleteOldReportChanges(pool: pg.Pool, opts: { olderThanMs?: number; keepUnseen?: number } = {}): Promise<number> {
  const r = await pool.query<{ n: number }>(
    `WITH stored AS (
       -- (a project's oldest copy: the paper analyses' rows and the scheme report's values are stored apart)
       SELECT "projectId", min(pg_snapshot_xmin(snapshot::pg_snapshot)) AS xmin FROM "ReportSnapshot" GROUP BY "projectId"
     ), unseen AS (
       SELECT c."projectId", count(*) AS n FROM "ReportChange" c JOIN stored s ON s."projectId" = c."projectId" WHERE c.xid >= s.xmin GROUP BY c."projectId"
     ), old AS (
       SELECT c."projectId", max(c.xid) AS xid FROM "ReportChange" c
         LEFT JOIN stored s ON s."projectId" = c."projectId" LEFT JOIN unseen u ON u."projectId" = c."projectId"
       WHERE c."createdAt" < now() - make_interval(secs => $1::float8 / 1000)
         AND (s.xmin IS NULL OR c.xid < s.xmin OR u.n > $2)
       GROUP BY c."projectId"
     ), gone AS (
       DELETE FROM "ReportChange" c USING old WHERE c."projectId" = old."projectId" AND c.xid <= old.xid RETURNING 1
     ), horizon AS (
       INSERT INTO "ReportChangeHorizon" ("projectId", xid) SELECT "projectId", xid FROM old
       ON CONFLICT ("projectId") DO UPDATE SET xid = greatest("ReportChangeHorizon".xid, excluded.xid)
     )
     SELECT count(*)::int AS n FROM gone`,
    [opts.olderThanMs ?? 2 * 3600_000, opts.keepUnseen ?? KEEP_UNSEEN],
  );
  return r.rows[0].n;
}
