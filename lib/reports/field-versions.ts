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
 * against changed (segment, translation or system lists: texts, option lists). A full read gets
 * new versions of every field; a restore gets the versions its stored copy was stored with (`tokens`, `fromTokens`), with a store
 * of the parts computed under them by any process (lib/db/reports/kept-parts.ts). With the cache
 * turned off the data carries none: `fieldVersionOf` is undefined and nothing is kept.
 *
 * Pure: WeakMaps on the data objects; the store is handed in.
 */
import type { TSchemeValueRow } from "./scheme-agreement";
import { createHash, randomBytes } from "node:crypto";
import { memoByVersion } from "./version-memo";

/**
 * Where kept parts outlive the process (lib/db/reports/kept-parts.ts): the parts computed under a
 * stored copy's field versions, looked up by a hash of those versions and the part's key. A
 * version's token is random, so a hash names one computation wherever it is found.
 */
export interface TKeptPartStore {
  get(hash: string): object | undefined;
  /** `name`: the part's key without the versions (the same part under other versions) */
  put(hash: string, tokens: readonly string[], value: object, name: string): void;
}

/** One field's versions of one data object; a field asked for first gets its version then. */
export class FieldVersions {
  private readonly versions: Map<string, TFieldVersion>;
  /** carried over from `from`: the versions' tokens outlive the process when their copy is stored */
  readonly store: TKeptPartStore | undefined;

  /** `changed` undefined: every field changed (nothing is carried over) */
  constructor(from?: FieldVersions, changed: ReadonlySet<string> | undefined = new Set(), store: TKeptPartStore | undefined = from?.store) {
    this.versions = new Map();
    this.store = store;
    if (from && changed) for (const [field, v] of from.versions) if (!changed.has(field)) this.versions.set(field, v);
  }

  /** The versions a stored copy held (`tokens()` when it was stored), with the parts kept under them. */
  static fromTokens(tokens: Readonly<Record<string, string>> | undefined, store: TKeptPartStore | undefined): FieldVersions {
    const v = new FieldVersions(undefined, undefined, store);
    for (const [field, token] of Object.entries(tokens ?? {})) v.versions.set(field, { token });
    return v;
  }

  /** Every field's version given so far, by its token (stored with a copy of the data). */
  tokens(): Record<string, string> {
    return Object.fromEntries([...this.versions].map(([field, v]) => [field, v.token]));
  }

  of(field: string): TFieldVersion {
    let v = this.versions.get(field);
    if (!v) this.versions.set(field, (v = { token: randomBytes(12).toString("base64url") }));
    return v;
  }
}

/** A field's version: an object to keep computed parts on, and a token that names it in a key (random: unique across processes). */
export interface TFieldVersion {
  readonly token: string;
}

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

/** Parts found in a store (computed by an earlier process) and parts handed to one (for tests and benchmarks). */
const storeStats = { served: 0, put: 0 };

export function keptPartStoreStats(): { served: number; put: number } {
  return { ...storeStats };
}

/**
 * Keeps what `compute` gives per version of every field in `fields` of `data` (and `key`): computed
 * again once one of them has a new version. Computed each time when the data carries no versions.
 * With a store (the versions of a stored copy), a part computed under the same versions by an
 * earlier process is taken from it, and a part computed here is handed to it.
 */
export function keptByFieldVersions<T extends object>(data: object, fields: readonly string[], key: unknown, compute: () => T): T {
  const all = versionsByData.get(data);
  if (!all || fields.length === 0) return compute();
  const versions = fields.map((f) => all.of(f));
  const tokens = versions.map((v) => v.token);
  const store = all.store;
  return memoByVersion(versions[0], [tokens, key], null, () => {
    if (!store) return compute();
    const name = JSON.stringify(key);
    const hash = createHash("sha1").update(JSON.stringify(tokens)).update(name).digest("base64url");
    const found = store.get(hash) as T | undefined;
    if (found) {
      storeStats.served++;
      return found;
    }
    const value = compute();
    storeStats.put++;
    store.put(hash, tokens, value, name);
    return value;
  }, "part");
}
