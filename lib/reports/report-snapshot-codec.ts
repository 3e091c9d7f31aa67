/**
 * Encodes a project's report data (the lists and the annotation columns, lib/reports/report-index.ts)
 * into bytes and back, for persisting it between server starts (lib/db/reports/snapshots.ts). A
 * million annotation rows are mostly small indexes: each column is stored in the narrowest typed
 * array that holds it (fields, annotators and values usually fit a byte), the dictionaries that
 * repeat the lists' ids store only the ids after them, and the values their JSON texts. The
 * container is node:v8's structured serialisation, which copies typed arrays as raw bytes and
 * plain objects faster than JSON.
 *
 * Pure: no database or framework imports.
 */
import v8 from "node:v8";
import { IdDict, ValueDict, type TAnnotationColumns } from "./report-index";
import type { TReportData } from "./report-input";

/** Changes whenever the encoded shape does; a stored snapshot of another format is read again. */
export const REPORT_SNAPSHOT_FORMAT = "tropos-report-snapshot/2";

export type TReportBase = Omit<TReportData, "annotations">;

export type TNarrow = Uint8Array | Uint16Array | Int32Array;

interface TEncoded {
  format: string;
  base: TReportBase;
  length: number;
  columns: Record<(typeof COLUMN_NAMES)[number], TNarrow>;
  /** per seeded dictionary: how many of its first ids are the list's ids, and the ids after those */
  dicts: Record<(typeof SEEDED)[number], { seeded: number; extra: string[] }> & { fields: string[]; annotators: string[] };
  values: string[];
  /** the fields' versions the copy was stored with (lib/reports/field-versions.ts); absent in copies stored before them */
  fieldVersions?: Record<string, string>;
}

const COLUMN_NAMES = ["field", "annotator", "segment", "translation", "mrw", "value"] as const;
const SEEDED = ["segments", "translations", "mrws"] as const;

/** The column shifted by one (so -1, "none", becomes 0) in the narrowest array that holds it. */
export function narrow(col: Int32Array, length: number): TNarrow {
  let max = -1;
  for (let i = 0; i < length; i++) if (col[i] > max) max = col[i];
  if (max >= 0xffff) return col.slice(0, length);
  // a plain loop: TypedArray.from with a map function is ten times slower at a million rows
  const out = max < 0xff ? new Uint8Array(length) : new Uint16Array(length);
  for (let i = 0; i < length; i++) out[i] = col[i] + 1;
  return out;
}

export function widen(col: TNarrow): Int32Array {
  if (col instanceof Int32Array) return col;
  const out = new Int32Array(col.length);
  for (let i = 0; i < col.length; i++) out[i] = col[i] - 1;
  return out;
}

/** How many leading ids of the dictionary are the list's ids, in order (all of the list, or 0). */
function seededPrefix(dict: IdDict, list: readonly { id: string }[]): number {
  if (dict.size < list.length) return 0;
  for (let i = 0; i < list.length; i++) if (dict.ids[i] !== list[i].id) return 0;
  return list.length;
}

/**
 * The bytes of the report data, or null when it cannot be encoded (values added from memory
 * rather than read from SQL have no JSON text: hand-written test data).
 */
export function encodeReportSnapshot(base: TReportBase, c: TAnnotationColumns, fieldVersions?: Record<string, string>): Buffer | null {
  const values: string[] = [];
  for (const t of c.values.texts) {
    if (t === undefined) return null;
    values.push(t);
  }
  const columns = {} as TEncoded["columns"];
  for (const name of COLUMN_NAMES) columns[name] = narrow(c[name], c.length);
  const dicts = { fields: c.fields.ids, annotators: c.annotators.ids } as TEncoded["dicts"];
  for (const name of SEEDED) {
    const seeded = seededPrefix(c[name], base[name]);
    dicts[name] = { seeded, extra: c[name].ids.slice(seeded) };
  }
  const encoded: TEncoded = { format: REPORT_SNAPSHOT_FORMAT, base, length: c.length, columns, dicts, values, fieldVersions };
  return v8.serialize(encoded);
}

/** The report data back from `encodeReportSnapshot`'s bytes; throws on anything else. */
export function decodeReportSnapshot(bytes: Buffer): { base: TReportBase; columns: TAnnotationColumns; fieldVersions?: Record<string, string> } {
  const e = v8.deserialize(bytes) as TEncoded;
  if (e?.format !== REPORT_SNAPSHOT_FORMAT) throw new Error(`report snapshot: format ${String(e?.format)}, expected ${REPORT_SNAPSHOT_FORMAT}`);
  const { base } = e;
  const seeded = (name: (typeof SEEDED)[number]) => {
    const d = e.dicts[name];
    const ids = base[name].slice(0, d.seeded).map((x) => x.id);
    return new IdDict(d.extra.length ? ids.concat(d.extra) : ids);
  };
  const columns: TAnnotationColumns = {
    length: e.length,
    field: widen(e.columns.field),
    annotator: widen(e.columns.annotator),
    segment: widen(e.columns.segment),
    translation: widen(e.columns.translation),
    mrw: widen(e.columns.mrw),
    value: widen(e.columns.value),
    fields: new IdDict(e.dicts.fields),
    annotators: new IdDict(e.dicts.annotators),
    segments: seeded("segments"),
    translations: seeded("translations"),
    mrws: seeded("mrws"),
    values: ValueDict.fromTexts(e.values),
  };
  for (const name of COLUMN_NAMES) if (columns[name].length !== e.length) throw new Error(`report snapshot: column ${name} holds ${columns[name].length} of ${e.length} rows`);
  return { base, columns, fieldVersions: e.fieldVersions };
}
