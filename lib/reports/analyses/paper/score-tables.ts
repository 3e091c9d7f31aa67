/**
 * The score tables of a project from its report rows: MetaHOPE tables 5–6
 * (penalties per category, SEGS, per sentence, per metaphor, Ratio M/S) and
 * MMTE table 3 with figures 3–5 (mean quality per system × group, BLEU-1/4 and
 * ROUGE-L against the gold references, equivalence distribution, correlation
 * between the quality dimensions, emotion × equivalence co-occurrence).
 *
 * Value of an item (a cell, a field of a translation or of an MRW):
 * - with `annotator`: that annotator's raw value (adjudications ignored);
 * - else the adjudicated value when there is one and `useAdjudications`;
 * - else the annotators' raw values combined with `aggregation` (mean or
 *   majority; labels always by majority, an unresolved tie leaves the item
 *   without a value). `source` reports how many items came from each.
 */
import { raterLabel } from "@/lib/import/imported-annotator";
import { aggregate, type TAggregate } from "@/lib/scoring/aggregate";
import {
  emotionEquivalenceCooccurrence,
  equivalenceDistribution,
  mmteAutomaticTable,
  mmteGroupsOf,
  mmteQualityTable,
  qualityCorrelationMatrix,
  type TCorrelationMatrix,
  type TEmotionEquivalenceMatrix,
  type TEquivalenceDistribution,
  type TMmteAutomaticRow,
  type TMmteMrwValues,
  type TMmteQualityRow,
  type TMmteTranslationValues,
} from "@/lib/scoring/mmte-scores";
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import type { TEmotionLabel, TEquivalenceLabel } from "@/lib/schemes/presets/paper-codes";
import type { Code } from "@/lib/agreement";
import { METAHOPE_ADJUDICATION_FIELDS, type TReportAdjudication, type TReportData } from "../../report-input";
import { cellKey, metahopeCellsOf } from "./metahope-cells";
import { metahopePenaltyTable, type TMetahopeCell, type TMetahopePenaltyRow } from "./metahope-score-table";
import { mmteCategories, mmteCode, mmteCodesOf } from "./mmte-ratings";
import { buildReportIndex, scopeIndexOf, scopeOf, type TReportIndex, type TScopeIndex } from "../../report-index";
import { ZScoreOptions, type TScoreOptions, type TScoreOptionsParsed } from "../../score-options";
import { metricColumns, type TMetricColumns } from "@/lib/scoring/metric-columns";
import { computeEachTime, type TKeepPart } from "./keep-part";

/** Imported automatic metric scores (issue 19 point 2): translation id → metric → value, and the metric names in order. */
export interface TMetricScoreInput {
  metrics: readonly string[];
  byTranslation: ReadonlyMap<string, Readonly<Record<string, number>>>;
}

export interface TValueSourceCount {
  adjudicated: number;
  raw: number;
  /** items where nobody gave a value, or a nominal tie */
  missing: number;
}

export interface TScoreTables {
  options: TScoreOptionsParsed;
  /** plain-language statement of where the values come from, shown on the page */
  sourceDescription: string;
  metahope: { rows: TMetahopePenaltyRow[]; source: TValueSourceCount } | null;
  mmte: {
    quality: TMmteQualityRow[];
    /** null until gold references exist */
    automatic: TMmteAutomaticRow[] | null;
    goldReferences: number;
    equivalence: TEquivalenceDistribution[];
    correlation: TCorrelationMatrix;
    emotionEquivalence: TEmotionEquivalenceMatrix;
    source: TValueSourceCount;
  } | null;
  /**
   * Imported metric columns beside the human criteria, with their correlations (only when the
   * project has metric scores: absent, not null, so reports of projects without them are unchanged).
   */
  metrics?: TMetricColumns;
}

const MMTE_TRANSLATION_FIELDS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"] as const;
const MMTE_MRW_VALUE_FIELDS = ["EQUIVALENCE", "EMOTION", "AUTHENTICITY"] as const;
const LIKERT_ORDER = [1, 2, 3, 4, 5];
/** 64^i: a count vector of up to 63 values over up to 8 categories as one exact number */
const POW64 = Array.from({ length: 9 }, (_, i) => 64 ** i);

