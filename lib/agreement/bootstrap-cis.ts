import { quantile7, type BootstrapOptions, type BootstrapResult } from "./bootstrap-ci";
import type { EncodedRatings } from "./encode-ratings";
import { seededRandom } from "./seeded-random";

/**
 * Percentile bootstrap intervals of several statistics of one ratings matrix
 * from ONE set of resamples of its units.
 *
 * `bootstrapCI` draws its own resamples for every statistic and hands each a
 * fresh copy of the resampled matrix, which the statistic then re-encodes: a
 * report with every α level, every κ weighting of every pair, Pearson r and
 * exact agreement per field repeated that B times per figure (issue 13: the
 * demo dashboard took seconds, almost all of it here). This draws the
 * resamples once and lets `replicate` compute every statistic on each, from
 * the already encoded codes (`resampleEncoded`).
 *
 * Same numbers as `bootstrapCI`: the PRNG (seeded Mulberry32) is drawn in the
 * same order (`iterations` × `nUnits` unit indices), so with the same seed
 * replicate b resamples the same units as `bootstrapCI`'s replicate b, and
 * each interval equals `bootstrapCI(ratings, stat_i, opts)` as long as
 * `replicate` computes stat_i as that function would (tested). The rules for
 * undefined intervals (no units; statistic undefined on the data; more than
 * `maxUndefinedShare` undefined replicates) and the type-7 quantiles are
 * those of `bootstrapCI`.
 *
 * @param nUnits units (columns) resampled
 * @param estimates each statistic on the original data (null = undefined: its
 *   interval is undefined and its replicates are not looked at)
 * @param replicate writes each statistic's value on the resample `picks`
 *   (picks[i] = original unit at position i) into `out` (null = undefined)
 * @throws Error for a bad option, or when a replicate is NaN.
 */
export function bootstrapCIs(
  nUnits: number,
  estimates: readonly (number | null)[],
  replicate: (picks: Int32Array, out: (number | null)[]) => void,
  opts: BootstrapOptions = {},
): BootstrapResult[] {
  const iterations = opts.iterations ?? 1000;
  const seed = opts.seed ?? 1;
  const level = opts.level ?? 0.95;
  const maxUndefinedShare = opts.maxUndefinedShare ?? 0;
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error(`bootstrapCIs: iterations must be a positive integer`);
  if (!(level > 0 && level < 1)) throw new Error(`bootstrapCIs: level must be in (0, 1), got ${level}`);
  if (!(maxUndefinedShare >= 0 && maxUndefinedShare <= 1)) throw new Error(`bootstrapCIs: maxUndefinedShare must be in [0, 1]`);
  const k = estimates.length;
  const base = { level, iterations, seed, n: nUnits, method: "percentile" as const };
  if (nUnits === 0) return estimates.map((estimate) => ({ ...base, estimate, lower: null, upper: null, reason: "no units to resample", undefinedReplicates: 0 }));
  const live = estimates.map((e) => e !== null);
  const values = estimates.map((e) => (e === null ? new Float64Array(0) : new Float64Array(iterations)));
  const defined = new Int32Array(k);
  const undefinedReplicates = new Int32Array(k);
  if (live.some(Boolean)) {
    const rng = seededRandom(seed);
    const picks = new Int32Array(nUnits);
    const out = new Array<number | null>(k).fill(null);
    for (let b = 0; b < iterations; b++) {
      for (let i = 0; i < nUnits; i++) picks[i] = rng.int(nUnits);
      out.fill(null);
      replicate(picks, out);
      for (let s = 0; s < k; s++) {
        if (!live[s]) continue;
        const v = out[s];
        if (v === null || v === undefined) undefinedReplicates[s]++;
        else if (Number.isNaN(v)) throw new Error(`bootstrapCIs: statistic ${s} returned NaN; return null with a reason`);
        else values[s][defined[s]++] = v;
      }
    }
  }
  const alpha = (1 - level) / 2;
  return estimates.map((estimate, s) => {
    if (estimate === null) return { ...base, estimate, lower: null, upper: null, reason: "the statistic is undefined on the original data", undefinedReplicates: 0 };
    const u = undefinedReplicates[s];
    if (u > maxUndefinedShare * iterations || defined[s] === 0) {
      return { ...base, estimate, lower: null, upper: null, reason: `${u} of ${iterations} bootstrap replicates are undefined (allowed share ${maxUndefinedShare})`, undefinedReplicates: u };
    }
    const sorted = Array.from(values[s].subarray(0, defined[s])).sort((x, y) => x - y);
    return { ...base, estimate, lower: quantile7(sorted, alpha), upper: quantile7(sorted, 1 - alpha), undefinedReplicates: u };
  });
}

/**
 * The encoded ratings of a resample: unit i of the result is unit picks[i] of
 * `enc`, same coders and categories. Writes into `into` when given (one
 * buffer for all replicates).
 */
export function resampleEncoded(enc: EncodedRatings, picks: Int32Array, into?: EncodedRatings): EncodedRatings {
  const { nCoders, codes } = enc;
  const nUnits = picks.length;
  const out = into ?? { nCoders, nUnits, codes: new Int32Array(nCoders * nUnits), categories: enc.categories };
  const dst = out.codes;
  for (let i = 0, d = 0; i < nUnits; i++) {
    const s = picks[i] * nCoders;
    for (let c = 0; c < nCoders; c++) dst[d++] = codes[s + c];
  }
  return out;
}
