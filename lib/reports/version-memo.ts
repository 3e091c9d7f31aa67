/**
 * Computed reports kept by the version of the data they were computed from, so that a dashboard
 * view (or an export, a full report) with nothing changed does no statistics work.
 *
 * A version is an object that the report data caches hand out and replace on any change:
 * - the scheme runtime's data object itself (lib/db/reports/scheme-report-data-cache.ts gives the same
 *   object back while no ReportChange row of the project is newer than its snapshot and the
 *   scheme version is the same, a new object after any change);
 * - the built-in report data's cache entry (lib/db/reports/report-data-cache.ts reportDataVersion: every
 *   read, refresh or restore makes a new entry under a new snapshot).
 * A computed report is kept in a WeakMap on its version, under what else it depends on (filter,
 * options, languages: `key`) and a digest of the inputs read on every request because writing them
 * appends no ReportChange row (models' values, EMOS weights, imported metric scores: `inputs`). A
 * new version leaves the old reports to the garbage collector. With the data caches off
 * (TROPOS_REPORT_CACHE=off) there is no version and nothing is kept.
 *
 * What is returned is shared between callers: they must not modify it (none does; it is frozen at
 * the top level so that an attempt to replace a part fails).
 */
import { createHash } from "node:crypto";

/** Reports kept per version (filters × options of one project). */
const MAX_PER_VERSION = 16;

const memo = new WeakMap<object, Map<string, unknown>>();
/** whole reports; and the parts of reports kept per field (field-versions.ts) apart */
const reportStats = { computed: 0, served: 0 };
const partStats = { computed: 0, served: 0 };

/** A digest of anything JSON can say, Maps as their entries. */
function digest(value: unknown): string {
  const h = createHash("sha1");
  h.update(JSON.stringify(value, (_k, v: unknown) => (v instanceof Map ? [...v.entries()] : v)) ?? "");
  return h.digest("base64");
}

/** What `compute` gives for `version` under `key` and `inputs`, computed only the first time (always without a version). */
export function memoByVersion<T extends object>(version: object | undefined, key: unknown, inputs: unknown, compute: () => T, counted: "report" | "part" = "report"): T {
  const stats = counted === "report" ? reportStats : partStats;
  if (!version) {
    stats.computed++;
    return compute();
  }
  let byKey = memo.get(version);
  if (!byKey) memo.set(version, (byKey = new Map()));
  const k = `${JSON.stringify(key)}\u0000${digest(inputs)}`;
  const hit = byKey.get(k) as T | undefined;
  if (hit) {
    stats.served++;
    return hit;
  }
  const value = Object.freeze(compute());
  stats.computed++;
  byKey.set(k, value);
  while (byKey.size > MAX_PER_VERSION) byKey.delete(byKey.keys().next().value!);
  return value;
}

/** How many reports were computed and how many served as computed before (for tests and benchmarks). */
export function versionMemoStats(): { computed: number; served: number } {
  return { ...reportStats };
}

/** The same for the parts kept per version of the fields they read (field-versions.ts). */
export function partMemoStats(): { computed: number; served: number } {
  return { ...partStats };
}
