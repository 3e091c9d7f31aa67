// The report data of projects running their own scheme, kept while nothing they read changed and
// brought up to date with what changed instead of read again (a full read is 3–4 s and a million
// row objects at 960,000 values).
//
// Validity is the built-in cache's (lib/db/reports/report-data-cache.ts): the data remembers the
// `pg_current_snapshot()` taken before it was read, and is served again while no ReportChange
// row of the project exists that this snapshot could not see (one small index scan). Every table
// read here (Annotation, Adjudication, Assignment, Segment, Translation, MtSystem, User) appends
// ReportChange rows on writes. When there are such rows, a new snapshot is taken and only what
// changed is read again and patched in (`refresh`):
// - annotation statements list the keys of the rows they wrote: the values (and span texts) of
//   those rows' segments are read again (through Annotation(segmentId)) and replace the cached
//   values of those segments;
// - a change to the segment, translation or system lists does not say which rows: a digest per
//   segment of what its values depend on (readSegmentDigests) is compared with the one read with
//   the data, and the values of the segments whose digest changed (with a language filter, of
//   their documents: a document's value belongs to its segments' languages) are read again; the
//   per-segment parts (item gold, option lists, metadata) and the systems are read again whole;
// - adjudications and assignments: the adjudicated gold and the progress are read again whole
//   (one row per adjudicated unit, one per annotator);
// - writes to tables this data does not read (error spans, gold references, MRWs, documents, the
//   project row, ProjectScheme) change nothing;
// - anything else (a user's email, a bulk annotation write without keys, a pruned log, more than
//   MAX_PATCH_SEGMENTS segments) means a full read.
// The patched data equals a full read's but for the order of the values (a full read's order is
// the table's, which no figure depends on: tests/integration/scheme-report-data-cache.test.ts).
//
// What a filter without split or systems holds (the dashboard's: every language, or one) is also
// stored in the database with the built-in cache's copies (lib/db/reports/snapshots.ts, kind
// "scheme:<language>"; stored in the background after a full read and at most every
// PERSIST_EVERY_MS after refreshes, by report-data-cache.ts's queue), compactly
// (lib/reports/scheme-report-snapshot-codec.ts): the first request after a server start decodes
// it and brings it up to date the same way. In memory the rows share their strings (units,
// annotators, fields, systems, languages): one copy each instead of one per row (decoded rows do;
// a full read's rows from when their copy is encoded, in the background: 1 s at 960,000 values
// that the view waiting for the read does not pay).
//
// The copy is stored with its fields' versions (lib/reports/field-versions.ts): the statistics
// computed under them are kept in the database (lib/db/reports/kept-parts.ts), and a restore
// reads those of the fields unchanged since, so a server start computes only the changed fields'.
//
// The key holds the scheme version (a new version is a new key: a full read) and the filter, since
// the read is narrowed by split, systems and target language. TROPOS_REPORT_CACHE=off turns it off with the other.
import type pg from "pg";
import { changedSince, changesSince, queueStoredCopy, reportCacheEnabled, snapshotNow } from "@/lib/db/reports/report-data-cache";
import {
  getSchemeReportData,
  readSchemeReportParts,
  readSegmentDigests,
  segmentOfUnit,
  type TSchemeReportData,
  type TSchemeReportFilter,
  type TSchemeReportPart,
} from "@/lib/db/reports/scheme-report-data";
import { readStoredBytes } from "@/lib/db/reports/snapshots";
import { SCHEME_SNAPSHOT_FORMAT, decodeSchemeSnapshot, encodeSchemeSnapshot } from "@/lib/reports/scheme-report-snapshot-codec";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { changedFields, FieldVersions, fieldVersionsOf, setFieldVersions } from "@/lib/reports/field-versions";
import { loadKeptParts, newKeptPartStore, pruneKeptParts } from "@/lib/db/reports/kept-parts";

/** Entries kept per pool (projects × filters); the oldest used goes first. */
const MAX_ENTRIES = 8;
/** More changed segments than this are read in full rather than patched in. */
const MAX_PATCH_SEGMENTS = 5000;
/** A refreshed entry is stored again when its stored copy is older than this (a full read always is). */
const PERSIST_EVERY_MS = 10 * 60_000;

interface TEntry {
  snapshot: string;
  data: TSchemeReportData;
  /** readSegmentDigests as of the data; null when a list change raced with the read (the next list change is a full read) */
  digests: Map<string, string> | null;
}
type TStoredRest = Omit<TSchemeReportData, "values"> & { snapshot: string; digests: Map<string, string> | null; fieldVersions?: Record<string, string> };

interface TCache {
  entries: Map<string, TEntry>;
  /** served unchanged */
  hits: number;
  /** read in full */
  reads: number;
  /** brought up to date with what changed */
  refreshes: number;
  /** brought up to date from the copy stored in the database */
  restores: number;
  /** when each key's copy was last stored or found usable (Date.now()) */
  persistedAt: Map<string, number>;
}

