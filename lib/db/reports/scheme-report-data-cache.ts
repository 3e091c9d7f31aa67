// The report data of projects running their own scheme, kept while nothing they read changed.
// Validity is the built-in cache's (lib/db/reports/report-data-cache.ts): the data remembers the
// `pg_current_snapshot()` taken before it was read, and is served again while no ReportChange
// row of the project exists that this snapshot could not see (one small index scan). Every table
// read here (Annotation, Adjudication, Assignment, Segment, Translation, MtSystem, User) appends
// ReportChange rows on writes. There is no patching: any change means a full read (one pass).
//
// The key holds the scheme version (ProjectScheme writes append no ReportChange): a new version
// of the scheme is a new key, so a changed scheme forces a full read. And the filter, since the
// read is narrowed by split, systems and target language. TROPOS_REPORT_CACHE=off turns it off with the other.
import type pg from "pg";
import { changedSince, reportCacheEnabled, snapshotNow } from "@/lib/db/reports/report-data-cache";
import { getSchemeReportData, type TSchemeReportData, type TSchemeReportFilter } from "@/lib/db/reports/scheme-report-data";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

/** Entries kept per pool (projects × filters); the oldest used goes first. */
const MAX_ENTRIES = 8;

interface TEntry {
  snapshot: string;
  data: TSchemeReportData;
}
interface TCache {
  entries: Map<string, TEntry>;
  hits: number;
  reads: number;
}

const caches = new WeakMap<pg.Pool, TCache>();
function cacheOf(pool: pg.Pool): TCache {
  let c = caches.get(pool);
  if (!c) caches.set(pool, (c = { entries: new Map(), hits: 0, reads: 0 }));
  return c;
}

export function schemeReportCacheKey(projectId: string, version: number, filter: TSchemeReportFilter): string {
  return JSON.stringify([projectId, version, filter.split ?? null, filter.systems?.length ? [...filter.systems].sort() : null, filter.language ?? null]);
}

/** getSchemeReportData, served from memory while the project's report inputs and scheme version are unchanged. */
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
  const snapshot = await snapshotNow(pool);
  const data = await getSchemeReportData(pool, projectId, runtime.definition, filter);
  c.reads++;
  c.entries.delete(key);
  c.entries.set(key, { snapshot, data });
  while (c.entries.size > MAX_ENTRIES) c.entries.delete(c.entries.keys().next().value!);
  return data;
}

export function schemeReportCacheStats(pool: pg.Pool): { hits: number; reads: number; entries: number } {
  const c = cacheOf(pool);
  return { hits: c.hits, reads: c.reads, entries: c.entries.size };
}

/** Forgets every cached report of this pool (the benchmark's cold and restart cases, tests). */
export function clearSchemeReportCache(pool: pg.Pool): void {
  caches.delete(pool);
}
