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
// there are such rows, a new snapshot is taken and, when the annotation rows written are listed
// by key (statements of at most 5,000 rows, MAX_PATCH_KEYS keys in all), those rows and the other
// changed tables (spans, adjudications, lists of segments and translations …) are read again and
// patched in (lib/db/reports/report-data.ts refreshReportData); a bulk annotation write means a full
// read. A write committed before a request began is always in what the request gets; one racing
// with a load is looked at again by the next request.
//
// The log is pruned (lib/db/reports/changes.ts) up to a per-project horizon; an entry whose
// snapshot's xmin is not above its project's horizon may have missed a pruned change and is read
// in full.
//
// What the cache holds is also stored in the database (lib/db/reports/snapshots.ts), in the
// background after a full read and at most every PERSIST_EVERY_MS after refreshes: a project not
// in memory (a server start, an evicted entry, another app server) is brought up to date from
// that stored copy the same way, so that only a project never read before (a browser import
// reads it at once: warmReportData), or one with a bulk annotation write since, needs a full read.
// Upkeep (maintainReportStore, every ten minutes from saves and report reads) stores again the
// copies that fell more than a few thousand changes behind, reads and stores the projects being
// worked on that have none, then prunes the log.
//
// The stored copy holds the fields' versions (lib/reports/field-versions.ts) under which the
// paper analyses keep their parts, in memory and in the database (lib/db/reports/kept-parts.ts):
// after a restore, the parts of the fields unchanged since the copy was stored are read, not
// computed.
//
// Each caller gets its own shallow copy (`annotations` materialised on that copy only); the lists
// and typed-array columns are shared and must not be modified (the lists are frozen). The cache
// belongs to the pool (a test that switches databases gets a fresh one) and holds a few projects.
// TROPOS_REPORT_CACHE=off turns it (and the stored copies) off.
import type pg from "pg";
import { getDb, type Db } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { deleteOldReportChanges } from "@/lib/db/reports/changes";
import { REFRESHABLE_TABLES, readReportData, refreshReportData } from "@/lib/db/reports/report-data";
import { REPORT_KIND, readReportSnapshot, writeReportSnapshot } from "@/lib/db/reports/snapshots";
import { REPORT_ANNOTATION_FIELDS, annotationColumns, withAnnotationColumns, type TAnnotationColumns } from "@/lib/reports/report-index";
import { fieldsChangedAtKeys, parseAnnotationKey } from "@/lib/reports/annotation-columns-patch";
import type { TReportData } from "@/lib/reports/report-input";
import { REPORT_SNAPSHOT_FORMAT, encodeReportSnapshot, type TReportBase } from "@/lib/reports/report-snapshot-codec";
import { FieldVersions, setFieldVersions } from "@/lib/reports/field-versions";
import { loadKeptParts, newKeptPartStore, pruneKeptParts } from "@/lib/db/reports/kept-parts";

const MAX_ENTRIES = 4;
/** A refreshed entry is stored again when the stored copy is older than this (a full read always is). */
const PERSIST_EVERY_MS = 10 * 60_000;
/** Storing waits this long, so that encoding (~50 ms) does not delay the response that caused it. */
const PERSIST_DELAY_MS = 1000;

interface TEntry {
  /** `pg_current_snapshot()` taken before the read */
  snapshot: string;
  /** Date.now() when the snapshot was taken */
  at: number;
  withText: boolean;
  base: TReportBase;
  columns: TAnnotationColumns;
  /** a version per annotation field (lib/reports/field-versions.ts): the paper analyses keep their parts by them */
  fields: FieldVersions;
}

interface TPending {
  snapshot: Promise<string>;
  entry: Promise<TEntry>;
  withText: boolean;
}

