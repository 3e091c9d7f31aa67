/**
 * Dense integer view of the report rows, built once per report and shared by
 * every statistic (agreement figures, score tables, dashboard detail), so the
 * hot loops index typed arrays instead of concatenating string keys.
 *
 * - `IdDict`: string id → dense index, seeded with the order of the report's
 *   own lists (translation index i is `data.translations[i]`'s id, etc.);
 *   ids not in the lists (an annotation on a translation outside them) get
 *   indexes after them.
 * - `TAnnotationColumns`: the Annotation rows as columns of indexes.
 *   `getReportData` reads them packed from SQL and attaches them to the
 *   report data; `data.annotations` is then materialised only when someone
 *   asks for the row objects (the adjudication queue does, the dashboard does
 *   not). Hand-written data (tests) gets its columns built from the rows.
 * - `TReportIndex`: the columns plus per-translation, per-MRW and error-span
 *   lookups; `scopeIndexOf` adds the per-filter ones (memoised per scope).
 *
 * Pure: no database or framework imports.
 */
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import type { TReportAnnotation, TReportData, TReportFilter } from "./report-input";
import { scopeReportData, type TReportScope } from "./report-scope";

/** Annotation fields the reports read (MMTE values, alignments and the MetaHOPE "reviewed" marker). */
// TARGET_WORDS (issue 19) last: the codes of the fields before it are their positions, kept by stored report copies
export const REPORT_ANNOTATION_FIELDS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "EQUIVALENCE", "EMOTION", "AUTHENTICITY", "ALIGNMENT", "METAHOPE_ERRORS", "TARGET_WORDS"];

/** FNV-1a over the UTF-16 code units of s[start, end) (32-bit). */
function hashSlice(s: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Whether `s` holds `id` at `start` (the caller checked the length). Compares
 * from the end: ids made close together (cuids) share their leading
 * characters, so a mismatch shows at once; and a plain loop is several times
 * faster than `startsWith` with a position on a long string.
 */
export function sameAt(s: string, start: number, id: string): boolean {
  for (let i = id.length - 1; i >= 0; i--) if (s.charCodeAt(start + i) !== id.charCodeAt(i)) return false;
  return true;
}

/**
 * string id → dense index (insertion order). Besides the Map, an open-addressing
 * table over the ids' hashes lets `addSlice` find an id inside a larger string
 * without slicing it out first: a million report rows then allocate no
 * strings for the ids they repeat.
 */
export class IdDict {
  readonly ids: string[] = [];
  private readonly index = new Map<string, number>();
  /** slot → id index + 1 (0 = empty); size a power of two, at most half full */
  private table = new Int32Array(64);
  private lastId = "";
  private last = -1;

  constructor(seed?: Iterable<string>) {
    if (seed) for (const id of seed) this.add(id);
  }

  get size(): number {
    return this.ids.length;
  }

  add(id: string): number {
    let i = this.index.get(id);
    if (i === undefined) {
      i = this.ids.length;
      this.ids.push(id);
      this.index.set(id, i);
      this.insert(id, i);
    }
    return i;
  }

  get(id: string): number | undefined {
    return this.index.get(id);
  }

  private insert(id: string, i: number): void {
    if (2 * this.ids.length > this.table.length) {
      this.table = new Int32Array(this.table.length * 2);
      for (let k = 0; k < this.ids.length - 1; k++) this.place(this.ids[k], k);
    }
    this.place(id, i);
  }

  private place(id: string, i: number): void {
    const mask = this.table.length - 1;
    let slot = hashSlice(id, 0, id.length) & mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & mask;
    this.table[slot] = i + 1;
  }

  /** The id at s[start, end) with hash h (hashSlice's): found through the table, else added. */
  private findOrAdd(s: string, start: number, end: number, h: number): number {
    const len = end - start;
    const table = this.table;
    const mask = table.length - 1;
    let i = -1;
    for (let slot = h & mask; table[slot] !== 0; slot = (slot + 1) & mask) {
      const k = table[slot] - 1;
      if (this.ids[k].length === len && sameAt(s, start, this.ids[k])) {
        i = k;
        break;
      }
    }
    if (i < 0) i = this.add(s.slice(start, end));
    this.lastId = this.ids[i];
    this.last = i;
    return i;
  }

  /** Set by `scanTo`: where the id it read ends (the stop character's position). */
  end = 0;

  /**
   * Index of the id that starts at `p` and runs to the next `stop` character
   * (or the end of `s`), found in one pass that hashes as it looks for the
   * end; `this.end` is set to that end. Allocates only for an id not seen
   * before. The caller handles an empty id.
   */
  scanTo(s: string, p: number, stop: number): number {
    const last = this.lastId;
    if (this.last >= 0 && (p + last.length === s.length || s.charCodeAt(p + last.length) === stop) && sameAt(s, p, last)) {
      this.end = p + last.length;
      return this.last; // rows often come grouped
    }
    const ids = this.ids;
    if (ids.length <= 8) {
      // few ids (annotators): compare in place
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i];
        if ((p + id.length === s.length || s.charCodeAt(p + id.length) === stop) && sameAt(s, p, id)) {
          this.end = p + id.length;
          this.lastId = id;
          this.last = i;
          return i;
        }
      }
    }
    const n = s.length;
    let h = 0x811c9dc5;
    let e = p;
    for (; e < n; e++) {
      const c = s.charCodeAt(e);
      if (c === stop) break;
      h = Math.imul(h ^ c, 0x01000193);
    }
    this.end = e;
    return this.findOrAdd(s, p, e, h >>> 0);
  }

  /** Index of `s.slice(start, end)`; allocates only for an id not seen before. */
  addSlice(s: string, start: number, end: number): number {
    if (this.last >= 0 && end - start === this.lastId.length && sameAt(s, start, this.lastId)) return this.last; // rows often come grouped
    return this.findOrAdd(s, start, end, hashSlice(s, start, end));
  }
}