export function computeScoreTables(data: TReportData, optsIn: TScoreOptions = {}, metricScores?: TMetricScoreInput): TScoreTables {
  return computeScoreTablesOf(buildReportIndex(data), optsIn, metricScores);
}

/** The score tables over a report index (see report-index.ts), so the dashboard shares it with the figures. */
/**
 * `onMmteRecords` receives the MMTE records the tables were computed from (one per translation of
 * the scope, values aggregated over annotators): figures 6 and 7 are computed from the same values.
 */
export function computeScoreTablesOf(
  ix: TReportIndex,
  optsIn: TScoreOptions = {},
  metricScores?: TMetricScoreInput,
  onMmteRecords?: (records: readonly TMmteTranslationValues[]) => void,
  keep: TKeepPart = computeEachTime,
): TScoreTables {
  const data = ix.data;
  const options = ZScoreOptions.parse(optsIn);
  const scope = scopeOf(ix, options);
  const sx = scopeIndexOf(ix, scope);
  const wantedEmail = options.annotator?.trim().toLowerCase();
  // an unknown email selects nobody (empty tables), never everyone
  const annotatorId = wantedEmail ? (data.annotators.find((a) => a.email.toLowerCase() === wantedEmail)?.id ?? "\u0000none") : undefined;
  const adjudications = options.useAdjudications && !annotatorId ? data.adjudications : [];
  // each kept per version of the fields it reads (keep-part.ts); adjudications and lists are in every field's version
  const metahope = keep(["METAHOPE_ERRORS"], ["metahope-scores", options, annotatorId ?? null], () => ({ scores: metahopeScores(ix, sx, options, annotatorId, adjudications) })).scores;
  const kept = keep(MMTE_VALUE_FIELDS, ["mmte-scores", options, annotatorId ?? null], () => {
    let r: TMmteRecord[] | null = null;
    const scores = mmteScores(ix, sx, itemSlots(ix, sx), options, annotatorId, adjudications, (x) => (r = x), keep);
    return { scores, records: r as TMmteRecord[] | null };
  });
  const mmte = kept.scores;
  const records = kept.records;
  const tables: TScoreTables = { options, sourceDescription: describe(options, metahope?.source, mmte?.source), metahope, mmte };
  if (records) onMmteRecords?.(records);
  if (metricScores && metricScores.metrics.length > 0) {
    // before any human value, the translations still group by the source's metaphoricity
    tables.metrics = metricColumns(records ?? unratedRecords(sx), metricScores.byTranslation, metricScores.metrics);
  }
  return tables;
}

type TMmteRecord = TMmteTranslationValues & { translationId: string };

/** The scope's translations without human values, in scope order (metric columns of an unrated project). */
function unratedRecords(sx: TScopeIndex): TMmteRecord[] {
  const scope = sx.scope;
  const out: TMmteRecord[] = [];
  for (const tr of scope.translations) {
    const seg = scope.segments.get(tr.segmentId)!;
    const mrws = (scope.activeMrwsBySegment.get(tr.segmentId) ?? []).map((m) => ({ mrwId: m.id, metaphorical: m.metaphorical }));
    out.push({ translationId: tr.id, system: scope.systemNameById.get(tr.systemId)!, segmentId: tr.segmentId, sourceMetaphorical: seg.metaphorical, mrws });
  }
  return out;
}

function describe(o: TScoreOptionsParsed, m?: TValueSourceCount, q?: TValueSourceCount): string {
  if (o.annotator) return `Raw values of annotator ${raterLabel(o.annotator)} only (adjudications not used).`;
  const adj = (m?.adjudicated ?? 0) + (q?.adjudicated ?? 0);
  const raw = (m?.raw ?? 0) + (q?.raw ?? 0);
  const agg = o.aggregation === "mean" ? "mean of the annotators (labels: majority)" : "majority of the annotators (ties on a Likert scale: lower median)";
  if (!o.useAdjudications) return `Raw annotations only, ${agg}; adjudications ignored.`;
  if (adj === 0) return `No adjudicated values yet: raw annotations, ${agg}.`;
  if (raw === 0) return `Adjudicated values for every item (${adj}).`;
  return `Adjudicated values for ${adj} items; raw annotations (${agg}) for the other ${raw}.`;
}

