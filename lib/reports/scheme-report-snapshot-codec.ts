/**
 * The scheme report's values (lib/db/reports/scheme-report-data.ts TSchemeReportData) in a compact
 * form, for storing them between server starts (lib/db/reports/snapshots.ts, kind "scheme:…") and
 * for keeping them in memory with one copy of each repeated string.
 *
 * A million value rows repeat a few fields, annotators, systems and languages, a few hundred
 * thousand units and, mostly, a few distinct values: each column is stored as indexes into its
 * dictionary, in the narrowest typed array that holds them (report-snapshot-codec.ts `narrow`),
 * the values as their JSON texts. Decoding builds the rows again with every string and every
 * value object shared between the rows that have it (the rows must not be modified, as any
 * cached data). The other parts (gold, progress, item lists and texts) are small and kept as
 * they are; node:v8's structured serialisation is the container, as for the built-in reports.
 *
 * Pure: no database or framework imports.
 */
import v8 from "node:v8";
import type { TSchemeValueRow } from "./scheme-agreement";
import { narrow, widen, type TNarrow } from "./report-snapshot-codec";

/** Changes whenever the encoded shape does; a stored copy of another format is read again. */
export const SCHEME_SNAPSHOT_FORMAT = "tropos-scheme-report-snapshot/1";

const STRING_COLUMNS = ["field", "system", "unit", "annotator", "language"] as const;
type TStringColumn = (typeof STRING_COLUMNS)[number];

interface TEncoded<R> {
  format: string;
  /** what the copy is of (the cache's key: project, scheme version, filter) */
  key: string;
  length: number;
  columns: Record<TStringColumn | "value", TNarrow>;
  dicts: Record<TStringColumn, string[]>;
  /** JSON texts */
  values: string[];
  rest: R;
}

/**
 * The bytes of the rows and of `rest` (anything node:v8 serialises: the other parts). With `share`,
 * also each row's strings replaced by the first row's equal ones (one copy each in memory), at no
 * extra cost: the dictionaries are built anyway.
 */
export function encodeSchemeSnapshot<R>(key: string, rows: readonly TSchemeValueRow[], rest: R, opts: { share?: boolean } = {}): Buffer {
  const n = rows.length;
  const dicts = {} as TEncoded<R>["dicts"];
  const index = {} as Record<TStringColumn, Map<string, number>>;
  const cols = {} as Record<TStringColumn | "value", Int32Array>;
  for (const c of STRING_COLUMNS) {
    dicts[c] = [];
    index[c] = new Map();
    cols[c] = new Int32Array(n);
  }
  cols.value = new Int32Array(n);
  // values by identity first (primitives by value, objects shared after a decode), then by JSON text
  const valueById = new Map<unknown, number>();
  const valueByText = new Map<string, number>();
  const values: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    for (const c of STRING_COLUMNS) {
      const s = r[c];
      if (s === null || s === undefined) {
        cols[c][i] = -1;
        continue;
      }
      let k = index[c].get(s);
      if (k === undefined) {
        k = dicts[c].length;
        dicts[c].push(s);
        index[c].set(s, k);
      } else if (opts.share) (r as Record<TStringColumn, string>)[c] = dicts[c][k];
      cols[c][i] = k;
    }
    let v = valueById.get(r.value);
    if (v === undefined) {
      const text = JSON.stringify(r.value ?? null);
      v = valueByText.get(text);
      if (v === undefined) {
        v = values.length;
        values.push(text);
        valueByText.set(text, v);
      }
      valueById.set(r.value, v);
    }
    cols.value[i] = v;
  }
  const columns = {} as TEncoded<R>["columns"];
  for (const c of [...STRING_COLUMNS, "value"] as const) columns[c] = narrow(cols[c], n);
  const encoded: TEncoded<R> = { format: SCHEME_SNAPSHOT_FORMAT, key, length: n, columns, dicts, values, rest };
  return v8.serialize(encoded);
}

/** The rows and `rest` back from `encodeSchemeSnapshot`'s bytes; throws on anything else. */
export function decodeSchemeSnapshot<R>(bytes: Buffer): { key: string; rows: TSchemeValueRow[]; rest: R } {
  const e = v8.deserialize(bytes) as TEncoded<R>;
  if (e?.format !== SCHEME_SNAPSHOT_FORMAT) throw new Error(`not a ${SCHEME_SNAPSHOT_FORMAT} snapshot`);
  const col = {} as Record<TStringColumn | "value", Int32Array>;
  for (const c of [...STRING_COLUMNS, "value"] as const) {
    col[c] = widen(e.columns[c]);
    if (col[c].length !== e.length) throw new Error(`column ${c} has ${col[c].length} rows, not ${e.length}`);
  }
  const values: unknown[] = e.values.map((t) => JSON.parse(t) as unknown);
  const { field: F, system: S, unit: U, annotator: A, language: L } = e.dicts;
  const rows: TSchemeValueRow[] = new Array(e.length);
  for (let i = 0; i < e.length; i++) {
    const s = col.system[i];
    const l = col.language[i];
    rows[i] = { field: F[col.field[i]], system: s < 0 ? null : S[s], unit: U[col.unit[i]], annotator: A[col.annotator[i]], value: values[col.value[i]], language: l < 0 ? undefined : L[l] };
  }
  return { key: e.key, rows, rest: e.rest };
}
