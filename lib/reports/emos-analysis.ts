/**
 * The `emos.metrics` analysis of a scheme (the preset emos, issue 18): VSS, LMR, EDR and EMOS per
 * translation from the annotators' emotion vectors (lib/scoring/emos.ts, definitions in
 * lib/scoring/EMOS.md), per system the mean over its translations with a percentile bootstrap 95%
 * interval (seeded, 1000 resamples of translations), and the Pearson r of each metric with the
 * translation's mean human `equivalence`, as the paper's validation does. Pure.
 *
 * Fields: `source_emotions` (a vector at segment scope), `target_emotions` (a vector at translation
 * scope, the same dimensions) and, for the validation, `equivalence` (translation scope). A
 * translation is scored when its source and itself have at least one annotator's vector each; the
 * sums are taken in the dimensions' declared order, and missing dimensions count as 0.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { EMOS_PAPER_WEIGHTS, emosOfTranslation, type TEmosMetrics, type TEmosWeights } from "@/lib/scoring/emos";
import { pearsonR, quantile7, seededRandom } from "@/lib/agreement";
import type { TSchemeValueRow } from "./scheme-agreement";

export const EMOS_ANALYSIS = "emos.metrics";
export const EMOS_METRICS = ["VSS", "LMR", "EDR", "EMOS"] as const;
export type TEmosMetricName = (typeof EMOS_METRICS)[number];

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
  correlations: TEmosCorrelation[];
  /** translations with a translation vector but no source vector yet */
  unscored: number;
}

const BOOTSTRAP = { iterations: 1000, seed: 1 } as const;
const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));

function vectorOf(value: unknown, dims: readonly string[]): number[] | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = dims.map((d) => {
    const x = (value as Record<string, unknown>)[d];
    return typeof x === "number" && Number.isFinite(x) && x >= 0 ? x : 0;
  });
  return v.some((x) => x > 0) ? v : null;
}

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

export function emosAnalysis(def: TSchemeDefinition, values: readonly TSchemeValueRow[], weights: TEmosWeights = EMOS_PAPER_WEIGHTS): TEmosAnalysis {
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
  const rated = translations.filter((t) => t.equivalence !== null);
  const correlations: TEmosCorrelation[] = EMOS_METRICS.map((metric) => {
    const r = pearsonR(
      rated.map((t) => t.metrics[metric]),
      rated.map((t) => t.equivalence),
    );
    return { metric, with: "equivalence" as const, value: r.value, n: r.n, ...(r.reason ? { reason: r.reason } : {}) };
  });
  return { weights, dimensions: dims, translations, systems, correlations, unscored };
}
