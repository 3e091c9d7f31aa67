/**
 * Computed scheme reports, kept by the version of the data they were computed from, so that a
 * dashboard view (or an export, a full report) with nothing changed does no statistics work.
 *
 * The version is the data object itself: the report data cache (lib/db/scheme-report-data-cache.ts)
 * hands the same object back while no ReportChange row of the project is newer than its snapshot
 * and the scheme version is the same, and a new object after any change. A report is therefore
 * kept in a WeakMap on that object, under what else it depends on: the filter, the agreement
 * options, the project's target languages, and a digest of the analyses' inputs (models' values,
 * EMOS weights, documents), which are read on every report because suggestions and settings append
 * no ReportChange row. A new data object (a change) leaves the old reports to the garbage collector.
 * With the data cache off (TROPOS_REPORT_CACHE=off) every read is a new object: nothing is kept.
 *
 * The report returned is shared between callers: they must not modify it (none does; it is frozen
 * at the top level so that an attempt fails in tests).
 */
import { createHash } from "node:crypto";
import type { TSchemeReport } from "./scheme-report";

/** Reports kept per data version (filters × options of one project and scheme version). */
const MAX_PER_VERSION = 16;

const memo = new WeakMap<object, Map<string, TSchemeReport>>();
const stats = { computed: 0, served: 0 };

/** A digest of anything JSON can say, Maps as their entries. */
function digest(value: unknown): string {
  const h = createHash("sha1");
  h.update(JSON.stringify(value, (_k, v: unknown) => (v instanceof Map ? [...v.entries()] : v)) ?? "");
  return h.digest("base64");
}

/** The report of `data` under `key` (JSON-able), computed by `compute` only the first time. */
export function memoSchemeReport(data: object, key: unknown, inputs: unknown, compute: () => TSchemeReport): TSchemeReport {
  let byKey = memo.get(data);
  if (!byKey) memo.set(data, (byKey = new Map()));
  const k = `${JSON.stringify(key)}\u0000${digest(inputs)}`;
  const hit = byKey.get(k);
  if (hit) {
    stats.served++;
    return hit;
  }
  const report = Object.freeze(compute()) as TSchemeReport;
  stats.computed++;
  byKey.set(k, report);
  while (byKey.size > MAX_PER_VERSION) byKey.delete(byKey.keys().next().value!);
  return report;
}

/** How many reports were computed and how many served as computed before (for tests and benchmarks). */
export function schemeReportMemoStats(): { computed: number; served: number } {
  return { ...stats };
}
