// The report data of a project, read once and then kept up to date instead of read again. A
// large project's read is most of a dashboard's time (about 1.3 s of 2 s at 960,000
// annotations); a lead switching systems, fields or splits, the adjudication queue and the
// exports then compute from rows already in memory, and after annotators' saves only the rows
// they saved are read again.
//
// Validity is PostgreSQL's, not a timer's: every write statement to a table the reports read
// appends a "ReportChange" row tagged with its transaction (migration
// 20261123000000_report_changes), with the unique keys of the annotation rows it wrote. A load
// first takes `pg_current_snapshot()`, then reads (every later query sees at least what that
// snapshot saw). The cached copy is served as it is while no ReportChange row of the project
// exists whose transaction that snapshot could not see (one small index scan per request). When
// there are such rows, a new snapshot is taken and, if they concern only annotations (at most
// MAX_PATCH_KEYS keys) and the smaller tables, those rows and tables are read again and patched
// in (lib/db/report-data.ts refreshReportData); any other change (segments, MRWs, translations,
// systems, a bulk import) means a full read. A write committed before a request began is always
// in what the request gets; one racing with a load is looked at again by the next request.
//
// Each caller gets its own shallow copy (`annotations` materialised on that copy only); the lists
// and typed-array columns are shared and must not be modified (the lists are frozen). The cache
// belongs to the pool (a test that switches databases gets a fresh one), holds a few projects,
// and reads in full an entry whose snapshot is older than MAX_AGE_MS, so that pruning
// ReportChange rows two hours old is safe. TROPOS_REPORT_CACHE=off turns it off.
import type pg from "pg";
import type { Db } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { pruneReportChanges } from "@/lib/db/report-changes";
import { REFRESHABLE_TABLES, readReportData, refreshReportData } from "@/lib/db/report-data";
import { annotationColumns, withAnnotationColumns, type TAnnotationColumns } from "@/lib/reports/report-index";
import type { TReportData } from "@/lib/reports/report-input";

const MAX_ENTRIES = 4;
const MAX_AGE_MS = 45 * 60_000;

interface TEntry {
  /** `pg_current_snapshot()` taken before the read */
  snapshot: string;
  /** Date.now() when the snapshot was taken */
  at: number;
  withText: boolean;
  base: Omit<TReportData, "annotations">;
  columns: TAnnotationColumns;
}

interface TPending {
  snapshot: Promise<string>;
  entry: Promise<TEntry>;
  withText: boolean;
}

interface TCache {
  entries: Map<string, TEntry>;
  pending: Map<string, TPending>;
  /** served unchanged */
  hits: number;
  /** brought up to date with a few changed rows */
  refreshes: number;
  /** read in full */
  reads: number;
}

// On globalThis, like the pool itself (lib/db/pg-pool.ts): Next.js may load this module once per
// server bundle (instrumentation, each route), and they must all share one cache.
const globalForCache = globalThis as unknown as { __troposReportCaches?: WeakMap<pg.Pool, TCache> };
const caches = (globalForCache.__troposReportCaches ??= new WeakMap<pg.Pool, TCache>());

function cacheOf(pool: pg.Pool): TCache {
  let c = caches.get(pool);
  if (!c) caches.set(pool, (c = { entries: new Map(), pending: new Map(), hits: 0, refreshes: 0, reads: 0 }));
  return c;
}

export function reportCacheEnabled(): boolean {
  return !/^(0|off|false|no)$/i.test(process.env.TROPOS_REPORT_CACHE ?? "");
}

/**
 * The change rows of project $1 (and "*": writes to every project, e.g. a user's email) whose
 * transaction snapshot $2 could not see.
 */
const UNSEEN_CHANGES = `FROM "ReportChange" WHERE "projectId" IN ($1, '*')
  AND xid >= pg_snapshot_xmin($2::pg_snapshot) AND NOT pg_visible_in_snapshot(xid, $2::pg_snapshot)`;

