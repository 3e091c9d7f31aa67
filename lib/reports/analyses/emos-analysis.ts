/**
 * The `emos.metrics` analysis of a scheme (the preset emos, issue 18): VSS, LMR, EDR and EMOS per
 * translation from the annotators' emotion vectors (lib/scoring/emos.ts, definitions in
 * lib/scoring/EMOS.md) with the project's weights (lib/scoring/emos-weights.ts), per system the
 * mean over its translations with a percentile bootstrap 95% interval (seeded, 1000 resamples of
 * translations), per document and system the mean over the document's translations, the Pearson
 * r of each metric with the translation's mean human `equivalence`, as the paper's validation
 * does, the mean emotion profiles (sources against each system's translations), and the models'
 * vectors scored the same way beside the humans' (emos-model-comparison.ts). Pure.
 *
 * Fields: `source_emotions` (a vector at segment scope), `target_emotions` (a vector at translation
 * scope, the same dimensions) and, for the validation, `equivalence` (translation scope). A
 * translation is scored when its source and itself have at least one annotator's vector each; the
 * sums are taken in the dimensions' declared order, and missing dimensions count as 0.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { EMOS_PAPER_WEIGHTS, emosOfTranslation, textVector, type TEmosMetrics, type TEmosWeights } from "@/lib/scoring/emos";
import { pearsonR, quantile7, seededRandom } from "@/lib/agreement";
import type { TSchemeValueRow } from "../scheme-agreement";
import { emosModelComparisons, type TEmosModelComparison } from "./emos-model-comparison";
import { EMOS_METRICS, vectorOf, type TEmosMetricName } from "./emos-vector-value";

export { EMOS_METRICS, type TEmosMetricName };
export const EMOS_ANALYSIS = "emos.metrics";

export interface TEmosTranslationScore {
  /** the translation's unit (segmentId|itemKey) and segment */
  unit: string;
  segmentId: string;
  system: string;
  metrics: TEmosMetrics;
  /** the mean human equivalence rating, null when nobody rated it */
  equivalence: number | null;
}

export interface TEmosSystemScore {
  system: string;
  /** translations scored */
  n: number;
  mean: Record<TEmosMetricName, number>;
  ci95: Record<TEmosMetricName, [number, number] | null>;
}

/** The mean over one document's translations by one system (no interval: documents are small). */
export interface TEmosDocumentScore {
  /** the document's external id */
  document: string;
  system: string;
  n: number;
  mean: Record<TEmosMetricName, number>;
}

/**
 * Mean emotion profiles, in the dimensions' order: the sources' text vectors averaged over the
 * segments with at least one scored translation, and each system's translations' text vectors
 * averaged over its scored translations (each profile sums to 1).
 */
export interface TEmosProfiles {
  sources: { vector: number[]; n: number };
  systems: { system: string; vector: number[]; n: number }[];
}

export interface TEmosCorrelation {
  metric: TEmosMetricName;
  with: "equivalence";
  value: number | null;
  n: number;
  reason?: string;
}

export interface TEmosAnalysis {
  weights: TEmosWeights;
  dimensions: string[];
  translations: TEmosTranslationScore[];
  systems: TEmosSystemScore[];
  documents: TEmosDocumentScore[];
  correlations: TEmosCorrelation[];
  profiles: TEmosProfiles;
  /** each model's vectors scored the same way, beside the humans' (models by name) */
  models: TEmosModelComparison[];
  /** translations with a translation vector but no source vector yet */
  unscored: number;
}

const BOOTSTRAP = { iterations: 1000, seed: 1 } as const;
const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));

/** Whether a scheme asks for this analysis and has the fields it needs. */
export function emosAnalysisApplies(def: TSchemeDefinition): boolean {
  if (!def.analyses.includes(EMOS_ANALYSIS)) return false;
  const s = def.fields.find((f) => f.id === "source_emotions");
  const t = def.fields.find((f) => f.id === "target_emotions");
  return s?.kind === "vector" && t?.kind === "vector" && s.scope === "segment" && t.scope === "translation";
}

function bootstrapMean(values: readonly number[]): [number, number] | null {
  if (values.length < 2) return null;
  const rng = seededRandom(BOOTSTRAP.seed);
  const means: number[] = [];
  for (let b = 0; b < BOOTSTRAP.iterations; b++) {
    let s = 0;
    for (let i = 0; i < values.length; i++) s += values[rng.int(values.length)];
    means.push(s / values.length);
  }
  means.sort((a, b) => a - b);
  return [quantile7(means, 0.025), quantile7(means, 0.975)];
}

const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function meanVector(vs: readonly number[][], d: number): number[] {
  const sum = new Array<number>(d).fill(0);
  for (const v of vs) for (let i = 0; i < d; i++) sum[i] += v[i];
  return sum.map((x) => (vs.length ? x / vs.length : 0));
}

