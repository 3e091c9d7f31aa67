import { ratingsShape } from "./encode-ratings";
import { seededRandom } from "./seeded-random";
import type { AgreementResult, Ratings } from "./types";

export interface BootstrapOptions {
  /** Number of bootstrap replicates B (default 1000). */
  iterations?: number;
  /** Integer PRNG seed (default 1); taken modulo 2^32. Same seed, same interval. */
  seed?: number;
  /** Confidence level in (0, 1) (default 0.95). */
  level?: number;
  /**
   * Largest share of undefined replicates (statistic null on a resample)
   * tolerated before the interval is reported as undefined (default 0).
   */
  maxUndefinedShare?: number;
}

export interface BootstrapResult {
  /** The statistic on the original data. */
  estimate: number | null;
  lower: number | null;
  upper: number | null;
  reason?: string;
  level: number;
  iterations: number;
  seed: number;
  /** Units resampled (columns of `ratings`). */
  n: number;
  /** Replicates where the statistic was undefined. */
  undefinedReplicates: number;
  method: "percentile";
}

/** A statistic of a ratings matrix: an `AgreementResult`, a number, or null. */
export type RatingsStatistic = (ratings: Ratings) => AgreementResult | number | null;

/**
 * Percentile bootstrap confidence interval over units.
 *
 * Draws B resamples of the units (columns of `ratings`) with replacement,
 * keeping each unit's codes from all coders together, computes the statistic
 * on each, and reports the (1 − level)/2 and (1 + level)/2 quantiles of the
 * replicates (linear interpolation between order statistics, numpy's default
 * "type 7"). Source: Efron & Tibshirani (1993), An Introduction to the
 * Bootstrap, ch. 13 (percentile interval).
 *
 * Conventions:
 * - Resampling is over units only; coders are fixed. This is not
 *   Krippendorff's own bootstrap for α (which resamples pairable values).
 * - Seeded Mulberry32 PRNG (`seeded-random.ts`): a report can be reproduced
 *   from (data, statistic, iterations, seed, level).
 * - Undefined (`lower`/`upper` null with `reason`): no units; the statistic is
 *   undefined on the original data; or more than `maxUndefinedShare` of the
 *   replicates are undefined (default 0: any undefined replicate, e.g. a
 *   resample with no variation, makes the interval undefined rather than
 *   silently dropping it). Undefined replicates within the allowed share are
 *   left out and counted in `undefinedReplicates`.
 *
 * @throws Error for a bad option (iterations < 1, level outside (0, 1), …) or
 *   if the statistic returns NaN.
 * @example bootstrapCI(r, (x) => krippendorffAlpha(x, { level: "nominal" }), { seed: 7 })
 */
export function bootstrapCI(ratings: Ratings, statFn: RatingsStatistic, opts: BootstrapOptions = {}): BootstrapResult {
  const iterations = opts.iterations ?? 1000;
  const seed = opts.seed ?? 1;
  const level = opts.level ?? 0.95;
  const maxUndefinedShare = opts.maxUndefinedShare ?? 0;
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error(`bootstrapCI: iterations must be a positive integer`);
  if (!(level > 0 && level < 1)) throw new Error(`bootstrapCI: level must be in (0, 1), got ${level}`);
  if (!(maxUndefinedShare >= 0 && maxUndefinedShare <= 1)) throw new Error(`bootstrapCI: maxUndefinedShare must be in [0, 1]`);
  const [nCoders, nUnits] = ratingsShape(ratings);
  const base = { level, iterations, seed, n: nUnits, method: "percentile" as const };
  const estimate = valueOf(statFn(ratings));
  if (nUnits === 0) {
    return { ...base, estimate, lower: null, upper: null, reason: "no units to resample", undefinedReplicates: 0 };
  }
  if (estimate === null) {
    return {
      ...base,
      estimate,
      lower: null,
      upper: null,
      reason: "the statistic is undefined on the original data",
      undefinedReplicates: 0,
    };
  }
  const rng = seededRandom(seed);
  const picks = new Int32Array(nUnits);
  const sample: Ratings = Array.from({ length: nCoders }, () => new Array(nUnits));
  const values: number[] = [];
  let undefinedReplicates = 0;
  for (let b = 0; b < iterations; b++) {
    for (let i = 0; i < nUnits; i++) picks[i] = rng.int(nUnits);
    for (let c = 0; c < nCoders; c++) {
      const src = ratings[c];
      const dst = sample[c];
      for (let i = 0; i < nUnits; i++) dst[i] = src[picks[i]];
    }
    // Fresh copies so a statistic that keeps or mutates its input cannot leak between replicates.
    const v = valueOf(statFn(sample.map((row) => row.slice())));
    if (v === null) undefinedReplicates++;
    else values.push(v);
  }
  if (undefinedReplicates > maxUndefinedShare * iterations || values.length === 0) {
    return {
      ...base,
      estimate,
      lower: null,
      upper: null,
      reason: `${undefinedReplicates} of ${iterations} bootstrap replicates are undefined (allowed share ${maxUndefinedShare})`,
      undefinedReplicates,
    };
  }
  values.sort((x, y) => x - y);
  const alpha = (1 - level) / 2;
  return {
    ...base,
    estimate,
    lower: quantile7(values, alpha),
    upper: quantile7(values, 1 - alpha),
    undefinedReplicates,
  };
}

function valueOf(r: AgreementResult | number | null): number | null {
  const v = typeof r === "number" || r === null ? r : r.value;
  if (v !== null && Number.isNaN(v)) throw new Error("bootstrapCI: the statistic returned NaN; return null with a reason");
  return v;
}

/** Quantile of sorted values, linear interpolation (Hyndman & Fan type 7). */
export function quantile7(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