const caches = new WeakMap<pg.Pool, TCache>();
function cacheOf(pool: pg.Pool): TCache {
  let c = caches.get(pool);
  if (!c) caches.set(pool, (c = { entries: new Map(), hits: 0, reads: 0, refreshes: 0, restores: 0, persistedAt: new Map() }));
  return c;
}

export function schemeReportCacheKey(projectId: string, version: number, filter: TSchemeReportFilter): string {
  return JSON.stringify([projectId, version, filter.split ?? null, filter.systems?.length ? [...filter.systems].sort() : null, filter.language ?? null]);
}

/** The kind its copy is stored under (lib/db/reports/snapshots.ts), or null for a filter whose copy is not stored. */
function storedKind(filter: TSchemeReportFilter): string | null {
  return filter.split || filter.systems?.length ? null : `scheme:${filter.language ?? ""}`;
}

/** Tables whose writes this data does not read. */
const UNREAD_TABLES: ReadonlySet<string> = new Set(["ErrorSpan", "GoldReference", "Mrw", "Document", "Project", "ProjectScheme"]);
const LIST_TABLES: ReadonlySet<string> = new Set(["Segment", "Translation", "MtSystem"]);

/**
 * `from` brought up to date with the changes its snapshot could not see, all read after `snapshot`
 * was taken (and the digests before the values: a change between them shows again next time), with
 * how many change rows there were; null when they cannot be patched in (a full read).
 */
async function refresh(pool: pg.Pool, projectId: string, definition: TSchemeDefinition, filter: TSchemeReportFilter, from: TEntry, snapshot: string): Promise<{ entry: TEntry; changes: number } | null> {
  const changes = await changesSince(pool, projectId, from.snapshot);
  const segments = new Set<string>();
  let lists = false;
  const whole = new Set<TSchemeReportPart>();
  for (const ch of changes) {
    if (ch.tableName === "Annotation") {
      if (!ch.keys) return null;
      for (const k of ch.keys) segments.add(k.split(" ", 2)[1]);
    } else if (ch.tableName === "Adjudication") whole.add("adjudicatedGold");
    else if (ch.tableName === "Assignment") whole.add("progress");
    else if (LIST_TABLES.has(ch.tableName)) lists = true;
    else if (!UNREAD_TABLES.has(ch.tableName)) return null;
  }
  let digests = from.digests;
  if (lists) {
    if (!from.digests) return null;
    for (const p of ["itemGold", "itemLists", "itemMetadata", "systems", "progress", "adjudicatedGold"] as const) whole.add(p);
    digests = await readSegmentDigests(pool, projectId);
    const changedDocs = new Set<string>();
    const documentOf = (d: string) => d.slice(0, d.indexOf(" "));
    const before = from.digests;
    for (const [id, d] of digests) {
      const was = before.get(id);
      if (was === d) continue;
      segments.add(id);
      changedDocs.add(documentOf(d));
      if (was) changedDocs.add(documentOf(was));
    }
    for (const [id, was] of before) {
      if (digests.has(id)) continue;
      segments.add(id);
      changedDocs.add(documentOf(was));
    }
    // a document's value (on its first segment) belongs to every language of its segments
    if (filter.language && changedDocs.size) for (const m of [digests, before]) for (const [id, d] of m) if (changedDocs.has(documentOf(d))) segments.add(id);
  }
  if (segments.size > MAX_PATCH_SEGMENTS) return null;
  const [parts, changed] = await Promise.all([
    whole.size ? readSchemeReportParts(pool, projectId, definition, filter, whole) : {},
    segments.size ? readSchemeReportParts(pool, projectId, definition, filter, new Set(["values", "unitTexts"]), [...segments]) : null,
  ]);
  const data: TSchemeReportData = { ...from.data, ...parts };
  // the fields whose values changed get new versions (lib/reports/field-versions.ts), all of them
  // when the lists changed (texts and option lists the values are read against)
  let fields: Set<string> | null = lists ? null : new Set();
  if (changed) {
    const values = [];
    const before = [];
    // one answer per unit string, not a slice and a lookup per value (the rows share their units'
    // strings: about 0.1 s less per refresh at 960,000 values)
    const patched = new Map<string, boolean>();
    for (const r of from.data.values) {
      let p = patched.get(r.unit);
      if (p === undefined) patched.set(r.unit, (p = segments.has(segmentOfUnit(r.unit))));
      if (p) before.push(r);
      else values.push(r);
    }
    for (const r of changed.values!) values.push(r);
    data.values = values;
    if (fields) fields = changedFields(before, changed.values!);
    const unitTexts = new Map<string, string>();
    for (const [unit, text] of from.data.unitTexts) if (!segments.has(segmentOfUnit(unit))) unitTexts.set(unit, text);
    for (const [unit, text] of changed.unitTexts!) unitTexts.set(unit, text);
    data.unitTexts = unitTexts;
  }
  setFieldVersions(data, new FieldVersions(fieldVersionsOf(from.data), fields ?? undefined));
  return { entry: { snapshot, data, digests }, changes: changes.length };
}