function metricMeans(scores: readonly { metrics: TEmosMetrics }[]): Record<TEmosMetricName, number> {
  const mean = {} as Record<TEmosMetricName, number>;
  for (const m of EMOS_METRICS) mean[m] = meanOf(scores.map((t) => t.metrics[m]));
  return mean;
}

export interface TEmosAnalysisInputs {
  weights?: TEmosWeights;
  /** segment id → its document's external id, for the per-document figures */
  documentOf?: ReadonlyMap<string, string>;
  /** the models' suggested vectors (lib/db/models/model-values.ts) */
  modelValues?: readonly { field: string; system: string | null; unit: string; model: string; value: unknown }[];
}

export function emosAnalysis(def: TSchemeDefinition, values: readonly TSchemeValueRow[], inputs: TEmosAnalysisInputs = {}): TEmosAnalysis {
  const weights = inputs.weights ?? EMOS_PAPER_WEIGHTS;
  const sourceField = def.fields.find((f) => f.id === "source_emotions");
  const dims = sourceField?.kind === "vector" ? sourceField.dimensions.map((d) => d.id) : [];
  const source = new Map<string, number[][]>();
  const target = new Map<string, { system: string; vectors: number[][] }>();
  const equivalence = new Map<string, number[]>();
  for (const r of values) {
    if (r.field === "source_emotions") {
      const v = vectorOf(r.value, dims);
      if (!v) continue;
      const seg = segmentOf(r.unit);
      source.set(seg, [...(source.get(seg) ?? []), v]);
    } else if (r.field === "target_emotions" && r.system !== null) {
      const v = vectorOf(r.value, dims);
      if (!v) continue;
      const t = target.get(r.unit) ?? { system: r.system, vectors: [] };
      t.vectors.push(v);
      target.set(r.unit, t);
    } else if (r.field === "equivalence" && typeof r.value === "number") {
      equivalence.set(r.unit, [...(equivalence.get(r.unit) ?? []), r.value]);
    }
  }
  const translations: TEmosTranslationScore[] = [];
  let unscored = 0;
  // units in a canonical order: the figures must not depend on the order rows were read in
  for (const unit of [...target.keys()].sort()) {
    const t = target.get(unit)!;
    const segmentId = segmentOf(unit);
    const src = source.get(segmentId);
    if (!src) {
      unscored++;
      continue;
    }
    const eq = equivalence.get(unit);
    translations.push({
      unit,
      segmentId,
      system: t.system,
      metrics: emosOfTranslation(src, t.vectors, weights),
      equivalence: eq ? eq.reduce((a, b) => a + b, 0) / eq.length : null,
    });
  }
  const systems: TEmosSystemScore[] = [...new Set(translations.map((t) => t.system))].sort().map((system) => {
    const own = translations.filter((t) => t.system === system);
    const mean = {} as Record<TEmosMetricName, number>;
    const ci95 = {} as Record<TEmosMetricName, [number, number] | null>;
    for (const m of EMOS_METRICS) {
      const xs = own.map((t) => t.metrics[m]);
      mean[m] = xs.reduce((a, b) => a + b, 0) / xs.length;
      ci95[m] = bootstrapMean(xs);
    }
    return { system, n: own.length, mean, ci95 };
  });
  const documents: TEmosDocumentScore[] = [];
  if (inputs.documentOf) {
    const byDocument = new Map<string, TEmosTranslationScore[]>();
    for (const t of translations) {
      const key = `${inputs.documentOf.get(t.segmentId) ?? ""}\u0000${t.system}`;
      byDocument.set(key, [...(byDocument.get(key) ?? []), t]);
    }
    for (const key of [...byDocument.keys()].sort()) {
      const [document, system] = key.split("\u0000");
      const own = byDocument.get(key)!;
      documents.push({ document, system, n: own.length, mean: metricMeans(own) });
    }
  }
  const scoredSegments = [...new Set(translations.map((t) => t.segmentId))].sort();
  const profiles: TEmosProfiles = {
    sources: { vector: meanVector(scoredSegments.map((s) => textVector(source.get(s)!)), dims.length), n: scoredSegments.length },
    systems: systems.map((s) => {
      const own = translations.filter((t) => t.system === s.system);
      return { system: s.system, vector: meanVector(own.map((t) => textVector(target.get(t.unit)!.vectors)), dims.length), n: own.length };
    }),
  };
  const rated = translations.filter((t) => t.equivalence !== null);
  const correlations: TEmosCorrelation[] = EMOS_METRICS.map((metric) => {
    const r = pearsonR(
      rated.map((t) => t.metrics[metric]),
      rated.map((t) => t.equivalence),
    );
    return { metric, with: "equivalence" as const, value: r.value, n: r.n, ...(r.reason ? { reason: r.reason } : {}) };
  });
  const models = emosModelComparisons(dims, translations, inputs.modelValues ?? [], weights);
  return { weights, dimensions: dims, translations, systems, documents, correlations, profiles, models, unscored };
}