/** Whether a write to the project's report inputs committed that `snapshot` could not see. */
async function changedSince(pool: pg.Pool, projectId: string, snapshot: string): Promise<boolean> {
  const r = await pool.query<{ changed: boolean }>(`SELECT EXISTS (SELECT 1 ${UNSEEN_CHANGES}) AS changed`, [projectId, snapshot]);
  return r.rows[0].changed;
}

function viewOf(e: TEntry): TReportData {
  return withAnnotationColumns({ ...e.base }, e.columns);
}

function entryOf(snapshot: string, at: number, withText: boolean, data: TReportData): TEntry {
  const columns = annotationColumns(data);
  // every property but `annotations`, whose getter would build a million row objects
  const base = {} as Record<string, unknown>;
  for (const k of Object.keys(data)) if (k !== "annotations") base[k] = data[k as keyof TReportData];
  const lists = base as Omit<TReportData, "annotations">;
  for (const list of [lists.annotators, lists.systems, lists.segments, lists.mrws, lists.translations, lists.errorSpans, lists.adjudications, lists.goldReferences]) Object.freeze(list);
  return { snapshot, at, withText, base: lists, columns };
}

/** Cache counters (for the benchmark and tests). */
export function reportCacheStats(pool: pg.Pool = getPgPool()): { hits: number; refreshes: number; reads: number; entries: number } {
  const c = cacheOf(pool);
  return { hits: c.hits, refreshes: c.refreshes, reads: c.reads, entries: c.entries.size };
}

/** The projects cached for this pool, least recently used first. */
export function cachedProjects(pool: pg.Pool = getPgPool()): string[] {
  return [...cacheOf(pool).entries.keys()];
}

/** Forgets every cached project of this pool. */
export function clearReportCache(pool: pg.Pool = getPgPool()): void {
  caches.delete(pool);
}

/** A fresh snapshot: everything committed before it is visible to every query issued after it. */
async function snapshotNow(pool: pg.Pool): Promise<string> {
  return (await pool.query<{ s: string }>("SELECT pg_current_snapshot()::text AS s")).rows[0].s;
}

/** More changed annotation keys than this are read in full rather than patched in. */
const MAX_PATCH_KEYS = 20_000;

/**
 * What changed since `prev` was read, applied to it (lib/db/report-data.ts refreshReportData)
 * when only annotations (by key) and the smaller tables changed; else a full read. Either way
 * under a snapshot taken before looking at the changes.
 */
async function load(db: Db, projectId: string, withText: boolean, prev: TEntry | undefined, onSnapshot: (s: string) => Promise<void>): Promise<TEntry> {
  const pool = getPgPool();
  const c = cacheOf(pool);
  const at = Date.now();
  const snapshot = await snapshotNow(pool);
  await onSnapshot(snapshot);
  if (prev && (prev.withText || !withText)) {
    const changes = await pool.query<{ tableName: string; keys: string[] | null }>(`SELECT "tableName", keys ${UNSEEN_CHANGES}`, [projectId, prev.snapshot]);
    const tables = new Set<string>();
    const keys: string[] = [];
    let patchable = true;
    for (const r of changes.rows) {
      tables.add(r.tableName);
      if (!REFRESHABLE_TABLES.has(r.tableName) || (r.tableName === "Annotation" && r.keys === null)) patchable = false;
      else if (r.keys) for (const k of r.keys) keys.push(k);
    }
    if (patchable && keys.length <= MAX_PATCH_KEYS) {
      c.refreshes++;
      return entryOf(snapshot, at, prev.withText, await refreshReportData(db, viewOf(prev), tables, keys));
    }
  }
  c.reads++;
  return entryOf(snapshot, at, withText, await readReportData(db, projectId, { withTranslationText: withText }));
}

/**
 * Everything the reports of one project are computed from (lib/reports/report-input.ts), from
 * the cache when nothing has changed since it was read, else brought up to date (or read) now
 * and cached. `withTranslationText: false` may be given a copy that has the texts.
 */