/** Marker for a JSON object/array value: never an agreement code; materialised from its text per row. */
const JSON_OBJECT: unknown = Object.freeze({ json: "object" });

/** Distinct annotation values → dense index. */
export class ValueDict {
  /** decoded value (objects: the JSON_OBJECT marker when they come as text) */
  readonly values: unknown[] = [];
  /** JSON text of object values read from SQL, parsed afresh for each materialised row */
  readonly objectText: (string | undefined)[] = [];
  /** JSON text of every value read from SQL (undefined for values added from memory), for persisting */
  readonly texts: (string | undefined)[] = [];
  private readonly byText = new Map<string, number>();
  private readonly byPrimitive = new Map<unknown, number>();
  private readonly digit = new Int32Array(10).fill(-1);
  /** the first texts seen (up to 17) and their indexes, for the in-place comparison of addText */
  private readonly textList: string[] = [];
  private readonly textIndex: number[] = [];

  /** From a JSON text (the SQL path). */
  addText(s: string, start: number, end: number): number {
    if (end - start === 1) {
      const d = s.charCodeAt(start) - 48;
      if (d >= 0 && d <= 9) {
        if (this.digit[d] < 0) this.digit[d] = this.addJson(String(d));
        return this.digit[d];
      }
    }
    // few distinct values (labels, Likert scores): compare in place, no slice
    const len = end - start;
    const few = this.textList.length <= 16;
    if (few) {
      for (let i = 0; i < this.textList.length; i++) {
        const t = this.textList[i];
        if (t.length === len && sameAt(s, start, t)) return this.textIndex[i];
      }
    }
    const text = s.slice(start, end);
    const i = this.addJson(text);
    if (few) {
      this.textList.push(text);
      this.textIndex.push(i);
    }
    return i;
  }

  private addJson(text: string): number {
    let i = this.byText.get(text);
    if (i === undefined) {
      const v: unknown = JSON.parse(text);
      i = this.values.length;
      this.texts.push(text);
      if (v !== null && typeof v === "object") {
        this.values.push(JSON_OBJECT);
        this.objectText.push(text);
      } else {
        this.values.push(v);
        this.objectText.push(undefined);
      }
      this.byText.set(text, i);
    }
    return i;
  }

  /** The dictionary of these JSON texts, in this order (the inverse of `texts` when all are set). */
  static fromTexts(texts: readonly string[]): ValueDict {
    const d = new ValueDict();
    for (const t of texts) d.addText(t, 0, t.length);
    if (d.values.length !== texts.length) throw new Error("ValueDict.fromTexts: repeated text");
    return d;
  }

  /** From a value in memory (hand-written rows): primitives shared, every object its own entry. */
  addValue(v: unknown): number {
    const primitive = v === null || (typeof v !== "object" && typeof v !== "function");
    if (primitive) {
      const hit = this.byPrimitive.get(v);
      if (hit !== undefined) return hit;
    }
    const i = this.values.length;
    this.values.push(v);
    this.objectText.push(undefined);
    this.texts.push(undefined);
    if (primitive) this.byPrimitive.set(v, i);
    return i;
  }

  /** The value of a row, as the row object would hold it. */
  materialise(i: number): unknown {
    const text = this.objectText[i];
    return text === undefined ? this.values[i] : JSON.parse(text);
  }

  /** The value for statistics: objects read from SQL are an opaque non-code marker. */
  at(i: number): unknown {
    return this.values[i];
  }
}

