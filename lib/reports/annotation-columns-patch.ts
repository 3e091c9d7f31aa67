/**
 * Brings annotation columns up to date with a few changed rows instead of reading a million
 * again: every row whose unique key (annotator, segment, translation, MRW, field) is in `keys`
 * is dropped, and `rows` (the current stored rows of those keys) are added. The result keeps the
 * order a fresh read gives (rows grouped by field, in REPORT_ANNOTATION_FIELDS order); within
 * a field the order is the table's physical one there, which has no meaning either.
 *
 * The input columns are not modified (a cached copy may still be in use); their dictionaries are
 * shared and grow (append-only: no index already handed out changes).
 */
import { REPORT_ANNOTATION_FIELDS, type TAnnotationColumns } from "./report-index";

export interface TAnnotationKey {
  annotatorId: string;
  segmentId: string;
  translationId: string | null;
  mrwId: string | null;
  field: string;
}

export interface TPatchRow extends TAnnotationKey {
  /** the stored value as JSON text (`value::text`) */
  valueText: string;
}

/** "annotatorId segmentId itemKey field", itemKey = "<translationId|->:<mrwId|->" (the ReportChange trigger's format). */
export function parseAnnotationKey(key: string): TAnnotationKey {
  const [annotatorId, segmentId, itemKey, field] = key.split(" ");
  const colon = itemKey?.indexOf(":") ?? -1;
  if (!field || colon < 0) throw new Error(`report cache: malformed annotation key ${JSON.stringify(key)}`);
  const t = itemKey.slice(0, colon);
  const m = itemKey.slice(colon + 1);
  return { annotatorId, segmentId, translationId: t === "-" ? null : t, mrwId: m === "-" ? null : m, field };
}

/** A key's annotator, segment, translation (-1: none), MRW (-1: none) and field codes; null when the dictionaries lack one of its ids (no row has it). */
function keyCodes(c: TAnnotationColumns, k: TAnnotationKey): [number, number, number, number, number] | null {
  const a = c.annotators.get(k.annotatorId);
  const s = c.segments.get(k.segmentId);
  const t = k.translationId === null ? -1 : c.translations.get(k.translationId);
  const m = k.mrwId === null ? -1 : c.mrws.get(k.mrwId);
  const f = c.fields.get(k.field);
  return a === undefined || s === undefined || t === undefined || m === undefined || f === undefined ? null : [a, s, t, m, f];
}

/** The columns' row arrays (the dictionaries aside). */
type TRows = Pick<TAnnotationColumns, "field" | "annotator" | "segment" | "translation" | "mrw" | "value">;
const ROW_ARRAYS = ["field", "annotator", "segment", "translation", "mrw", "value"] as const;

export function patchAnnotationColumns(c: TAnnotationColumns, keys: TAnnotationKey[], rows: TPatchRow[]): TAnnotationColumns {
  // the keys as codes, by segment (a key naming an id the dictionaries do not know has no row to
  // drop), and their segments marked, so that rows of other segments are passed over with one load
  const bySegment = new Map<number, number[][]>();
  const segmentMarked = new Uint8Array(c.segments.size);
  for (const k of keys) {
    const codes = keyCodes(c, k);
    if (!codes) continue;
    const [a, s, t, m, f] = codes;
    const list = bySegment.get(s);
    if (list) list.push([a, t, m, f]);
    else bySegment.set(s, [[a, t, m, f]]);
    segmentMarked[s] = 1;
  }
  const dropped: number[] = [];
  for (let i = 0; i < c.length; i++) {
    // rows come grouped by field: the SQL read and this function both leave them so
    if (i > 0 && c.field[i] < c.field[i - 1]) throw new Error("report cache: annotation columns are not in field order");
    const s = c.segment[i];
    if (segmentMarked[s] === 0) continue;
    if (bySegment.get(s)!.some(([a, t, m, f]) => a === c.annotator[i] && t === c.translation[i] && m === c.mrw[i] && f === c.field[i])) dropped.push(i);
  }

  // the new rows as codes
  const n = rows.length;
  const add: TRows = { field: new Int32Array(n), annotator: new Int32Array(n), segment: new Int32Array(n), translation: new Int32Array(n), mrw: new Int32Array(n), value: new Int32Array(n) };
  rows.forEach((r, j) => {
    add.field[j] = c.fields.add(r.field);
    add.annotator[j] = c.annotators.add(r.annotatorId);
    add.segment[j] = c.segments.add(r.segmentId);
    add.translation[j] = r.translationId === null ? -1 : c.translations.add(r.translationId);
    add.mrw[j] = r.mrwId === null ? -1 : c.mrws.add(r.mrwId);
    add.value[j] = c.values.addText(r.valueText, 0, r.valueText.length);
  });

  const total = c.length - dropped.length + n;
  const out: TAnnotationColumns = {
    ...c,
    length: total,
    field: new Int32Array(total),
    annotator: new Int32Array(total),
    segment: new Int32Array(total),
    translation: new Int32Array(total),
    mrw: new Int32Array(total),
    value: new Int32Array(total),
  };
  // field order: the dictionary is seeded with REPORT_ANNOTATION_FIELDS, so a field's code is its rank
  const F = Math.max(c.fields.size, REPORT_ANNOTATION_FIELDS.length);
  const newOf: number[][] = Array.from({ length: F }, () => []);
  for (let j = 0; j < n; j++) newOf[add.field[j]].push(j);
  let k = 0;
  const copyRun = (from: number, to: number) => {
    if (to <= from) return;
    for (const col of ROW_ARRAYS) out[col].set(c[col].subarray(from, to), k);
    k += to - from;
  };
  const putNew = (j: number) => {
    for (const col of ROW_ARRAYS) out[col][k] = add[col][j];
    k++;
  };
  // each field's block of kept rows, copied in runs between the dropped ones, then its new rows
  let i = 0;
  let d = 0;
  for (let f = 0; f < F; f++) {
    let end = i;
    while (end < c.length && c.field[end] === f) end++;
    let from = i;
    for (; d < dropped.length && dropped[d] < end; d++) {
      copyRun(from, dropped[d]);
      from = dropped[d] + 1;
    }
    copyRun(from, end);
    for (const j of newOf[f]) putNew(j);
    i = end;
  }
  if (k !== total) throw new Error(`report cache: patched ${k} of ${total} annotation rows`);
  return out;
}