/**
 * Dense numbering of the items of the scope: translation index t has slots
 * base[t] (the translation itself) and base[t] + 1 + i (its segment's i-th active MRW).
 */
interface TItemSlots {
  base: Int32Array;
  count: number;
  /** slot of (translation, MRW or -1), or -1 when that is no item of the scope */
  of(t: number, m: number): number;
}

function itemSlots(ix: TReportIndex, sx: TScopeIndex): TItemSlots {
  const base = new Int32Array(ix.cols.translations.size).fill(-1);
  let count = 0;
  for (const t of sx.translations) {
    if (base[t] >= 0) continue;
    base[t] = count;
    count += 1 + (sx.activeMrws[ix.tSegment[t]]?.length ?? 0);
  }
  return {
    base,
    count,
    of: (t, m) => {
      if (t < 0 || base[t] < 0 || sx.tSystem[t] < 0) return -1;
      if (m < 0) return base[t];
      if (sx.mrwPosition[m] < 0 || ix.mSegment[m] !== ix.tSegment[t]) return -1;
      return base[t] + 1 + sx.mrwPosition[m];
    },
  };
}

function metahopeScores(ix: TReportIndex, sx: TScopeIndex, o: TScoreOptionsParsed, annotatorId: string | undefined, adjudications: readonly TReportAdjudication[]) {
  const { cols } = ix;
  const markerField = cols.fields.get("METAHOPE_ERRORS");
  let markers = false;
  if (markerField !== undefined) for (let i = 0; i < cols.length && !markers; i++) markers = cols.field[i] === markerField;
  const fieldCategory = new Map<string, number>(METAHOPE_CATEGORY_ORDER.map((c, i) => [METAHOPE_ADJUDICATION_FIELDS[c], i]));
  if (ix.spans.length === 0 && !markers && !adjudications.some((a) => `${a.translationId ?? "-"}|${a.mrwId ?? "-"}|${a.field}`.includes("|METAHOPE_"))) return null;
  const cells = metahopeCellsOf(ix, sx, o.metahopeCategories);
  const { categories } = cells;
  // adjudicated values by cell (the last decision of a cell wins, as in a map); decisions are per
  // paper category (METAHOPE_IMP …): a category a variant adds has none, its raw values count
  const adj = new Map<number, unknown>();
  for (const a of adjudications) {
    const c = fieldCategory.get(a.field);
    const t = a.translationId === null ? undefined : cols.translations.get(a.translationId);
    if (c === undefined || t === undefined || sx.tSystem[t] < 0) continue;
    let slot = 0;
    if (a.mrwId !== null) {
      const m = cols.mrws.get(a.mrwId);
      if (m === undefined || sx.mrwPosition[m] < 0 || ix.mSegment[m] !== ix.tSegment[t]) continue;
      slot = sx.mrwPosition[m] + 1;
    }
    adj.set(cellKey(cells, t, slot, c), a.value);
  }
  const annotatorPosition = annotatorId === undefined ? -1 : cells.coverage.annotators.indexOf(annotatorId);
  const source: TValueSourceCount = { adjudicated: 0, raw: 0, missing: 0 };
  const out: TMetahopeCell[] = [];
  const sizes = sx.scope.systems.map((s) => ({ system: s.name, sentences: 0, mrwInstances: 0 }));
  // the aggregate of reviewers who all marked nothing, per number of reviewers
  const zeros = new Map<number, TAggregate<number>>();
  const combine = (vals: number[]) =>
    o.aggregation === "mean" ? aggregate(vals, "mean") : aggregate(vals, "majority", { order: [...new Set(vals)].sort((x, y) => x - y) });
  const zerosOf = (reviewers: number) => {
    let z = zeros.get(reviewers);
    if (!z) zeros.set(reviewers, (z = combine(new Array<number>(reviewers).fill(0))));
    return z;
  };
  // translations with an error span or a decision in some cell; every other translation's cells
  // all take the reviewers' aggregate of zeros, counted at once below
  const busy = new Uint8Array(cols.translations.size);
  const perTranslation = cells.slots * categories.length;
  // `source` counts the paper's five categories' cells: a variant's categories beside them (never
  // decided, see above) leave the description of the values as it is for the paper's tables
  const PAPER = METAHOPE_CATEGORY_ORDER.length;
  const uncounted: TValueSourceCount = { adjudicated: 0, raw: 0, missing: 0 };
  for (const k of cells.sums.keys()) busy[Math.floor(k / perTranslation)] = 1;
  for (const k of adj.keys()) busy[Math.floor(k / perTranslation)] = 1;
  for (const t of sx.translations) {
    const sys = sx.tSystem[t];
    const size = sizes[sys];
    const system = size.system;
    const nMrws = sx.activeMrws[ix.tSegment[t]]?.length ?? 0;
    size.sentences++;
    size.mrwInstances += nMrws;
    const reviewers = cells.coverage.reviewerPositions(t);
    if (busy[t] === 0) {
      if (annotatorId) continue; // that annotator's penalties here are all 0
      const z = zerosOf(reviewers.length);
      const n = (nMrws + 1) * PAPER;
      if (!z.defined) source.missing += n;
      else {
        source.raw += n;
        if (z.value !== 0) {
          for (let slot = 0; slot <= nMrws; slot++) for (const category of categories) out.push({ system, mrw: slot > 0, category, penalty: z.value });
        }
      }
      continue;
    }
    for (let slot = 0; slot <= nMrws; slot++) {
      for (let c = 0; c < categories.length; c++) {
        const k = cellKey(cells, t, slot, c);
        const counts = c < PAPER ? source : uncounted;
        let penalty: number | null = null;
        if (annotatorId) {
          penalty = annotatorPosition < 0 ? 0 : (cells.sums.get(k)?.[annotatorPosition] ?? 0);
        } else {
          const a = adj.size ? adj.get(k) : undefined;
          if (typeof a === "number") {
            penalty = a;
            counts.adjudicated++;
          } else {
            const by = cells.sums.get(k);
            let r: TAggregate<number>;
            if (by) {
              r = combine(Array.from(reviewers, (p) => by[p]));
            } else {
              r = zerosOf(reviewers.length);
            }
            if (r.defined) {
              penalty = r.value;
              counts.raw++;
            } else counts.missing++;
          }
        }
        if (penalty !== null && penalty !== 0) out.push({ system, mrw: slot > 0, category: categories[c], penalty });
      }
    }
  }
  const sizeList = sizes.map((s) => (o.sentences ? { ...s, sentences: o.sentences } : s));
  return { rows: metahopePenaltyTable(out, sizeList, { epsScope: o.epsScope, categories }), source };
}