/** The Annotation rows as columns (indexes into the dictionaries; -1 = null). */
export interface TAnnotationColumns {
  length: number;
  field: Int32Array;
  annotator: Int32Array;
  segment: Int32Array;
  translation: Int32Array;
  mrw: Int32Array;
  value: Int32Array;
  fields: IdDict;
  annotators: IdDict;
  segments: IdDict;
  translations: IdDict;
  mrws: IdDict;
  values: ValueDict;
}

/** Empty columns with dictionaries seeded from the report's lists (same order as the lists). */
export function emptyAnnotationColumns(data: Pick<TReportData, "segments" | "translations" | "mrws">, capacity: number): TAnnotationColumns {
  return {
    length: 0,
    field: new Int32Array(capacity),
    annotator: new Int32Array(capacity),
    segment: new Int32Array(capacity),
    translation: new Int32Array(capacity),
    mrw: new Int32Array(capacity),
    value: new Int32Array(capacity),
    fields: new IdDict(REPORT_ANNOTATION_FIELDS),
    annotators: new IdDict(),
    segments: new IdDict(data.segments.map((s) => s.id)),
    translations: new IdDict(data.translations.map((t) => t.id)),
    mrws: new IdDict(data.mrws.map((m) => m.id)),
    values: new ValueDict(),
  };
}

function columnsFromRows(data: TReportData): TAnnotationColumns {
  const rows = data.annotations;
  const c = emptyAnnotationColumns(data, rows.length);
  for (let i = 0; i < rows.length; i++) {
    const a = rows[i];
    c.field[i] = c.fields.add(a.field);
    c.annotator[i] = c.annotators.add(a.annotatorId);
    c.segment[i] = c.segments.add(a.segmentId);
    c.translation[i] = a.translationId === null || a.translationId === undefined ? -1 : c.translations.add(a.translationId);
    c.mrw[i] = a.mrwId === null || a.mrwId === undefined ? -1 : c.mrws.add(a.mrwId);
    c.value[i] = c.values.addValue(a.value);
  }
  c.length = rows.length;
  return c;
}

function materialiseAnnotations(c: TAnnotationColumns): TReportAnnotation[] {
  const out = new Array<TReportAnnotation>(c.length);
  for (let i = 0; i < c.length; i++) {
    const t = c.translation[i];
    const m = c.mrw[i];
    out[i] = {
      annotatorId: c.annotators.ids[c.annotator[i]],
      segmentId: c.segments.ids[c.segment[i]],
      translationId: t < 0 ? null : c.translations.ids[t],
      mrwId: m < 0 ? null : c.mrws.ids[m],
      field: c.fields.ids[c.field[i]],
      value: c.values.materialise(c.value[i]),
    };
  }
  return out;
}

const COLUMNS = Symbol("annotationColumns");
type WithColumns = TReportData & { [COLUMNS]?: TAnnotationColumns };

/**
 * Report data whose `annotations` are the given columns: the row objects are
 * built on first access (and the columns dropped then, since the caller may
 * change the array); assigning `annotations` replaces them.
 */
export function withAnnotationColumns(data: Omit<TReportData, "annotations">, cols: TAnnotationColumns): TReportData {
  const out = data as WithColumns;
  let rows: TReportAnnotation[] | undefined;
  Object.defineProperty(out, COLUMNS, { value: cols, enumerable: false, configurable: true, writable: true });
  Object.defineProperty(out, "annotations", {
    enumerable: true,
    configurable: true,
    get() {
      if (!rows) {
        rows = materialiseAnnotations(out[COLUMNS] ?? cols);
        out[COLUMNS] = undefined;
      }
      return rows;
    },
    set(v: TReportAnnotation[]) {
      rows = v;
      out[COLUMNS] = undefined;
    },
  });
  return out;
}

/** The annotation columns of the data: the attached ones, else built from the rows. */
export function annotationColumns(data: TReportData): TAnnotationColumns {
  return (data as WithColumns)[COLUMNS] ?? columnsFromRows(data);
}

/** One non-deleted error span, as indexes. */
export interface TSpanColumns {
  length: number;
  annotator: Int32Array;
  translation: Int32Array;
  /** -1 = sentence level */
  mrw: Int32Array;
  /** index in `categoryNames` */
  category: Int32Array;
  /** the spans' categories: METAHOPE_CATEGORY_ORDER (same indexes), then any other in order of first use (a variant's, scheme runtime) */
  categoryNames: string[];
  penalty: Float64Array;
}

export interface TReportIndex {
  data: TReportData;
  cols: TAnnotationColumns;
  spans: TSpanColumns;
  /** per translation index: segment index, -1 unknown */
  tSegment: Int32Array;
  /** per MRW index: segment index (-1 unknown) and active flag (MRWs not in data.mrws: -2 / 0) */
  mSegment: Int32Array;
  mActive: Uint8Array;
  /** memoised per-scope lookups */
  scopes: Map<TReportScope, TScopeIndex>;
  /** memoised results of the callers, by key (e.g. MetaHOPE cells per scope) */
  memo: Map<unknown, unknown>;
}

