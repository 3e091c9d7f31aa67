/**
 * MMTE score tables (Wang et al. 2024, table 3 and figures 3–5), computed from
 * per-item values that are already aggregated over annotators (see
 * ./aggregate.ts).
 *
 * Groups of table 3, per system:
 * - METAPHORICAL — translations of metaphorical source sentences, whatever
 *   their equivalence label. MMTE §3.1: "Literal samples refer to those not
 *   containing metaphors", so a sentence is metaphorical when it contains a
 *   metaphor (`sourceMetaphorical`, the segment flag).
 * - METAPHORICAL_FULL — the subset of METAPHORICAL "annotated as having
 *   full-equivalence" (table 3 caption). MOH sentences have exactly one
 *   target word; Tropos segments may have several, so a translation is in
 *   this group when it has at least one metaphorical MRW with an
 *   equivalence label and *every* metaphorical MRW is labelled FULL. A
 *   metaphorical MRW without a label keeps the translation out (fail closed).
 * - LITERAL — translations of literal (non-metaphorical) source sentences,
 *   whatever their label (LITERAL / METAPHORICAL / ERROR).
 * METAPHORICAL_FULL overlaps METAPHORICAL (as in the paper); LITERAL is disjoint.
 *
 * Authenticity is judged per MRW (app. B.4); a translation's authenticity is
 * the mean over its in-scope MRWs: the metaphorical MRWs of a metaphorical
 * sentence (all MRWs if none is flagged), all MRWs of a literal sentence.
 *
 * Means are over translations with a value for that dimension (missing values
 * dropped, n reported per cell). An empty cell is undefined with a reason.
 */
import {
  EMOTION_LABELS,
  EQUIVALENCE_LITERAL_LABELS,
  EQUIVALENCE_METAPHORICAL_LABELS,
  type TEmotionLabel,
  type TEquivalenceLabel,
  type TEquivalenceLiteralLabel,
  type TEquivalenceMetaphoricalLabel,
} from "@/lib/schemes/presets/paper-codes";
import { corpusBleu } from "./bleu";
import { pearson, type TPearson } from "./pearson";
import { corpusRougeL } from "./rouge-l";

export interface TMmteMrwValues {
  mrwId: string;
  /** Whether the source MRW is metaphorical (selects the label set). */
  metaphorical: boolean;
  equivalence?: TEquivalenceLabel | null;
  emotion?: TEmotionLabel | null;
  authenticity?: number | null;
}

export interface TMmteTranslationValues {
  system: string;
  segmentId: string;
  /** Segment flag: the source sentence contains a metaphor. */
  sourceMetaphorical: boolean;
  fluency?: number | null;
  intelligibility?: number | null;
  fidelity?: number | null;
  overall?: number | null;
  mrws: readonly TMmteMrwValues[];
}

/**
 * Labels a variant of the MMTE scheme adds to EQUIVALENCE (per source kind) or EMOTION
 * (lib/reports/analyses/paper/binding.ts): figures 3 and 5 give each its own entry after the
 * paper's labels, rather than leaving its values out. Absent for the preset: nothing changes.
 */
export interface TMmteExtraLabels {
  metaphorical?: readonly string[];
  literal?: readonly string[];
  emotion?: readonly string[];
}

export const MMTE_GROUPS = ["METAPHORICAL", "METAPHORICAL_FULL", "LITERAL"] as const;
export type TMmteGroup = (typeof MMTE_GROUPS)[number];

/** Figure 4 / table 3 order. */
export const MMTE_DIMENSIONS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "AUTHENTICITY", "OVERALL"] as const;
export type TMmteDimension = (typeof MMTE_DIMENSIONS)[number];

export type TMean = { defined: true; value: number; n: number } | { defined: false; value: null; n: 0; reason: string };

const finiteOrNull = (x: number | null | undefined) => (typeof x === "number" && Number.isFinite(x) ? x : null);

/** The translation's value on one table-3 dimension (authenticity: mean over in-scope MRWs). */
export function dimensionValue(t: TMmteTranslationValues, dim: TMmteDimension): number | null {
  switch (dim) {
    case "FLUENCY":
      return finiteOrNull(t.fluency);
    case "INTELLIGIBILITY":
      return finiteOrNull(t.intelligibility);
    case "FIDELITY":
      return finiteOrNull(t.fidelity);
    case "OVERALL":
      return finiteOrNull(t.overall);
    case "AUTHENTICITY": {
      // mean over the in-scope MRWs: the metaphorical ones of a metaphorical sentence (all if
      // none is flagged), all of a literal one
      let anyMet = false;
      if (t.sourceMetaphorical) for (const m of t.mrws) anyMet ||= m.metaphorical;
      let sum = 0;
      let n = 0;
      for (const m of t.mrws) {
        const v = anyMet && !m.metaphorical ? null : finiteOrNull(m.authenticity);
        if (v === null) continue;
        sum += v;
        n++;
      }
      return n ? sum / n : null;
    }
  }
}