export async function getReportData(
  db: Db,
  projectId: string,
  opts: {
    withTranslationText?: boolean;
    /** tests only: runs between the snapshot and the read (a write racing with the read) */
    afterSnapshot?: () => Promise<void>;
  } = {},
): Promise<TReportData> {
  if (!reportCacheEnabled()) return readReportData(db, projectId, opts);
  const pool = getPgPool();
  const c = cacheOf(pool);
  pruneReportChanges(pool);
  const withText = opts.withTranslationText !== false;
  const usable = (e: { withText: boolean }) => e.withText || !withText;

  const hit = c.entries.get(projectId);
  const fresh = hit && Date.now() - hit.at < MAX_AGE_MS ? hit : undefined;
  if (fresh && usable(fresh) && !(await changedSince(pool, projectId, fresh.snapshot))) {
    c.hits++;
    c.entries.delete(projectId); // most recently used last
    c.entries.set(projectId, fresh);
    return viewOf(fresh);
  }
  // a read already under way serves this request too if nothing changed since its snapshot
  const running = c.pending.get(projectId);
  if (running && usable(running)) {
    const s = await running.snapshot.catch(() => null);
    if (s !== null && !(await changedSince(pool, projectId, s))) {
      const e = await running.entry.catch(() => null);
      if (e) return viewOf(e);
    }
  }

  // requests arriving meanwhile may share this load once its snapshot is known
  let resolveSnapshot!: (s: string) => void;
  let rejectSnapshot!: (e: unknown) => void;
  const snapshot = new Promise<string>((res, rej) => ((resolveSnapshot = res), (rejectSnapshot = rej)));
  snapshot.catch(() => {});
  const entry = load(db, projectId, withText, fresh, async (s) => {
    resolveSnapshot(s);
    await opts.afterSnapshot?.();
  });
  entry.catch(rejectSnapshot); // (no effect once the snapshot was given)
  const mine: TPending = { snapshot, entry, withText };
  c.pending.set(projectId, mine);
  try {
    const e = await entry;
    const current = c.entries.get(projectId);
    // keep whichever read started later (it has seen at least as much)
    if (!current || current.at <= e.at) {
      c.entries.delete(projectId);
      c.entries.set(projectId, e);
      while (c.entries.size > MAX_ENTRIES) c.entries.delete(c.entries.keys().next().value!);
    }
    return viewOf(e);
  } finally {
    if (c.pending.get(projectId) === mine) c.pending.delete(projectId);
  }
}

/**
 * Reads a project into the cache in the background (after a bulk import, whose rows would
 * otherwise make the lead's next dashboard view a full read). Failures are only logged.
 */
export async function warmReportData(db: Db, projectId: string): Promise<void> {
  if (!reportCacheEnabled()) return;
  await getReportData(db, projectId).then(
    () => undefined,
    (e: Error) => console.error(`[reports] warming the report cache failed: ${e.message}`),
  );
}

/** Projects whose report inputs changed within the change log's two hours, most recent first. */
export async function recentlyActiveProjects(pool: pg.Pool, limit: number): Promise<string[]> {
  const r = await pool.query<{ id: string }>(
    `SELECT c."projectId" AS id FROM "ReportChange" c JOIN "Project" p ON p.id = c."projectId"
     GROUP BY c."projectId" ORDER BY max(c.id) DESC LIMIT $1`,
    [limit],
  );
  return r.rows.map((x) => x.id);
}

/**
 * At server start (instrumentation.ts): reads the projects worked on most recently into the
 * cache, one after the other, so that a restart or deploy does not make their next dashboard
 * view a full read. TROPOS_REPORT_WARM_PROJECTS (default 2) says how many; 0 turns it off.
 */
export async function warmRecentlyActiveProjects(db: Db, limit = Number.parseInt(process.env.TROPOS_REPORT_WARM_PROJECTS ?? "2", 10)): Promise<string[]> {
  if (!reportCacheEnabled() || !(limit > 0)) return [];
  const ids = await recentlyActiveProjects(getPgPool(), Math.min(limit, MAX_ENTRIES));
  // least recent first, so that the most recent is the last to be evicted
  for (const id of [...ids].reverse()) await warmReportData(db, id);
  return ids;
}