/** A copy to be stored in the database (this cache's entries, and the scheme report's values: lib/db/reports/scheme-report-data-cache.ts). */
export interface TStoredCopy {
  projectId: string;
  /** lib/db/reports/snapshots.ts: REPORT_KIND for this cache's */
  kind: string;
  format: string;
  snapshot: string;
  withText: boolean;
  /** the bytes, or null when it cannot be encoded (encoded only when its turn comes) */
  encode: () => Buffer | null;
  /** called once stored (and waited for) */
  stored?: () => void | Promise<void>;
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
  /** brought up to date from the copy stored in the database */
  restores: number;
  /** copies stored in the database */
  persists: number;
  /** when each project's copy was last stored or found usable (Date.now()) */
  persistedAt: Map<string, number>;
  /** copies waiting to be stored (the latest per project and kind) */
  toPersist: Map<string, TStoredCopy>;
  persistTimer?: ReturnType<typeof setTimeout>;
  persisting?: Promise<void>;
  /** the database refused a write as read-only (a replica): nothing is stored from then on */
  readOnly?: boolean;
}

// On globalThis, like the pool itself (lib/db/pg-pool.ts): Next.js may load this module once per
// server bundle (instrumentation, each route), and they must all share one cache.
const globalForCache = globalThis as unknown as { __troposReportCaches?: WeakMap<pg.Pool, TCache> };
const caches = (globalForCache.__troposReportCaches ??= new WeakMap<pg.Pool, TCache>());