type TMmteValueField = (typeof MMTE_TRANSLATION_FIELDS)[number] | (typeof MMTE_MRW_VALUE_FIELDS)[number];
const MMTE_VALUE_FIELDS: readonly TMmteValueField[] = [...MMTE_TRANSLATION_FIELDS, ...MMTE_MRW_VALUE_FIELDS];

type TLabelPair = [equivalence: Code | null, emotion: Code | null];

/** Each annotator's (equivalence, emotion) labels per MRW item slot, from the rows `keys` placed (key = field × NS + slot). */
function annotatorLabelsBySlot(cols: TReportIndex["cols"], keys: Int32Array, codes: (Code | null)[][], EQU: number, EMO: number, NS: number): Map<number, Map<number, TLabelPair>> {
  const out = new Map<number, Map<number, TLabelPair>>();
  const lo = Math.min(EQU, EMO) * NS;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (k < lo) continue;
    const f = Math.floor(k / NS);
    if (f !== EQU && f !== EMO) continue;
    const code = codes[f][cols.value[i]];
    if (code === null) continue;
    const slot = k - f * NS;
    let bySlot = out.get(slot);
    if (!bySlot) out.set(slot, (bySlot = new Map()));
    let pair = bySlot.get(cols.annotator[i]);
    if (!pair) bySlot.set(cols.annotator[i], (pair = [null, null]));
    pair[f === EQU ? 0 : 1] = code;
  }
  return out;
}