/** The table-3 groups a translation belongs to (0, 1 or 2 of them). */
export function mmteGroupsOf(t: TMmteTranslationValues): TMmteGroup[] {
  const bits = groupBits(t);
  return MMTE_GROUPS.filter((_, g) => (bits & (1 << g)) !== 0);
}

/** Group membership as bits: 1 METAPHORICAL, 2 METAPHORICAL_FULL, 4 LITERAL (as mmteGroupsOf). */
function groupBits(t: TMmteTranslationValues): number {
  if (!t.sourceMetaphorical) return 4;
  let met = 0;
  let allFull = true;
  for (const m of t.mrws) {
    if (!m.metaphorical) continue;
    met++;
    if (m.equivalence !== "FULL") allFull = false;
  }
  return met > 0 && allFull ? 3 : 1;
}

/**
 * Every record's five table-3 dimension values (NaN = none; `dimensionValue`
 * in MMTE_DIMENSIONS order) and group bits, computed once for a table rather
 * than once per system × group × dimension.
 */
function recordValues(records: readonly TMmteTranslationValues[]): { dims: Float64Array; groups: Uint8Array } {
  const D = MMTE_DIMENSIONS.length;
  const dims = new Float64Array(records.length * D);
  const groups = new Uint8Array(records.length);
  for (let i = 0; i < records.length; i++) {
    const t = records[i];
    groups[i] = groupBits(t);
    for (let j = 0; j < D; j++) {
      const v = dimensionValue(t, MMTE_DIMENSIONS[j]);
      dims[i * D + j] = v === null ? NaN : v;
    }
  }
  return { dims, groups };
}

function meanOf(sum: number, n: number, reason: string): TMean {
  return n === 0 ? { defined: false, value: null, n: 0, reason } : { defined: true, value: sum / n, n };
}

function systemsInOrder(records: readonly { system: string }[]): string[] {
  return [...new Set(records.map((r) => r.system))];
}

export interface TMmteQualityRow {
  system: string;
  group: TMmteGroup;
  /** translations in the group */
  translations: number;
  means: Record<TMmteDimension, TMean>;
}

/** MMTE table 3, manual metrics: one row per system × group, systems in first-seen order. */
export function mmteQualityTable(records: readonly TMmteTranslationValues[]): TMmteQualityRow[] {
  const systems = systemsInOrder(records);
  const sysIndex = new Map(systems.map((s, i) => [s, i]));
  const G = MMTE_GROUPS.length;
  const D = MMTE_DIMENSIONS.length;
  const { dims, groups } = recordValues(records);
  // one pass, in record order (so every sum adds its values in the order a filter would give them)
  const members = new Int32Array(systems.length * G);
  const sums = new Float64Array(systems.length * G * D);
  const counts = new Int32Array(systems.length * G * D);
  for (let i = 0; i < records.length; i++) {
    const s = sysIndex.get(records[i].system)!;
    for (let g = 0; g < G; g++) {
      if ((groups[i] & (1 << g)) === 0) continue;
      const cell = s * G + g;
      members[cell]++;
      for (let d = 0; d < D; d++) {
        const v = dims[i * D + d];
        if (Number.isNaN(v)) continue;
        sums[cell * D + d] += v;
        counts[cell * D + d]++;
      }
    }
  }
  const rows: TMmteQualityRow[] = [];
  systems.forEach((system, s) => {
    MMTE_GROUPS.forEach((group, g) => {
      const cell = s * G + g;
      const means = {} as Record<TMmteDimension, TMean>;
      MMTE_DIMENSIONS.forEach((dim, d) => {
        const reason = members[cell] === 0 ? `no ${group} translations for ${system}` : `no ${dim} values in ${group} for ${system}`;
        means[dim] = meanOf(sums[cell * D + d], counts[cell * D + d], reason);
      });
      rows.push({ system, group, translations: members[cell], means });
    });
  });
  return rows;
}

export interface TMmteAutomaticInput {
  system: string;
  /** Usually `mmteGroupsOf(record)` of the same translation's manual values. */
  groups: readonly TMmteGroup[];
  hypothesis: string;
  /** Gold reference; rows without one are skipped. */
  reference?: string | null;
}