function cacheOf(pool: pg.Pool): TCache {
  let c = caches.get(pool);
  if (!c) caches.set(pool, (c = { entries: new Map(), pending: new Map(), hits: 0, refreshes: 0, reads: 0, restores: 0, persists: 0, persistedAt: new Map(), toPersist: new Map() }));
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

/**
 * Whether the log of project $1 was pruned past what snapshot $2 could see (lib/db/reports/changes.ts):
 * then the log cannot tell what changed since.
 */
const PRUNED_PAST = `pg_snapshot_xmin($2::pg_snapshot) <= coalesce((SELECT max(xid) FROM "ReportChangeHorizon" WHERE "projectId" IN ($1, '*')), '0'::xid8)`;

/** Whether a write to the project's report inputs committed that `snapshot` could not see (or may have). Also used by lib/db/reports/scheme-report-data-cache.ts. */
export async function changedSince(pool: pg.Pool, projectId: string, snapshot: string): Promise<boolean> {
  const r = await pool.query<{ changed: boolean }>(`SELECT EXISTS (SELECT 1 ${UNSEEN_CHANGES}) OR ${PRUNED_PAST} AS changed`, [projectId, snapshot]);
  return r.rows[0].changed;
}

/**
 * The change rows of the project's report inputs that `snapshot` could not see: the table written
 * and, for annotation statements of at most 5,000 rows, the unique keys of the rows written
 * ("annotatorId segmentId itemKey field"). A log pruned past the snapshot shows as a change to
 * "ReportChangeHorizon" (no cache can patch that: a full read). Also used by
 * lib/db/reports/scheme-report-data-cache.ts.
 */
export async function changesSince(pool: pg.Pool, projectId: string, snapshot: string): Promise<{ tableName: string; keys: string[] | null }[]> {
  const r = await pool.query<{ tableName: string; keys: string[] | null }>(
    `SELECT "tableName", keys ${UNSEEN_CHANGES} UNION ALL SELECT 'ReportChangeHorizon', NULL WHERE ${PRUNED_PAST}`,
    [projectId, snapshot],
  );
  return r.rows;
}

/** Each view handed out → the entry it is a view of: the data's version (a new entry on every read, refresh or restore). */
const versions = new WeakMap<TReportData, TEntry>();

function viewOf(e: TEntry): TReportData {
  const view = withAnnotationColumns({ ...e.base }, e.columns);
  versions.set(view, e);
  setFieldVersions(view, e.fields);
  return view;
}

/**
 * The version of report data `getReportData` gave: an object that stays the same while nothing the
 * reports read changed and is replaced on any change; undefined for data read without the cache.
 * What is computed from the data can be kept on it (lib/reports/version-memo.ts).
 */
export function reportDataVersion(data: TReportData): object | undefined {
  return versions.get(data);
}

/** An entry of report data given as lists and columns (its lists frozen: they are shared). */
function entryOfParts(snapshot: string, at: number, withText: boolean, base: TReportBase, columns: TAnnotationColumns, fields = new FieldVersions()): TEntry {
  for (const list of [base.annotators, base.systems, base.segments, base.mrws, base.translations, base.errorSpans, base.adjudications, base.goldReferences]) Object.freeze(list);
  return { snapshot, at, withText, base, columns, fields };
}

function entryOf(snapshot: string, at: number, withText: boolean, data: TReportData, fields?: FieldVersions): TEntry {
  // every property but `annotations`, whose getter would build a million row objects
  const base = {} as Record<string, unknown>;
  for (const k of Object.keys(data)) if (k !== "annotations") base[k] = data[k as keyof TReportData];
  return entryOfParts(snapshot, at, withText, base as TReportBase, annotationColumns(data), fields);
}

/** Cache counters (for the benchmark and tests). */
export function reportCacheStats(pool: pg.Pool = getPgPool()): { hits: number; refreshes: number; reads: number; restores: number; persists: number; entries: number } {
  const c = cacheOf(pool);
  return { hits: c.hits, refreshes: c.refreshes, reads: c.reads, restores: c.restores, persists: c.persists, entries: c.entries.size };
}

/** The projects cached for this pool, least recently used first. */
export function cachedProjects(pool: pg.Pool = getPgPool()): string[] {
  return [...cacheOf(pool).entries.keys()];
}

/** Forgets every cached project of this pool (and drops copies not yet stored; one being written is finished). */
export function clearReportCache(pool: pg.Pool = getPgPool()): void {
  const c = caches.get(pool);
  if (c?.persistTimer) clearTimeout(c.persistTimer);
  caches.delete(pool);
}

/** Stores the queued entries now, one after the other. */
function startPersisting(c: TCache, pool: pg.Pool): Promise<void> {
  if (c.persistTimer) clearTimeout(c.persistTimer);
  c.persistTimer = undefined;
  c.persisting ??= (async () => {
    for (let next = c.toPersist.entries().next(); !next.done; next = c.toPersist.entries().next()) {
      const [key, e] = next.value;
      const projectId = e.projectId;
      c.toPersist.delete(key);
      if ((pool as pg.Pool & { ending?: boolean }).ending) continue; // closed meanwhile (tests, shutdown)
      try {
        const bytes = e.encode();
        if (bytes && (await writeReportSnapshot(pool, projectId, e.snapshot, e.withText, bytes, e.kind, e.format))) {
          c.persists++;
          await e.stored?.();
        }
      } catch (err) {
        if ((err as { code?: string }).code === "25006") {
          c.readOnly = true; // read_only_sql_transaction: a read replica, where the primary's servers store copies
          c.toPersist.clear();
        } else console.error(`[reports] storing the report data of project ${projectId} failed: ${(err as Error).message}`);
      }
    }
  })().finally(() => (c.persisting = undefined));
  return c.persisting;
}

/** Queues an entry to be stored in the database after PERSIST_DELAY_MS (in the background). */
function schedulePersist(c: TCache, pool: pg.Pool, projectId: string, e: TEntry): void {
  let tokens: Record<string, string> = {};
  queueStoredCopy(pool, {
    projectId,
    kind: REPORT_KIND,
    format: REPORT_SNAPSHOT_FORMAT,
    snapshot: e.snapshot,
    withText: e.withText,
    // with the fields' versions, under which the parts computed from it are kept (lib/db/reports/kept-parts.ts)
    encode: () => encodeReportSnapshot(e.base, e.columns, (tokens = e.fields.tokens())),
    stored: async () => {
      c.persistedAt.set(projectId, Date.now());
      await pruneKeptParts(pool, projectId, REPORT_KIND, Object.values(tokens));
    },
  });
}

/**
 * Queues a copy to be stored in the database after PERSIST_DELAY_MS (in the background), one
 * after the other with this cache's own; a later copy of the same project and kind replaces one
 * still waiting. flushReportSnapshots stores them all.
 */
export function queueStoredCopy(pool: pg.Pool, e: TStoredCopy): void {
  const c = cacheOf(pool);
  if (c.readOnly) return;
  c.toPersist.set(`${e.projectId} ${e.kind}`, e);
  if (c.persisting || c.persistTimer) return;
  c.persistTimer = setTimeout(() => void startPersisting(c, pool), PERSIST_DELAY_MS);
  c.persistTimer.unref?.();
}

/** Stores the entries waiting to be stored now and waits for them (tests, the benchmark, the CLI). */
export async function flushReportSnapshots(pool: pg.Pool = getPgPool()): Promise<void> {
  const c = caches.get(pool);
  while (c && (c.toPersist.size > 0 || c.persisting)) await startPersisting(c, pool);
}

/** A fresh snapshot: everything committed before it is visible to every query issued after it. */
/** The snapshot a read is validated against: taken before the read, so a write racing with it is read again next time. */
export async function snapshotNow(pool: pg.Pool): Promise<string> {
  return (await pool.query<{ s: string }>("SELECT pg_current_snapshot()::text AS s")).rows[0].s;
}

/** More changed annotation keys than this are read in full rather than patched in. */
const MAX_PATCH_KEYS = 20_000;

/**
 * The fields whose versions a refresh replaces: those of the annotation keys written (a key ends in
 * its field) whose rows differ before and after, when annotations alone changed and the
 * annotators are the same; else every field (lists, spans, adjudications, gold references,
 * assignments and users reach every part). A save that wrote a field's value again (or back)
 * leaves its version, as the scheme report's values cache does (lib/reports/field-versions.ts
 * changedFields): the rows of the keys are compared (a pass over the keys' segments' rows, a few
 * ms at 960,000 rows), not the field's statistics recomputed (about a second at that size).
 */
function changedReportFields(from: TEntry, refreshed: TReportData, tables: ReadonlySet<string>, keys: readonly string[]): ReadonlySet<string> | undefined {
  if ([...tables].some((t) => t !== "Annotation")) return undefined;
  const before = from.base.annotators;
  if (before.length !== refreshed.annotators.length || before.some((a, i) => a.id !== refreshed.annotators[i].id || a.email !== refreshed.annotators[i].email)) return undefined;
  const fieldOf = (k: string) => k.slice(k.lastIndexOf(" ") + 1);
  // keys of fields the report data does not hold (a scheme's own fields, whose item keys need not
  // parse) have no rows to compare: named as changed, as before
  const changed = new Set(keys.map(fieldOf).filter((f) => !REPORT_FIELD_NAMES.has(f)));
  const reportKeys = keys.filter((k) => REPORT_FIELD_NAMES.has(fieldOf(k))).map(parseAnnotationKey);
  for (const f of fieldsChangedAtKeys(from.columns, annotationColumns(refreshed), reportKeys)) changed.add(f);
  return changed;
}

const REPORT_FIELD_NAMES: ReadonlySet<string> = new Set(REPORT_ANNOTATION_FIELDS);

/**
 * What changed since `prev` was read, applied to it (lib/db/reports/report-data.ts refreshReportData)
 * when the annotation rows written are known by key; else a full read. Either way
 * under a snapshot taken before looking at the changes.
 */
async function load(db: Db, projectId: string, withText: boolean, prev: TEntry | undefined, onSnapshot: (s: string) => Promise<void>): Promise<TEntry> {
  const pool = getPgPool();
  const c = cacheOf(pool);
  let from = prev && (prev.withText || !withText) ? prev : undefined;
  let restored = false;
  if (!from) {
    const stored = await readReportSnapshot(pool, projectId).catch((e: Error) => {
      console.error(`[reports] reading the stored report data of project ${projectId} failed: ${e.message}`);
      return null;
    });
    if (stored && (stored.withText || !withText)) {
      // the versions the copy was stored with, under which parts were kept (lib/db/reports/kept-parts.ts)
      const fields = FieldVersions.fromTokens(stored.fieldVersions, newKeptPartStore(pool, projectId, REPORT_KIND));
      from = entryOfParts(stored.snapshot, 0, stored.withText, stored.base, stored.columns, fields);
      restored = true;
    }
  }
  const at = Date.now();
  const snapshot = await snapshotNow(pool);
  await onSnapshot(snapshot);
  if (from) {
    // (a pruned log shows as a change to a table that cannot be patched: a full read)
    const changes = { rows: await changesSince(pool, projectId, from.snapshot) };
    const tables = new Set<string>();
    const keys: string[] = [];
    let patchable = true;
    for (const r of changes.rows) {
      tables.add(r.tableName);
      if (!REFRESHABLE_TABLES.has(r.tableName) || (r.tableName === "Annotation" && r.keys === null)) patchable = false;
      else if (r.keys) for (const k of r.keys) keys.push(k);
    }
    if (patchable && keys.length <= MAX_PATCH_KEYS) {
      const refreshed = await refreshReportData(db, viewOf(from), tables, keys, { withTranslationText: from.withText });
      const e = entryOf(snapshot, at, from.withText, refreshed, new FieldVersions(from.fields, changedReportFields(from, refreshed, tables, keys)));
      if (restored) {
        // the parts kept under the versions that are still the data's
        await loadKeptParts(e.fields);
        c.restores++;
      } else c.refreshes++;
      // the stored copy: as good as this entry when nothing changed since it was stored
      if (restored && changes.rows.length === 0) c.persistedAt.set(projectId, Date.now());
      else if (Date.now() - (c.persistedAt.get(projectId) ?? 0) > PERSIST_EVERY_MS) schedulePersist(c, pool, projectId, e);
      return e;
    }
  }
  c.reads++;
  const fields = new FieldVersions(undefined, undefined, newKeptPartStore(pool, projectId, REPORT_KIND));
  const e = entryOf(snapshot, at, withText, await readReportData(db, projectId, { withTranslationText: withText }), fields);
  schedulePersist(c, pool, projectId, e);
  return e;
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
  maintainReportStore(pool);
  const withText = opts.withTranslationText !== false;
  const usable = (e: { withText: boolean }) => e.withText || !withText;

  const fresh = c.entries.get(projectId);
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
 * otherwise make the lead's next dashboard view a full read) and stores it in the database (so
 * that a server start does not either). Failures are only logged.
 */
export async function warmReportData(db: Db, projectId: string): Promise<void> {
  if (!reportCacheEnabled()) return;
  await getReportData(db, projectId)
    .then(() => flushReportSnapshots())
    .catch((e: Error) => console.error(`[reports] warming the report cache failed: ${e.message}`));
}

/** Projects whose report inputs changed, or whose reports were stored, most recently first. */
export async function recentlyActiveProjects(pool: pg.Pool, limit: number): Promise<string[]> {
  const r = await pool.query<{ id: string }>(
    `SELECT x.id FROM (
       SELECT "projectId" AS id, max("createdAt") AS at FROM "ReportChange" GROUP BY "projectId"
       UNION ALL SELECT "projectId", "createdAt" FROM "ReportSnapshot"
     ) x JOIN "Project" p ON p.id = x.id
     GROUP BY x.id ORDER BY max(x.at) DESC LIMIT $1`,
    [limit],
  );
  return r.rows.map((x) => x.id);
}

/**
 * At server start (instrumentation.ts): brings the projects worked on most recently into the
 * cache (from their stored copies, about 0.3 s each at 960,000 annotations), one after the other,
 * so that their next dashboard view after a restart or deploy is served from memory; the server
 * passes `warm` = lib/db/reports/warm-dashboard.ts warmDashboard, which computes their dashboards
 * too. TROPOS_REPORT_WARM_PROJECTS (default 4, the cache's size) says how many; 0 turns it off.
 */
export async function warmRecentlyActiveProjects(
  db: Db,
  limit = Number.parseInt(process.env.TROPOS_REPORT_WARM_PROJECTS ?? String(MAX_ENTRIES), 10),
  warm: (db: Db, projectId: string) => Promise<void> = warmReportData,
): Promise<string[]> {
  if (!reportCacheEnabled() || !(limit > 0)) return [];
  const ids = await recentlyActiveProjects(getPgPool(), Math.min(limit, MAX_ENTRIES));
  // least recent first, so that the most recent is the last to be evicted
  for (const id of [...ids].reverse()) await warm(db, id);
  return ids;
}

/** A stored copy with more unseen change rows than this is brought up to date by maintainReportStore. */
const STALE_STORED_ROWS = 2000;
const MAINTAIN_EVERY_MS = 10 * 60_000;
const lastMaintained = new WeakMap<pg.Pool, number>();

/**
 * Brings up to date (and stores again) the stored copies of projects with more than `minRows`
 * change rows written since, and reads and stores the projects written to that have no stored
 * copy yet, one after the other; returns their ids. So a campaign whose lead does not look at
 * the reports for days (or has never looked) does not leave a full read, or more changes than
 * the cache would patch in (MAX_PATCH_KEYS), for the first view, nor a change log that cannot be
 * pruned.
 */
export async function refreshStaleStoredReports(pool: pg.Pool, db: Db, minRows = STALE_STORED_ROWS): Promise<string[]> {
  const r = await pool.query<{ id: string }>(
    `SELECT c."projectId" AS id FROM "ReportChange" c JOIN "Project" p ON p.id = c."projectId"
       LEFT JOIN "ReportSnapshot" s ON s."projectId" = c."projectId" AND s.kind = '${REPORT_KIND}'
     WHERE s."projectId" IS NULL OR c.xid >= pg_snapshot_xmin(s.snapshot::pg_snapshot)
     GROUP BY c."projectId" HAVING bool_or(s."projectId" IS NULL) OR count(*) > $1`,
    [minRows],
  );
  for (const { id } of r.rows) {
    await getReportData(db, id);
    // stored now even if this process stored it a moment ago (from an entry it held in memory)
    const c = cacheOf(pool);
    const e = c.entries.get(id);
    if (e) schedulePersist(c, pool, id, e);
    await flushReportSnapshots(pool);
  }
  return r.rows.map((x) => x.id);
}

/**
 * Upkeep, in the background every ten minutes per process, from the paths that run often (saves,
 * report reads): stale stored copies brought up to date and projects without one stored, then the
 * change log pruned (lib/db/reports/changes.ts). The first run comes ten minutes after the first
 * call, not at once: a short-lived process (the CLI, a test file) has no upkeep to do, and a
 * starting server is busy enough. Failures are only logged.
 */
export function maintainReportStore(pool: pg.Pool): void {
  const now = Date.now();
  const last = lastMaintained.get(pool);
  if (last === undefined) lastMaintained.set(pool, now);
  if (last === undefined || now - last < MAINTAIN_EVERY_MS) return;
  lastMaintained.set(pool, now);
  (async () => {
    if (reportCacheEnabled()) await refreshStaleStoredReports(pool, getDb());
    await deleteOldReportChanges(pool);
  })().catch((e: Error) => console.error(`[reports] report store upkeep failed: ${e.message}`));
}
