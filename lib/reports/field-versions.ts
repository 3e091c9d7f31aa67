/**
 * A version per field of a report's values, so that statistics are kept per field
 * (version-memo.ts) and a save that changed one field's values recomputes that field's figures
 * alone (issue 28: "the dashboard after a change is no worse"; the built-in dashboard recomputed
 * everything in about 1 s, the scheme report of 960,000 values takes about 3 s).
 *
 * The report data cache (lib/db/reports/scheme-report-data-cache.ts) hands out a new data object
 * after every change; it gives the new object the versions of the old one, with a new version for
 * each field whose values changed (`changedFields`: the values of the patched segments compared
 * before and after, as multisets) and new versions for every field when what the values are read
 * against changed (segment, translation or system lists: texts, option lists). A full read or a
 * restore gets new versions of every field. With the cache turned off the data carries none:
 * `fieldVersionOf` is undefined and nothing is kept.
 *
 * Pure: WeakMaps on the data objects, no database.
 */
import type { TSchemeValueRow } from "./scheme-agreement";
import { memoByVersion } from "./version-memo";

/** One field's versions of one data object; a field asked for first gets its version then. */
export class FieldVersions {
  private readonly versions: Map<string, TFieldVersion>;

  /** `changed` undefined: every field changed (nothing is carried over) */
  constructor(from?: FieldVersions, changed: ReadonlySet<string> | undefined = new Set()) {
    this.versions = new Map();
    if (from && changed) for (const [field, v] of from.versions) if (!changed.has(field)) this.versions.set(field, v);
  }

  of(field: string): TFieldVersion {
    let v = this.versions.get(field);
    if (!v) this.versions.set(field, (v = { serial: ++serials }));
    return v;
  }
}

/** A field's version: an object to keep computed parts on, and a number that names it in a key. */
export interface TFieldVersion {
  readonly serial: number;
}
let serials = 0;

const versionsByData = new WeakMap<object, FieldVersions>();

export function setFieldVersions(data: object, versions: FieldVersions): void {
  versionsByData.set(data, versions);
}

export function fieldVersionsOf(data: object): FieldVersions | undefined {
  return versionsByData.get(data);
}

/** The version of `field`'s values in `data`, or undefined when the data carries none. */
export function fieldVersionOf(data: object, field: string): TFieldVersion | undefined {
  return versionsByData.get(data)?.of(field);
}

/** What identifies a row's value for a report: everything but its position in the list. */
const rowKey = (r: TSchemeValueRow) => JSON.stringify([r.annotator, r.unit, r.system, r.language ?? null, r.value]);

/**
 * The fields whose values differ between `before` and `after` (the rows of the same segments, before
 * and after a change), compared as multisets: a save that wrote the same value changes no field.
 */
export function changedFields(before: readonly TSchemeValueRow[], after: readonly TSchemeValueRow[]): Set<string> {
  const keys = (rows: readonly TSchemeValueRow[]) => {
    const m = new Map<string, string[]>();
    for (const r of rows) {
      let list = m.get(r.field);
      if (!list) m.set(r.field, (list = []));
      list.push(rowKey(r));
    }
    for (const list of m.values()) list.sort();
    return m;
  };
  const a = keys(before);
  const b = keys(after);
  const out = new Set<string>();
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(field) ?? [];
    const y = b.get(field) ?? [];
    if (x.length !== y.length || x.some((k, i) => k !== y[i])) out.add(field);
  }
  return out;
}

/**
 * Keeps what `compute` gives per version of every field in `fields` of `data` (and `key`): computed
 * again once one of them has a new version. Computed each time when the data carries no versions.
 */
export function keptByFieldVersions<T extends object>(data: object, fields: readonly string[], key: unknown, compute: () => T): T {
  const versions = fields.map((f) => fieldVersionOf(data, f));
  const first = versions[0];
  if (!first || versions.some((v) => v === undefined)) return compute();
  return memoByVersion(first, [versions.map((v) => v!.serial), key], null, compute, "part");
}