export type TMetric = { defined: true; value: number; n: number } | { defined: false; value: null; reason: string };

export interface TMmteAutomaticRow {
  system: string;
  group: TMmteGroup;
  /** sacreBLEU-style 0–100 (MMTE table 3 prints 0–1: divide by 100). */
  bleu1: TMetric;
  bleu4: TMetric;
  /** 0–1, macro-averaged sentence ROUGE-L F. */
  rougeL: TMetric;
}

/**
 * MMTE table 3, automatic metrics, per system × group against the gold
 * references. `language` picks the tokenizers: "zh" → sacreBLEU `zh` and
 * character-level ROUGE-L; otherwise `13a` and word-level ROUGE-L.
 */
export function mmteAutomaticTable(inputs: readonly TMmteAutomaticInput[], language: string): TMmteAutomaticRow[] {
  const zh = language.toLowerCase().startsWith("zh");
  const rows: TMmteAutomaticRow[] = [];
  for (const system of systemsInOrder(inputs)) {
    for (const group of MMTE_GROUPS) {
      const members = inputs.filter(
        (i) => i.system === system && i.groups.includes(group) && typeof i.reference === "string" && i.reference.trim() !== "",
      );
      if (members.length === 0) {
        const reason = `no ${group} translations with a gold reference for ${system}`;
        rows.push({ system, group, bleu1: { defined: false, value: null, reason }, bleu4: { defined: false, value: null, reason }, rougeL: { defined: false, value: null, reason } });
        continue;
      }
      const hyps = members.map((m) => m.hypothesis);
      const refs = members.map((m) => m.reference as string);
      const tokenize = zh ? "zh" : "13a";
      const b1 = corpusBleu(hyps, refs, { tokenize, maxNgramOrder: 1 });
      const b4 = corpusBleu(hyps, refs, { tokenize, maxNgramOrder: 4 });
      const rl = corpusRougeL(hyps, refs, { language: zh ? "zh" : "other" });
      rows.push({
        system,
        group,
        bleu1: { defined: true, value: b1.score, n: members.length },
        bleu4: { defined: true, value: b4.score, n: members.length },
        rougeL: rl.defined ? { defined: true, value: rl.f, n: rl.n } : { defined: false, value: null, reason: rl.reason },
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------
// Figure 3: equivalence label distribution
// ---------------------------------------------------------------------------

export interface TLabelDistribution<L extends string> {
  total: number;
  counts: Record<L, number>;
  /** counts / total; undefined (null) when total is 0 */
  proportions: Record<L, number> | null;
}

export interface TEquivalenceDistribution {
  system: string;
  /** MRWs whose source is metaphorical */
  metaphorical: TLabelDistribution<TEquivalenceMetaphoricalLabel>;
  /** MRWs whose source is literal */
  literal: TLabelDistribution<TEquivalenceLiteralLabel>;
}

function distribution<L extends string>(labels: readonly L[], values: readonly (string | null | undefined)[]): TLabelDistribution<L> {
  const counts = Object.fromEntries(labels.map((l) => [l, 0])) as Record<L, number>;
  let total = 0;
  for (const v of values) {
    if (v != null && (labels as readonly string[]).includes(v)) {
      counts[v as L]++;
      total++;
    }
  }
  const proportions = total ? (Object.fromEntries(labels.map((l) => [l, counts[l] / total])) as Record<L, number>) : null;
  return { total, counts, proportions };
}

/**
 * Figure 3: per system, the distribution of equivalence labels over MRW
 * instances, separately for metaphorical and literal source MRWs (their label
 * sets differ). A label outside the MRW's set is not counted.
 */
export function equivalenceDistribution(records: readonly TMmteTranslationValues[], extra: TMmteExtraLabels = {}): TEquivalenceDistribution[] {
  const metLabels = [...EQUIVALENCE_METAPHORICAL_LABELS, ...(extra.metaphorical ?? [])] as TEquivalenceMetaphoricalLabel[];
  const litLabels = [...EQUIVALENCE_LITERAL_LABELS, ...(extra.literal ?? [])] as TEquivalenceLiteralLabel[];
  const bySystem = new Map<string, TMmteTranslationValues[]>();
  for (const r of records) {
    let list = bySystem.get(r.system);
    if (!list) bySystem.set(r.system, (list = []));
    list.push(r);
  }
  return [...bySystem].map(([system, rs]) => {
    const met: (string | null | undefined)[] = [];
    const lit: (string | null | undefined)[] = [];
    for (const r of rs) for (const m of r.mrws) (m.metaphorical ? met : lit).push(m.equivalence);
    return { system, metaphorical: distribution(metLabels, met), literal: distribution(litLabels, lit) };
  });
}

// ---------------------------------------------------------------------------
// Figure 4: Pearson correlations between quality dimensions
// ---------------------------------------------------------------------------

export interface TCorrelationMatrix {
  dimensions: readonly TMmteDimension[];
  /** matrix[i][j] = Pearson r between dimensions[i] and dimensions[j] over translations */
  matrix: TPearson[][];
}

/**
 * Figure 4: pairwise Pearson r between Fluency, Intelligibility, Fidelity,
 * Authenticity and Overall, one observation per translation (optionally
 * restricted to some systems), pairwise-complete.
 */
export function qualityCorrelationMatrix(records: readonly TMmteTranslationValues[], opts: { systems?: readonly string[] } = {}): TCorrelationMatrix {
  const rs = opts.systems ? records.filter((r) => opts.systems!.includes(r.system)) : records;
  const D = MMTE_DIMENSIONS.length;
  const { dims } = recordValues(rs);
  const cols = MMTE_DIMENSIONS.map((_, d) => Array.from({ length: rs.length }, (__, i) => (Number.isNaN(dims[i * D + d]) ? null : dims[i * D + d])));
  const matrix = MMTE_DIMENSIONS.map((_, i) => MMTE_DIMENSIONS.map((__, j) => pearson(cols[i], cols[j])));
  return { dimensions: MMTE_DIMENSIONS, matrix };
}

// ---------------------------------------------------------------------------
// Figure 5: emotion × equivalence co-occurrences
// ---------------------------------------------------------------------------

export interface TEquivalenceColumn {
  source: "metaphorical" | "literal";
  label: TEquivalenceLabel;
}

export const EQUIVALENCE_COLUMNS: readonly TEquivalenceColumn[] = [
  ...EQUIVALENCE_METAPHORICAL_LABELS.map((label) => ({ source: "metaphorical" as const, label })),
  ...EQUIVALENCE_LITERAL_LABELS.map((label) => ({ source: "literal" as const, label })),
];

export interface TEmotionEquivalenceMatrix {
  emotions: readonly TEmotionLabel[];
  /** ERROR appears twice, once per source kind, since it is a different judgement. */
  columns: readonly TEquivalenceColumn[];
  counts: number[][];
  /**
   * ln(1 + count). MMTE §4.4 plots "a logarithmic function of the number of
   * co-occurrences" without naming it; log1p keeps empty cells at 0.
   */
  logCounts: number[][];
  total: number;
}

/** Figure 5: counts of MRW instances by (emotion, equivalence), both labels required. */
export function emotionEquivalenceCooccurrence(records: readonly TMmteTranslationValues[], opts: { systems?: readonly string[]; extra?: TMmteExtraLabels } = {}): TEmotionEquivalenceMatrix {
  const rs = opts.systems ? records.filter((r) => opts.systems!.includes(r.system)) : records;
  const x = opts.extra ?? {};
  // a variant's labels after the paper's: its metaphorical ones after the metaphorical columns, its literal ones last
  const emotions = x.emotion?.length ? ([...EMOTION_LABELS, ...x.emotion] as TEmotionLabel[]) : EMOTION_LABELS;
  const columns: readonly TEquivalenceColumn[] =
    x.metaphorical?.length || x.literal?.length
      ? [
          ...EQUIVALENCE_COLUMNS.filter((c) => c.source === "metaphorical"),
          ...(x.metaphorical ?? []).map((label) => ({ source: "metaphorical" as const, label: label as TEquivalenceLabel })),
          ...EQUIVALENCE_COLUMNS.filter((c) => c.source === "literal"),
          ...(x.literal ?? []).map((label) => ({ source: "literal" as const, label: label as TEquivalenceLabel })),
        ]
      : EQUIVALENCE_COLUMNS;
  const counts = emotions.map(() => columns.map(() => 0));
  const row = new Map<string, number>(emotions.map((e, i) => [e, i]));
  const column = new Map<string, number>(columns.map((c, j) => [`${c.source}|${c.label}`, j]));
  let total = 0;
  for (const r of rs) {
    for (const m of r.mrws) {
      if (m.emotion == null || m.equivalence == null) continue;
      const i = row.get(m.emotion);
      const j = column.get(`${m.metaphorical ? "metaphorical" : "literal"}|${m.equivalence}`);
      if (i === undefined || j === undefined) continue;
      counts[i][j]++;
      total++;
    }
  }
  return { emotions, columns, counts, logCounts: counts.map((r) => r.map((c) => Math.log1p(c))), total };
}