/** Records grouped by system in the scope's system order (figure 3 lists systems in first-seen order). */
function orderedBySystem<T extends { system: string }>(records: T[], systems: string[]): T[] {
  const rank = new Map(systems.map((s, i) => [s, i]));
  return records.map((r, i) => [r, i] as const).sort((a, b) => (rank.get(a[0].system) ?? 0) - (rank.get(b[0].system) ?? 0) || a[1] - b[1]).map(([r]) => r);
}

function mmteScores(
  ix: TReportIndex,
  sx: TScopeIndex,
  slots: TItemSlots,
  o: TScoreOptionsParsed,
  annotatorId: string | undefined,
  adjudications: readonly TReportAdjudication[],
  /** receives the per-translation values the tables are computed from (for the metric columns) */
  onRecords?: (records: TMmteRecord[]) => void,
  keep: TKeepPart = computeEachTime,
) {
  const { cols } = ix;
  const scope = sx.scope;
  const NS = slots.count;
  const fieldOf = new Int32Array(cols.fields.size).fill(-1);
  MMTE_VALUE_FIELDS.forEach((f, i) => {
    const fi = cols.fields.get(f);
    if (fi !== undefined) fieldOf[fi] = i;
  });
  const annotator = annotatorId === undefined ? -1 : (cols.annotators.get(annotatorId) ?? -2);
  const { field: rowField, translation: rowT, mrw: rowM, annotator: rowA } = cols;
  const { tSystem, mrwPosition } = sx;
  const { tSegment, mSegment } = ix;
  const base = slots.base;
  /**
   * Each row's key, field × NS + item slot (-1: in the scope but no item of it, -2: not counted),
   * and per field whether any of its rows is in the scope. One pass over the rows (about a million
   * on a large project), slots.of written out; made once, when a part not kept needs it (each
   * field's values, figures 3 and 5), so a save of one field makes one pass, not one per field.
   */
  let rowKeysOnce: { keys: Int32Array; any: boolean[] } | undefined;
  const rowKeys = () => {
    if (rowKeysOnce) return rowKeysOnce;
    const keys = new Int32Array(cols.length);
    const any = MMTE_VALUE_FIELDS.map(() => false);
    for (let i = 0; i < cols.length; i++) {
      const f = fieldOf[rowField[i]];
      const t = rowT[i];
      if (f < 0 || t < 0 || tSystem[t] < 0 || (annotator !== -1 && rowA[i] !== annotator)) {
        keys[i] = -2;
        continue;
      }
      any[f] = true;
      const m = rowM[i];
      const b = base[t];
      let slot = -1;
      if (b >= 0) {
        if (m < 0) slot = b;
        else if (mrwPosition[m] >= 0 && mSegment[m] === tSegment[t]) slot = b + 1 + mrwPosition[m];
      }
      keys[i] = slot < 0 ? -1 : f * NS + slot;
    }
    return (rowKeysOnce = { keys, any });
  };

  const adj = new Map<number, unknown>();
  let anyAdj = false;
  for (const a of adjudications) {
    const f = (MMTE_VALUE_FIELDS as readonly string[]).indexOf(a.field);
    if (f < 0) continue;
    anyAdj = true;
    const t = a.translationId === null ? undefined : cols.translations.get(a.translationId);
    const m = a.mrwId === null ? -1 : cols.mrws.get(a.mrwId);
    if (t === undefined || m === undefined) continue;
    const slot = slots.of(t, m);
    if (slot >= 0) adj.set(f * NS + slot, a.value);
  }

  // a variant's extra labels (scheme runtime): codes of their own, shown in figures 3 and 5
  const extra = ix.data.mmteExtraLabels ?? {};
  const extraOf = (f: TMmteValueField): readonly string[] =>
    f === "EQUIVALENCE" ? [...(extra.metaphorical ?? []), ...(extra.literal ?? []).filter((l) => !extra.metaphorical?.includes(l))] : f === "EMOTION" ? (extra.emotion ?? []) : [];
  const codeOf = (f: TMmteValueField, v: unknown): Code | null => mmteCode(f, v) ?? (typeof v === "string" && extraOf(f).includes(v) ? v : null);
  const codes = MMTE_VALUE_FIELDS.map((f) => mmteCodesOf(ix, f, extraOf(f)));
  // per field and value-dictionary entry: the code's category index when the aggregate can be
  // memoised on it (-1: not a category, or a non-integer number, whose mean depends on order)
  const memoCategory = MMTE_VALUE_FIELDS.map((f, fi) => {
    const index = new Map<Code, number>([...mmteCategories(f), ...extraOf(f)].map((c, i) => [c, i]));
    // (a count vector keys the memo for up to 8 categories: beyond, with a variant's labels, no memo)
    const category = (c: Code) => {
      const i = index.get(c) ?? -1;
      return i < POW64.length - 1 ? i : -1;
    };
    return Int32Array.from(codes[fi], (c) => (c === null || (typeof c === "number" && !Number.isInteger(c)) ? -1 : category(c)));
  });
  const combine = (field: TMmteValueField, vals: Code[]): TAggregate<Code> => {
    const nominal = field === "EQUIVALENCE" || field === "EMOTION";
    return nominal
      ? aggregate(vals as string[], "majority")
      : o.aggregation === "mean"
        ? aggregate(vals as number[], "mean")
        : aggregate(vals as number[], "majority", { order: LIKERT_ORDER });
  };
  const fi = (f: TMmteValueField) => MMTE_VALUE_FIELDS.indexOf(f);
  const [FLU, INT, FID, OVE, EQU, EMO, AUT] = [fi("FLUENCY"), fi("INTELLIGIBILITY"), fi("FIDELITY"), fi("OVERALL"), fi("EQUIVALENCE"), fi("EMOTION"), fi("AUTHENTICITY")];
  /**
   * One field's values of the scope's items, in the order the records below read them (per
   * translation of the scope; for the MRW fields, per active MRW of each), with the count of
   * where they came from. A field's values depend on its own rows alone (and on the adjudications
   * and lists, in every field's version): each field's are kept apart (keep-part.ts), so a save of
   * one quality score aggregates that field's items again, not every field's.
   */
  const fieldValues = (f: number): { values: (Code | null)[]; any: boolean; source: TValueSourceCount } => {
    const field = MMTE_VALUE_FIELDS[f];
    // raw values per item slot, in row order (compressed rows: start[slot]..start[slot + 1])
    const { keys, any: anyOf } = rowKeys();
    const any = anyOf[f];
    const start = new Int32Array(NS + 1);
    const lo = f * NS;
    const hi = lo + NS;
    for (let i = 0; i < cols.length; i++) if (keys[i] >= lo && keys[i] < hi) start[keys[i] - lo + 1]++;
    for (let k = 0; k < NS; k++) start[k + 1] += start[k];
    const fill = start.slice(0, NS);
    const rawValues = new Int32Array(start[NS]);
    for (let i = 0; i < cols.length; i++) if (keys[i] >= lo && keys[i] < hi) rawValues[fill[keys[i] - lo]++] = cols.value[i];
    const source: TValueSourceCount = { adjudicated: 0, raw: 0, missing: 0 };
    // aggregates depend only on how often each code was given: memoised by that count vector
    const memo = new Map<number, TAggregate<Code>>();
    const fieldCodes = codes[f];
    const fieldCategory = memoCategory[f];
    const vals: Code[] = [];
    const valueOf = (slot: number): Code | null => {
      const a = adj.size ? adj.get(lo + slot) : undefined;
      if (a !== undefined && codeOf(field, a) !== null) {
        source.adjudicated++;
        return codeOf(field, a);
      }
      vals.length = 0;
      let key = 0;
      let memoable = true;
      for (let j = start[slot]; j < start[slot + 1]; j++) {
        const c = fieldCodes[rawValues[j]];
        if (c === null) continue;
        vals.push(c);
        // a mean of integers does not depend on their order; of other numbers it may
        const ci = fieldCategory[rawValues[j]];
        if (ci < 0) memoable = false;
        else key += POW64[ci];
      }
      if (vals.length === 0) return null;
      let r = memoable && vals.length < 64 ? memo.get(key) : undefined;
      if (!r) {
        r = combine(field, vals);
        if (memoable && vals.length < 64) memo.set(key, r);
      }
      if (!r.defined) {
        source.missing++;
        return null;
      }
      source.raw++;
      return r.value;
    };
    const values: (Code | null)[] = [];
    const perMrw = f === EQU || f === EMO || f === AUT;
    for (let ti = 0; ti < sx.translations.length; ti++) {
      const b = slots.base[sx.translations[ti]];
      if (!perMrw) values.push(valueOf(b));
      else {
        const n = scope.activeMrwsBySegment.get(scope.translations[ti].segmentId)?.length ?? 0;
        for (let i = 0; i < n; i++) values.push(valueOf(b + 1 + i));
      }
    }
    return { values, any, source };
  };
  const byField = MMTE_VALUE_FIELDS.map((field, f) => keep([field], ["mmte-field-values", field, o, annotatorId ?? null], () => fieldValues(f)));
  if (!byField.some((x) => x.any) && !anyAdj) return null;
  // (each field's counts summed: the same numbers as counted item by item)
  const source: TValueSourceCount = { adjudicated: 0, raw: 0, missing: 0 };
  for (const x of byField) {
    source.adjudicated += x.source.adjudicated;
    source.raw += x.source.raw;
    source.missing += x.source.missing;
  }
  const adjCode = (f: number, slot: number): Code | null => {
    const a = adj.size ? adj.get(f * NS + slot) : undefined;
    return a === undefined ? null : codeOf(MMTE_VALUE_FIELDS[f], a);
  };
  // Figures 3 and 5 count the annotators' labels ("equivalence distributions … from annotators",
  // MMTE fig. 3), one per annotator and MRW instance, so that two annotators who disagree still
  // count (a majority of a tie is undefined: the figures used to show "no labels" then). An
  // adjudicated value replaces every annotator's label of its instance, keeping the weights.
  // They read EQUIVALENCE and EMOTION alone: kept apart (keep-part.ts), so a save of a quality
  // score does not count them again.
  const labelFigures = keep(["EQUIVALENCE", "EMOTION"], ["mmte-label-figures", o, annotatorId ?? null], () => {
    const labelsAt = annotatorLabelsBySlot(cols, rowKeys().keys, codes, EQU, EMO, NS);
    const labelRecords: TMmteTranslationValues[] = [];
    for (let ti = 0; ti < sx.translations.length; ti++) {
      const tr = scope.translations[ti];
      const seg = scope.segments.get(tr.segmentId)!;
      const b = slots.base[sx.translations[ti]];
      const active = scope.activeMrwsBySegment.get(tr.segmentId) ?? [];
      for (let i = 0; i < active.length; i++) {
        const slot = b + 1 + i;
        const eqDecided = adjCode(EQU, slot);
        const emoDecided = adjCode(EMO, slot);
        const given = labelsAt.get(slot);
        const pairs = given ? [...given.values()] : eqDecided !== null || emoDecided !== null ? [[null, null] as TLabelPair] : [];
        for (const [eq, emo] of pairs) {
          labelRecords.push({
            system: scope.systemNameById.get(tr.systemId)!,
            segmentId: tr.segmentId,
            sourceMetaphorical: seg.metaphorical,
            mrws: [{ mrwId: active[i].id, metaphorical: active[i].metaphorical, equivalence: (eqDecided ?? eq) as TEquivalenceLabel | null, emotion: (emoDecided ?? emo) as TEmotionLabel | null }],
          });
        }
      }
    }
    return {
      equivalence: equivalenceDistribution(orderedBySystem(labelRecords, scope.systems.map((sy) => scope.systemNameById.get(sy.id) ?? sy.id)), extra),
      emotionEquivalence: emotionEquivalenceCooccurrence(labelRecords, { extra }),
    };
  });
  // the records from the fields' values, read in the order fieldValues gave them
  const [flu, int, fid, ove, equ, emo, aut] = [FLU, INT, FID, OVE, EQU, EMO, AUT].map((f) => byField[f].values);
  let mi = 0;
  const records: (TMmteTranslationValues & { translationId: string })[] = [];
  for (let ti = 0; ti < sx.translations.length; ti++) {
    const tr = scope.translations[ti];
    const seg = scope.segments.get(tr.segmentId)!;
    const active = scope.activeMrwsBySegment.get(tr.segmentId) ?? [];
    const mrws: TMmteMrwValues[] = new Array(active.length);
    for (let i = 0; i < active.length; i++, mi++) {
      mrws[i] = {
        mrwId: active[i].id,
        metaphorical: active[i].metaphorical,
        equivalence: equ[mi] as TEquivalenceLabel | null,
        emotion: emo[mi] as TEmotionLabel | null,
        authenticity: aut[mi] as number | null,
      };
    }
    records.push({
      translationId: tr.id,
      system: scope.systemNameById.get(tr.systemId)!,
      segmentId: tr.segmentId,
      sourceMetaphorical: seg.metaphorical,
      fluency: flu[ti] as number | null,
      intelligibility: int[ti] as number | null,
      fidelity: fid[ti] as number | null,
      overall: ove[ti] as number | null,
      mrws,
    });
  }
  // systems in the scope's order (the table functions keep first-seen order): a stable bucketing
  const buckets = scope.systems.map(() => [] as typeof records);
  records.forEach((r, i) => buckets[sx.tSystem[sx.translations[i]]].push(r));
  records.length = 0;
  for (const b of buckets) for (const r of b) records.push(r);
  onRecords?.(records);
  const data = ix.data;
  // a gold reference is of one segment in one target language: a translation is scored against its own language's
  const gold = new Map<string, { FIGURATIVE?: string; LITERAL?: string; REFERENCE?: string }>();
  for (const g of data.goldReferences) {
    if (!scope.segments.has(g.segmentId) || (scope.language !== undefined && g.language !== scope.language)) continue;
    // MetaHOPE's reference (issue 19) is the reference only when asked for (gold=reference): the
    // MMTE references stay the figurative and literal post-edits, as the paper's table 3 has them
    if ((g.kind === "REFERENCE") !== (o.goldKind === "reference")) continue;
    const key = `${g.segmentId}|${g.language}`;
    const e = gold.get(key) ?? {};
    e[g.kind] = g.text;
    gold.set(key, e);
  }
  const languageById = new Map(scope.translations.map((t) => [t.id, t.language]));
  const refFor = (segmentId: string, translationId: string) => {
    const g = gold.get(`${segmentId}|${languageById.get(translationId)}`);
    if (!g) return null;
    if (o.goldKind === "figurative") return g.FIGURATIVE ?? null;
    if (o.goldKind === "literal") return g.LITERAL ?? null;
    if (o.goldKind === "reference") return g.REFERENCE ?? null;
    return g.FIGURATIVE ?? g.LITERAL ?? null;
  };
  const textById = gold.size === 0 ? null : new Map(scope.translations.map((t) => [t.id, t.text]));
  const automatic =
    textById === null
      ? null
      : mmteAutomaticTable(
          records.map((r) => ({ system: r.system, groups: mmteGroupsOf(r), hypothesis: textById.get(r.translationId) ?? "", reference: refFor(r.segmentId, r.translationId) })),
          scope.language ?? data.project.targetLang,
        );
  return {
    quality: mmteQualityTable(records),
    automatic,
    goldReferences: gold.size,
    equivalence: labelFigures.equivalence,
    correlation: qualityCorrelationMatrix(records),
    emotionEquivalence: labelFigures.emotionEquivalence,
    source,
  };
}