/** The copy of this key stored in the database, if there is one usable. */
async function restore(pool: pg.Pool, projectId: string, key: string, kind: string): Promise<TEntry | null> {
  const stored = await readStoredBytes(pool, projectId, kind, SCHEME_SNAPSHOT_FORMAT);
  if (!stored) return null;
  const { key: storedKey, rows, rest } = decodeSchemeSnapshot<TStoredRest>(stored.bytes);
  if (storedKey !== key) return null; // another scheme version
  const { snapshot, digests, fieldVersions, ...parts } = rest;
  const data: TSchemeReportData = { ...parts, values: rows };
  // the versions the copy was stored with, under which parts were kept (lib/db/reports/kept-parts.ts)
  setFieldVersions(data, FieldVersions.fromTokens(fieldVersions, newKeptPartStore(pool, projectId, kind)));
  return { snapshot, digests, data };
}

function persist(pool: pg.Pool, c: TCache, projectId: string, key: string, kind: string, e: TEntry): void {
  let tokens: Record<string, string> = {};
  queueStoredCopy(pool, {
    projectId,
    kind,
    format: SCHEME_SNAPSHOT_FORMAT,
    snapshot: e.snapshot,
    withText: false,
    encode: () => {
      const { values, ...parts } = e.data;
      tokens = fieldVersionsOf(e.data)?.tokens() ?? {};
      // (the rows of a full read share their strings from then on: one pass for both)
      return encodeSchemeSnapshot<TStoredRest>(key, values, { ...parts, snapshot: e.snapshot, digests: e.digests, fieldVersions: tokens }, { share: true });
    },
    stored: async () => {
      c.persistedAt.set(key, Date.now());
      await pruneKeptParts(pool, projectId, kind, Object.values(tokens));
    },
  });
}

/** getSchemeReportData, served from memory while the project's report inputs and scheme version are unchanged, else brought up to date. */
export async function getSchemeReportDataCached(pool: pg.Pool, projectId: string, runtime: { version: number; definition: TSchemeDefinition }, filter: TSchemeReportFilter = {}): Promise<TSchemeReportData> {
  if (!reportCacheEnabled()) return getSchemeReportData(pool, projectId, runtime.definition, filter);
  const c = cacheOf(pool);
  const key = schemeReportCacheKey(projectId, runtime.version, filter);
  const hit = c.entries.get(key);
  if (hit && !(await changedSince(pool, projectId, hit.snapshot))) {
    c.hits++;
    c.entries.delete(key);
    c.entries.set(key, hit);
    return hit.data;
  }
  const kind = storedKind(filter);
  let from: TEntry | null = hit ?? null;
  let restored = false;
  if (!from && kind) {
    from = await restore(pool, projectId, key, kind).catch((e: Error) => {
      console.error(`[reports] reading the stored scheme report data of project ${projectId} failed: ${e.message}`);
      return null;
    });
    restored = from !== null;
  }
  const snapshot = await snapshotNow(pool);
  const refreshed = from && (await refresh(pool, projectId, runtime.definition, filter, from, snapshot));
  let e: TEntry;
  if (refreshed) {
    e = refreshed.entry;
    if (restored) {
      // the parts kept under the versions that are still the data's
      await loadKeptParts(fieldVersionsOf(e.data));
      c.restores++;
    } else c.refreshes++;
    if (kind) {
      // the stored copy is as good as this entry when nothing changed since it was stored
      if (restored && refreshed.changes === 0) c.persistedAt.set(key, Date.now());
      else if (Date.now() - (c.persistedAt.get(key) ?? 0) > PERSIST_EVERY_MS) persist(pool, c, projectId, key, kind, e);
    }
  } else {
    const [digests, data] = await Promise.all([readSegmentDigests(pool, projectId), getSchemeReportData(pool, projectId, runtime.definition, filter)]);
    // a list change committed while the two were read may be in one and not in the other: then the
    // digests cannot tell what the next list change changed (it will be a full read)
    const racing = (await changesSince(pool, projectId, snapshot)).some((ch) => LIST_TABLES.has(ch.tableName));
    e = { snapshot, data, digests: racing ? null : digests };
    setFieldVersions(data, new FieldVersions(undefined, undefined, kind ? newKeptPartStore(pool, projectId, kind) : undefined));
    c.reads++;
    if (kind) persist(pool, c, projectId, key, kind, e);
  }
  c.entries.delete(key);
  c.entries.set(key, e);
  while (c.entries.size > MAX_ENTRIES) c.entries.delete(c.entries.keys().next().value!);
  return e.data;
}

export function schemeReportCacheStats(pool: pg.Pool): { hits: number; reads: number; refreshes: number; restores: number; entries: number } {
  const c = cacheOf(pool);
  return { hits: c.hits, reads: c.reads, refreshes: c.refreshes, restores: c.restores, entries: c.entries.size };
}

/** Forgets every cached report of this pool (the benchmark's cold and restart cases, tests); the stored copies stay. */
export function clearSchemeReportCache(pool: pg.Pool): void {
  caches.delete(pool);
}