/**
 * The fields of `keys` whose rows differ between `before` and `after` (columns before and after
 * `patchAnnotationColumns` applied those keys): a save that wrote a value again, or wrote back the
 * value it replaced, changes no field, so the parts computed from that field are kept
 * (lib/reports/field-versions.ts; the scheme report's values cache compares the same way). The rows
 * of each key are compared as multisets of values, so a row that the patch only moved within its
 * field's block counts as unchanged, as the scheme cache's comparison does. Only the rows of the
 * keys' segments are looked at (one pass over the segment column, as the patch itself does).
 *
 * Codes are compared, not ids and values: the patch shares the dictionaries (append-only), so
 * the same code is the same id or JSON text on both sides. Columns with other dictionaries
 * (not a patch of `before`) report every field of `keys` as changed.
 */
export function fieldsChangedAtKeys(before: TAnnotationColumns, after: TAnnotationColumns, keys: readonly TAnnotationKey[]): Set<string> {
  const out = new Set<string>();
  const shared = before.fields === after.fields && before.annotators === after.annotators && before.segments === after.segments && before.translations === after.translations && before.mrws === after.mrws && before.values === after.values;
  if (!shared) {
    for (const k of keys) out.add(k.field);
    return out;
  }
  // the keys as codes by segment (the after side's dictionaries hold every id of both sides);
  // a key naming an id the dictionaries do not know has no row on either side
  const bySegment = new Map<number, { a: number; t: number; m: number; f: number; i: number }[]>();
  const seen = new Set<string>();
  const fieldOfKey: string[] = [];
  for (const k of keys) {
    const id = `${k.annotatorId} ${k.segmentId} ${k.translationId ?? "-"} ${k.mrwId ?? "-"} ${k.field}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const codes = keyCodes(after, k);
    if (!codes) continue;
    const [a, s, t, m, f] = codes;
    const list = bySegment.get(s) ?? [];
    list.push({ a, t, m, f, i: fieldOfKey.push(k.field) - 1 });
    bySegment.set(s, list);
  }
  // (rows of other segments passed over with one load)
  const marked = new Uint8Array(after.segments.size);
  for (const s of bySegment.keys()) marked[s] = 1;
  // each key's value codes on one side, sorted
  const valuesOf = (c: TAnnotationColumns): number[][] => {
    const v: number[][] = fieldOfKey.map(() => []);
    for (let r = 0; r < c.length; r++) {
      if (marked[c.segment[r]] === 0) continue;
      const list = bySegment.get(c.segment[r])!;
      for (const k of list) if (k.a === c.annotator[r] && k.t === c.translation[r] && k.m === c.mrw[r] && k.f === c.field[r]) v[k.i].push(c.value[r]);
    }
    for (const x of v) x.sort((p, q) => p - q);
    return v;
  };
  const was = valuesOf(before);
  const now = valuesOf(after);
  for (let i = 0; i < fieldOfKey.length; i++) if (was[i].length !== now[i].length || was[i].some((x, j) => x !== now[i][j])) out.add(fieldOfKey[i]);
  return out;
}
