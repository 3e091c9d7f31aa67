/**
 * EMOS of a model's emotion vectors beside the humans' (issue 18 point 5): a model (an endpoint's
 * suggestions, or a classifier's vectors stored as suggestions) gives one vector per text for
 * `source_emotions` and `target_emotions`; its vectors are scored exactly as the annotators' are
 * (L1-normalised, the same metrics and weights, lib/scoring/emos.ts), so a lab can see whether
 * automatic emotion scoring agrees with its annotators.
 *
 * - A translation is scored for the model when the model has a vector for its source and for it
 *   (a model's source vector is never mixed with the humans').
 * - Per system: the model's mean and the humans' mean over the **same** translations, those both
 *   scored (n), so the two means differ only by who gave the vectors.
 * - Agreement: Pearson r, per translation, of the model's metric with the humans' (pooled over
 *   systems as system "all", then per system), on those translations.
 * A model is never an annotator here: the human figures are computed without it. Pure.
 */
import { pearsonR } from "@/lib/agreement";
import { emosMetrics, l1Normalise, type TEmosMetrics, type TEmosWeights } from "@/lib/scoring/emos";
import { EMOS_METRICS, vectorOf, type TEmosMetricName } from "./emos-vector-value";

export interface TEmosModelTranslation {
  unit: string;
  segmentId: string;
  system: string;
  metrics: TEmosMetrics;
}

export interface TEmosModelSystem {
  system: string;
  /** translations scored from the model's vectors and from the humans' */
  n: number;
  model: Record<TEmosMetricName, number>;
  humans: Record<TEmosMetricName, number>;
}

export interface TEmosModelAgreement {
  /** "all" = every system pooled */
  system: string;
  metric: TEmosMetricName;
  value: number | null;
  n: number;
  reason?: string;
}

export interface TEmosModelComparison {
  model: string;
  /** every translation the model's vectors score, humans or not */
  translations: TEmosModelTranslation[];
  systems: TEmosModelSystem[];
  agreement: TEmosModelAgreement[];
}

export const POOLED = "all";
const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));
const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function agreementOf(system: string, pairs: readonly { model: TEmosMetrics; humans: TEmosMetrics }[]): TEmosModelAgreement[] {
  return EMOS_METRICS.map((metric) => {
    const r = pearsonR(
      pairs.map((p) => p.model[metric]),
      pairs.map((p) => p.humans[metric]),
    );
    return { system, metric, value: r.value, n: r.n, ...(r.reason ? { reason: r.reason } : {}) };
  });
}

export function emosModelComparisons(
  dims: readonly string[],
  human: readonly { unit: string; system: string; metrics: TEmosMetrics }[],
  modelValues: readonly { field: string; system: string | null; unit: string; model: string; value: unknown }[],
  weights: TEmosWeights,
): TEmosModelComparison[] {
  const byModel = new Map<string, { source: Map<string, number[]>; target: Map<string, { system: string; vector: number[] }> }>();
  for (const r of modelValues) {
    const v = vectorOf(r.value, dims);
    if (!v) continue;
    const m = byModel.get(r.model) ?? { source: new Map(), target: new Map() };
    byModel.set(r.model, m);
    if (r.field === "source_emotions") m.source.set(segmentOf(r.unit), l1Normalise(v));
    else if (r.field === "target_emotions" && r.system !== null) m.target.set(r.unit, { system: r.system, vector: l1Normalise(v) });
  }
  const humanByUnit = new Map(human.map((t) => [t.unit, t]));
  const out: TEmosModelComparison[] = [];
  for (const model of [...byModel.keys()].sort()) {
    const { source, target } = byModel.get(model)!;
    const translations: TEmosModelTranslation[] = [];
    for (const unit of [...target.keys()].sort()) {
      const t = target.get(unit)!;
      const segmentId = segmentOf(unit);
      const A = source.get(segmentId);
      if (!A) continue;
      translations.push({ unit, segmentId, system: t.system, metrics: emosMetrics(A, t.vector, weights) });
    }
    const paired = translations.flatMap((t) => {
      const h = humanByUnit.get(t.unit);
      return h ? [{ system: t.system, model: t.metrics, humans: h.metrics }] : [];
    });
    const systemNames = [...new Set(paired.map((p) => p.system))].sort();
    const systems: TEmosModelSystem[] = systemNames.map((system) => {
      const own = paired.filter((p) => p.system === system);
      const model = {} as Record<TEmosMetricName, number>;
      const humans = {} as Record<TEmosMetricName, number>;
      for (const m of EMOS_METRICS) {
        model[m] = meanOf(own.map((p) => p.model[m]));
        humans[m] = meanOf(own.map((p) => p.humans[m]));
      }
      return { system, n: own.length, model, humans };
    });
    const agreement = [...agreementOf(POOLED, paired), ...systemNames.flatMap((s) => agreementOf(s, paired.filter((p) => p.system === s)))];
    out.push({ model, translations, systems, agreement });
  }
  return out;
}
