// Persisted report data (migrations 20261124000000_report_snapshots, 20261129234000_report_snapshot_kinds):
// a project's report data as the cache last held it (lib/db/reports/report-data-cache.ts), encoded by
// lib/reports/report-snapshot-codec.ts, stored with the pg_snapshot it was read under; and, as other
// kinds of copy, the scheme report's values (lib/db/reports/scheme-report-data-cache.ts). After a server start the cache brings this copy
// up to date from the ReportChange log, like one of its own entries, instead of reading every
// annotation again: about 0.3 s instead of 1–1.5 s at 960,000 annotations.
//
// Trusted only in the cluster that took the snapshot (transaction ids mean nothing elsewhere: a
// database restored into another server) and only while the change log still holds everything
// the snapshot could not see (the horizon check in report-data-cache.ts).
import type pg from "pg";
import { REPORT_SNAPSHOT_FORMAT, decodeReportSnapshot, type TReportBase } from "@/lib/reports/report-snapshot-codec";
import type { TAnnotationColumns } from "@/lib/reports/report-index";
import { inTransaction } from "../in-transaction";

/** Chunk size: node-postgres reads many 1 MB rows several times faster than one 30 MB value. */
const CHUNK_BYTES = 1 << 20;

export interface TStoredReport {
  snapshot: string;
  withText: boolean;
  base: TReportBase;
  columns: TAnnotationColumns;
  /** the fields' versions it was stored with (lib/reports/field-versions.ts) */
  fieldVersions?: Record<string, string>;
}

const clusters = new WeakMap<pg.Pool, Promise<string>>();

/** The database cluster's identifier (changes with initdb, not with a restart). */
function clusterOf(pool: pg.Pool): Promise<string> {
  let c = clusters.get(pool);
  if (!c) {
    c = pool.query<{ id: string }>("SELECT system_identifier::text AS id FROM pg_control_system()").then((r) => r.rows[0].id);
    c.catch(() => clusters.delete(pool));
    clusters.set(pool, c);
  }
  return c;
}

/** What is stored under a kind: "report" (this module's TStoredReport), or another cache's (lib/db/reports/scheme-report-data-cache.ts: "scheme:…"). */
export const REPORT_KIND = "report";

/**
 * The stored bytes of one kind of the project's copies, or null when there is none usable (none
 * stored, another format, another cluster, or not all of its bytes). One statement, so the
 * snapshot and the chunks are one consistent version.
 */
export async function readStoredBytes(pool: pg.Pool, projectId: string, kind: string, format: string): Promise<{ snapshot: string; withText: boolean; bytes: Buffer } | null> {
  const [cluster, r] = await Promise.all([
    clusterOf(pool),
    pool.query<{ snapshot: string; cluster: string; withText: boolean; format: string; bytes: number; data: Buffer }>(
      `SELECT s.snapshot, s.cluster, s."withText", s.format, s.bytes, c.data
       FROM "ReportSnapshot" s JOIN "ReportSnapshotChunk" c ON c."projectId" = s."projectId" AND c.kind = s.kind
       WHERE s."projectId" = $1 AND s.kind = $2 ORDER BY c.n`,
      [projectId, kind],
    ),
  ]);
  const head = r.rows[0];
  if (!head || head.format !== format || head.cluster !== cluster) return null;
  const bytes = Buffer.concat(r.rows.map((x) => x.data));
  if (bytes.length !== head.bytes) return null;
  return { snapshot: head.snapshot, withText: head.withText, bytes };
}

/**
 * The stored report data of the project, or null when there is none usable (none stored, another
 * format, another cluster, or bytes that do not decode: all of which only mean a full read).
 */
export async function readReportSnapshot(pool: pg.Pool, projectId: string): Promise<TStoredReport | null> {
  const stored = await readStoredBytes(pool, projectId, REPORT_KIND, REPORT_SNAPSHOT_FORMAT);
  if (!stored) return null;
  try {
    const { base, columns, fieldVersions } = decodeReportSnapshot(stored.bytes);
    if (base.project.id !== projectId) return null;
    return { snapshot: stored.snapshot, withText: stored.withText, base, columns, fieldVersions };
  } catch (e) {
    console.error(`[reports] stored report data of project ${projectId} is unreadable (${(e as Error).message}): reading it in full`);
    return null;
  }
}

/**
 * Stores encoded report data read under `snapshot` as the project's copy of `kind`, unless a copy
 * of that kind read under a later snapshot (another app server) is stored already. Returns whether
 * it was stored. `format` is what the bytes are (REPORT_SNAPSHOT_FORMAT for "report").
 */
export async function writeReportSnapshot(
  pool: pg.Pool,
  projectId: string,
  snapshot: string,
  withText: boolean,
  bytes: Buffer,
  kind: string = REPORT_KIND,
  format: string = REPORT_SNAPSHOT_FORMAT,
): Promise<boolean> {
  const cluster = await clusterOf(pool);
  const chunks: Buffer[] = [];
  for (let o = 0; o < bytes.length; o += CHUNK_BYTES) chunks.push(bytes.subarray(o, o + CHUNK_BYTES));
  return inTransaction(pool, async (client) => {
    // the upsert locks the row: a concurrent writer waits here, then compares with what we wrote
    const head = await client.query(
      `INSERT INTO "ReportSnapshot" ("projectId", kind, snapshot, cluster, "withText", format, bytes) VALUES ($1, $7, $2, $3, $4, $5, $6)
       ON CONFLICT ("projectId", kind) DO UPDATE SET snapshot = excluded.snapshot, cluster = excluded.cluster, "withText" = excluded."withText",
         format = excluded.format, bytes = excluded.bytes, "createdAt" = now()
       WHERE "ReportSnapshot".cluster <> excluded.cluster
          OR pg_snapshot_xmin("ReportSnapshot".snapshot::pg_snapshot) <= pg_snapshot_xmin(excluded.snapshot::pg_snapshot)
       RETURNING 1`,
      [projectId, snapshot, cluster, withText, format, bytes.length, kind],
    );
    // a later copy is stored: the upsert wrote nothing, so committing is the same as rolling back
    if (head.rowCount === 0) return false;
    await client.query(`DELETE FROM "ReportSnapshotChunk" WHERE "projectId" = $1 AND kind = $2`, [projectId, kind]);
    // one statement per chunk: node-postgres sends a Buffer parameter as raw bytes, an array of them as hex text
    for (let n = 0; n < chunks.length; n++) await client.query(`INSERT INTO "ReportSnapshotChunk" ("projectId", kind, n, data) VALUES ($1, $2, $3, $4)`, [projectId, kind, n, chunks[n]]);
    return true;
  });
}

/** Forgets every stored copy of a project's report data and the parts kept under them (tests and the benchmark's cold case). */
export async function deleteReportSnapshot(pool: pg.Pool, projectId: string): Promise<void> {
  await pool.query(`DELETE FROM "ReportSnapshot" WHERE "projectId" = $1`, [projectId]);
  await pool.query(`DELETE FROM "ReportKeptPart" WHERE "projectId" = $1`, [projectId]);
}
