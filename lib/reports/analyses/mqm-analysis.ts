/**
 * The `mqm.scores` analysis of a scheme (the preset mqm, issue 20.4): MQM scores as the WMT MQM
 * release and Marot compute them (Freitag et al. 2021).
 *
 * - A rater's score of a translation is the sum of its errors' weights (lib/schemes/language/
 *   span-weight.ts: the scheme's weight rules, else the severity's weight); an explicit No error
 *   (`[]`) scores 0.
 * - A segment's score for a system is the mean over the raters of that translation.
 * - A system's score is the mean over its scored segments (lower is better).
 * - Per category: the same means taken over the weights of one top-level category (the label's
 *   group, or the label itself outside the tree), so a system's categories add up to its score.
 * - Significance: each pair of systems by paired approximate randomisation on the segments both
 *   have (paired-approximate-randomization.ts; 10,000 trials, seed 1, the segments in the order of
 *   their scores, so identical data gives identical p-values in any project), the better system
 *   first; each pair carries its number of resamples.
 *
 * Fields: the scheme's first spans field at translation scope (the preset's `errors`). Values that
 * are not span lists (none other should be stored) are left out. Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { spanWeight } from "@/lib/schemes/language/span-weight";
import type { TOptionValue } from "@/lib/schemes/language/scheme-option";
import { mqmErrorField } from "@/lib/import/parse-mqm";
import { pairedApproximateRandomization } from "../paired-approximate-randomization";
import type { TSchemeValueRow } from "../scheme-agreement";

export const MQM_ANALYSIS = "mqm.scores";
export const MQM_SIGNIFICANCE = { trials: 10000, seed: 1 } as const;

export interface TMqmSegmentScore {
  segmentId: string;
  system: string;
  /** mean over raters of the sum of weights */
  score: number;
  raters: number;
  /** the same per top-level category */
  categories: Record<string, number>;
}

export interface TMqmSystemScore {
  system: string;
  /** segments scored */
  n: number;
  mean: number;
  /** mean per top-level category; they add up to `mean` */
  categories: Record<string, number>;
  /** rated errors per category (all raters), for the breakdown table */
  errors: Record<string, number>;
}

export interface TMqmPair {
  better: string;
  worse: string;
  n: number;
  delta: number;
  pValue: number | null;
  exact: boolean;
  /** trials drawn, or swaps enumerated when exact: shown and exported beside every p-value */
  resamples: number;
}

export interface TMqmAnalysis {
  field: string;
  /** the top-level categories in the scheme's order */
  categories: string[];
  segments: TMqmSegmentScore[];
  /** best (lowest) first */
  systems: TMqmSystemScore[];
  significance: TMqmPair[];
  trials: number;
  seed: number;
}

export function mqmAnalysisApplies(def: TSchemeDefinition): boolean {
  return def.analyses.includes(MQM_ANALYSIS) && mqmErrorField(def) !== null;
}

const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function mqmAnalysis(def: TSchemeDefinition, values: readonly TSchemeValueRow[], opts: { trials?: number; seed?: number } = {}): TMqmAnalysis {
  const field = mqmErrorField(def)!;
  const trials = opts.trials ?? MQM_SIGNIFICANCE.trials;
  const seed = opts.seed ?? MQM_SIGNIFICANCE.seed;
  const topOf = new Map<TOptionValue, string>(field.labels.map((l) => [l.value, l.group ?? String(l.value)]));
  const categories = [...new Set(field.labels.map((l) => l.group ?? String(l.value)))];
  // unit → the raters' totals and category totals
  const byUnit = new Map<string, { system: string; raters: { total: number; cats: Map<string, number> }[] }>();
  const errorCounts = new Map<string, Map<string, number>>();
  for (const r of values) {
    if (r.field !== field.id || r.system === null || !Array.isArray(r.value)) continue;
    const cats = new Map<string, number>();
    let total = 0;
    for (const s of r.value as { label: TOptionValue; attributes?: Record<string, TOptionValue> }[]) {
      const w = spanWeight(field, s);
      const c = topOf.get(s.label) ?? String(s.label);
      total += w;
      cats.set(c, (cats.get(c) ?? 0) + w);
      const ec = errorCounts.get(r.system) ?? new Map<string, number>();
      ec.set(c, (ec.get(c) ?? 0) + 1);
      errorCounts.set(r.system, ec);
    }
    const u = byUnit.get(r.unit) ?? { system: r.system, raters: [] };
    u.raters.push({ total, cats });
    byUnit.set(r.unit, u);
  }
  const segments: TMqmSegmentScore[] = [];
  // units in a canonical order: the figures must not depend on the order rows were read in
  for (const unit of [...byUnit.keys()].sort()) {
    const u = byUnit.get(unit)!;
    const cats: Record<string, number> = {};
    for (const c of categories) {
      const xs = u.raters.map((r) => r.cats.get(c) ?? 0);
      if (xs.some((x) => x !== 0)) cats[c] = mean(xs);
    }
    segments.push({ segmentId: segmentOf(unit), system: u.system, score: mean(u.raters.map((r) => r.total)), raters: u.raters.length, categories: cats });
  }
  const systems: TMqmSystemScore[] = [...new Set(segments.map((s) => s.system))].map((system) => {
    const own = segments.filter((s) => s.system === system);
    const cats: Record<string, number> = {};
    for (const c of categories) {
      const v = own.reduce((a, s) => a + (s.categories[c] ?? 0), 0) / own.length;
      if (v !== 0) cats[c] = v;
    }
    return { system, n: own.length, mean: mean(own.map((s) => s.score)), categories: cats, errors: Object.fromEntries(errorCounts.get(system) ?? []) };
  });
  systems.sort((a, b) => a.mean - b.mean || a.system.localeCompare(b.system));
  const scoreOf = new Map(segments.map((s) => [`${s.system}\u0000${s.segmentId}`, s.score]));
  const significance: TMqmPair[] = [];
  for (let i = 0; i < systems.length; i++) {
    for (let j = i + 1; j < systems.length; j++) {
      const a = systems[i].system;
      const b = systems[j].system;
      const common = segments.filter((s) => s.system === a && scoreOf.has(`${b}\u0000${s.segmentId}`)).map((s) => s.segmentId).sort();
      const r = pairedApproximateRandomization(
        common.map((s) => scoreOf.get(`${a}\u0000${s}`)!),
        common.map((s) => scoreOf.get(`${b}\u0000${s}`)!),
        { trials, seed },
      );
      significance.push({ better: a, worse: b, n: r.n, delta: r.delta, pValue: r.pValue, exact: r.exact, resamples: r.resamples });
    }
  }
  return { field: field.id, categories, segments, systems, significance, trials, seed };
}