/** Builds the dense view of the report (once per report: pass it along). */
export function buildReportIndex(data: TReportData): TReportIndex {
  const cols = annotationColumns(data);
  const n = data.errorSpans.length;
  const spans: TSpanColumns = {
    length: n,
    annotator: new Int32Array(n),
    translation: new Int32Array(n),
    mrw: new Int32Array(n),
    category: new Int32Array(n),
    categoryNames: [...METAHOPE_CATEGORY_ORDER],
    penalty: new Float64Array(n),
  };
  const catIndex = new Map<string, number>(METAHOPE_CATEGORY_ORDER.map((c, i) => [c, i]));
  for (let i = 0; i < n; i++) {
    const e = data.errorSpans[i];
    spans.annotator[i] = cols.annotators.add(e.annotatorId);
    spans.translation[i] = cols.translations.add(e.translationId);
    spans.mrw[i] = e.mrwId === null ? -1 : cols.mrws.add(e.mrwId);
    let c = catIndex.get(e.category);
    if (c === undefined) catIndex.set(e.category, (c = spans.categoryNames.push(e.category) - 1));
    spans.category[i] = c;
    spans.penalty[i] = e.penalty;
  }
  const tSegment = new Int32Array(cols.translations.size).fill(-1);
  for (const t of data.translations) tSegment[cols.translations.get(t.id)!] = cols.segments.add(t.segmentId);
  const mSegment = new Int32Array(cols.mrws.size).fill(-2);
  const mActive = new Uint8Array(cols.mrws.size);
  for (const m of data.mrws) {
    const i = cols.mrws.get(m.id)!;
    mSegment[i] = cols.segments.add(m.segmentId);
    mActive[i] = m.active ? 1 : 0;
  }
  return { data, cols, spans, tSegment, mSegment, mActive, scopes: new Map(), memo: new Map() };
}

/** `scopeReportData` of the index's data, memoised per filter (so every report of one page shares one scope). */
export function scopeOf(ix: TReportIndex, filter: TReportFilter = {}): TReportScope {
  const key = `scope|${JSON.stringify([filter.split ?? null, filter.systems?.length ? filter.systems : null, filter.language ?? null])}`;
  let scope = ix.memo.get(key) as TReportScope | undefined;
  if (!scope) ix.memo.set(key, (scope = scopeReportData(ix.data, filter)));
  return scope;
}

/** Per-scope lookups over the dense indexes. */
export interface TScopeIndex {
  scope: TReportScope;
  /** per translation index: index in scope.systems, -1 = not in the scope */
  tSystem: Int32Array;
  /** translation indexes of scope.translations, in that order */
  translations: Int32Array;
  /** per segment index: position in scope.segments, -1 = not in the scope */
  segmentOrder: Int32Array;
  /** per segment index: its active MRWs (MRW indexes, in data.mrws order); only segments in the scope */
  activeMrws: (Int32Array | undefined)[];
  /** per MRW index: position among its segment's active MRWs, -1 = not an active MRW of a segment in the scope */
  mrwPosition: Int32Array;
}

export function scopeIndexOf(ix: TReportIndex, scope: TReportScope): TScopeIndex {
  const hit = ix.scopes.get(scope);
  if (hit) return hit;
  const { cols } = ix;
  const sysIndex = new Map(scope.systems.map((s, i) => [s.id, i]));
  const tSystem = new Int32Array(cols.translations.size).fill(-1);
  const translations = new Int32Array(scope.translations.length);
  scope.translations.forEach((t, i) => (translations[i] = cols.translations.get(t.id)!));
  // translationById semantics: the last translation with an id wins
  for (const t of scope.translationById.values()) tSystem[cols.translations.get(t.id)!] = sysIndex.get(t.systemId) ?? -1;
  const segmentOrder = new Int32Array(cols.segments.size).fill(-1);
  let k = 0;
  for (const id of scope.segments.keys()) segmentOrder[cols.segments.get(id)!] = k++;
  const activeMrws: (Int32Array | undefined)[] = new Array(cols.segments.size);
  const mrwPosition = new Int32Array(cols.mrws.size).fill(-1);
  for (const [segmentId, list] of scope.activeMrwsBySegment) {
    const arr = new Int32Array(list.length);
    list.forEach((m, i) => {
      arr[i] = cols.mrws.get(m.id)!;
      mrwPosition[arr[i]] = i;
    });
    activeMrws[cols.segments.get(segmentId)!] = arr;
  }
  const out = { scope, tSystem, translations, segmentOrder, activeMrws, mrwPosition };
  ix.scopes.set(scope, out);
  return out;
}
