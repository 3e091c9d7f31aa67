import { quantile7 } from "./bootstrap-ci";
import { coincidenceMatrix, type CoincidenceMatrix } from "./coincidence-matrix";
import type { EncodedRatings } from "./encode-ratings";
import { fleissKappaOfEncoded } from "./fleiss-kappa";
import { alphaDistances, alphaFromCoincidences, encodeForAlpha, krippendorffAlphaOfEncoded } from "./krippendorff-alpha";
import { seededRandom } from "./seeded-random";
import type { AlphaLevel, Ratings } from "./types";

/**
 * Study planner (issue 31 point 5): from a pilot's ratings of one field, how wide the 95 % interval
 * of Krippendorff's α (and, at the nominal level, Fleiss' κ) is expected to be for a main study of
 * N items with r raters each, by resampling the pilot.
 *
 * For each (N, r) of the plan, B times: draw N units with replacement from the pilot's units that
 * have at least r values; from each drawn unit draw r of its values without replacement (its
 * raters, in a partial Fisher–Yates shuffle; a unit drawn twice may get different raters); compute
 * the statistic on the N × r sample. Reported: the mean of the B values (the expected α), the 2.5th
 * and 97.5th percentiles (type 7, as the dashboard's bootstrap: `quantile7`) and their difference,
 * the expected width of a 95 % interval of a study of that design.
 *
 * Conventions and why:
 * - Units with fewer than r values are left out for that r (not padded with missing values): a
 *   planned study gives every item r raters, so only pilot units that can show r raters say how
 *   r raters agree. `usableUnits` says how many were left; 0 gives an undefined row with a reason.
 * - Raters are drawn per unit, not as fixed people: the statistic is over r anonymous rater slots,
 *   which is what α and Fleiss' κ assume (neither depends on who the coders are). Cohen's κ is a
 *   statistic of one fixed pair of coders, so it is not planned here.
 * - Fleiss' κ only at the nominal level, where the field's figures carry it (scheme-agreement.ts).
 * - Each (N, r) cell starts its own Mulberry32 stream from `seed` (`seeded-random.ts`, the
 *   dashboard's bootstrap PRNG), so a cell's numbers do not depend on the other cells of the plan.
 *   Draw order per replicate and item: one unit index, then r − j for j = 0…r−1 rater draws.
 * - A replicate whose statistic is undefined (no variation in the sample) is left out and counted
 *   in `undefinedReplicates`; over `maxUndefinedShare` (default 10 %, the dashboard's tolerance)
 *   the row's interval is undefined with a reason rather than resting on the lucky replicates.
 *
 * Cost: B × Σ (N · r) code copies plus one coincidence matrix (K × K) per replicate.
 *
 * @throws Error for a bad plan (non-positive or non-integer N, r < 2, resamples < 1) or as
 *   `krippendorffAlpha` does for codes that do not fit the level.
 */

export interface TStudyPlanOptions {
  level: AlphaLevel;
  /** planned numbers of items N */
  items: readonly number[];
  /** planned numbers of raters per item r (≥ 2) */
  raters: readonly number[];
  /** B, resamples per (N, r) (default 1000) */
  resamples?: number;
  /** PRNG seed (default 1) */
  seed?: number;
  /** largest share of undefined replicates before an interval is undefined (default 0.1) */
  maxUndefinedShare?: number;
}

/** One statistic of one (N, r) cell. */
export interface TPlannedInterval {
  /** the mean of the defined replicates: the expected value of the statistic */
  mean: number | null;
  /** 2.5th and 97.5th percentiles of the replicates */
  lower: number | null;
  upper: number | null;
  /** upper − lower: the expected width of the 95 % interval */
  width: number | null;
  undefinedReplicates: number;
  reason?: string;
}

export interface TStudyPlanRow {
  items: number;
  raters: number;
  /** pilot units with at least `raters` values, the ones resampled */
  usableUnits: number;
  alpha: TPlannedInterval;
  /** Fleiss' κ; present at the nominal level only */
  fleissKappa?: TPlannedInterval;
}

export interface TStudyPlan {
  level: AlphaLevel;
  resamples: number;
  seed: number;
  /** the pilot as it is: units with any value, coders, most values on a unit, α of the whole pilot */
  pilot: { units: number; coders: number; maxRaters: number; alpha: number | null; alphaReason?: string };
  rows: TStudyPlanRow[];
  notes: string[];
}

const QUANTILE = 0.025;

export function studyPlan(ratings: Ratings, opts: TStudyPlanOptions): TStudyPlan {
  const resamples = opts.resamples ?? 1000;
  const seed = opts.seed ?? 1;
  const maxUndefinedShare = opts.maxUndefinedShare ?? 0.1;
  if (!Number.isInteger(resamples) || resamples < 1) throw new Error(`studyPlan: resamples must be a positive integer, got ${resamples}`);
  if (!Number.isInteger(seed)) throw new Error(`studyPlan: seed must be an integer, got ${seed}`);
  for (const n of opts.items) if (!Number.isInteger(n) || n < 1) throw new Error(`studyPlan: a number of items must be a positive integer, got ${n}`);
  for (const r of opts.raters) if (!Number.isInteger(r) || r < 2) throw new Error(`studyPlan: raters per item must be an integer ≥ 2, got ${r}`);
  if (opts.items.length === 0 || opts.raters.length === 0) throw new Error("studyPlan: the plan needs at least one number of items and one number of raters");

  const level = opts.level;
  const enc = encodeForAlpha(ratings, [level]);
  const pilotUnits = unitValues(enc);
  const whole = krippendorffAlphaOfEncoded(enc, [level])[0];
  const maxRaters = pilotUnits.reduce((m, u) => Math.max(m, u.length), 0);
  const nominal = level === "nominal";
  const rows: TStudyPlanRow[] = [];
  for (const r of opts.raters) {
    const usable = pilotUnits.filter((u) => u.length >= r);
    for (const n of opts.items) {
      if (usable.length === 0) {
        const reason = `no pilot unit has ${r} or more values (the most on one unit is ${maxRaters})`;
        const none: TPlannedInterval = { mean: null, lower: null, upper: null, width: null, undefinedReplicates: 0, reason };
        rows.push({ items: n, raters: r, usableUnits: 0, alpha: none, ...(nominal ? { fleissKappa: { ...none } } : {}) });
        continue;
      }
      const cell = resampleCell(usable, enc, level, n, r, resamples, seed, nominal);
      rows.push({
        items: n,
        raters: r,
        usableUnits: usable.length,
        alpha: summarise(cell.alpha, resamples, maxUndefinedShare),
        ...(nominal ? { fleissKappa: summarise(cell.kappa!, resamples, maxUndefinedShare) } : {}),
      });
    }
  }
  const notes = [
    `Each row: ${resamples} resamples of N items drawn with replacement from the pilot's units with at least r values, and r of each drawn unit's values drawn without replacement; width = 97.5th − 2.5th percentile.`,
    "Pilot units with fewer than r values are left out for that r (usable units).",
    nominal ? "Fleiss' κ over the r rater slots; Cohen's κ is for one fixed pair of coders and is not planned." : `Cohen's κ is for one fixed pair of coders and Fleiss' κ needs a nominal field, so only α (${level}) is planned.`,
  ];
  return {
    level,
    resamples,
    seed,
    pilot: { units: pilotUnits.length, coders: enc.nCoders, maxRaters, alpha: whole.value, ...(whole.reason ? { alphaReason: whole.reason } : {}) },
    rows,
    notes,
  };
}

/** Each unit's values (category indices), units without any value left out. */
function unitValues(enc: EncodedRatings): Int32Array[] {
  const out: Int32Array[] = [];
  for (let u = 0; u < enc.nUnits; u++) {
    const vals: number[] = [];
    for (let c = 0; c < enc.nCoders; c++) {
      const v = enc.codes[u * enc.nCoders + c];
      if (v >= 0) vals.push(v);
    }
    if (vals.length > 0) out.push(Int32Array.from(vals));
  }
  return out;
}

function resampleCell(
  usable: readonly Int32Array[],
  enc: EncodedRatings,
  level: AlphaLevel,
  n: number,
  r: number,
  resamples: number,
  seed: number,
  withKappa: boolean,
): { alpha: (number | null)[]; kappa?: (number | null)[] } {
  const rng = seededRandom(seed);
  const sample: EncodedRatings = { nCoders: r, nUnits: n, codes: new Int32Array(n * r), categories: enc.categories };
  const maxK = usable.reduce((m, u) => Math.max(m, u.length), 0);
  const scratch = new Int32Array(maxK);
  // nominal, interval and ratio distances do not depend on the sample; ordinal ones are recomputed per sample
  const distances = level === "ordinal" ? undefined : alphaDistances(enc.categories, new Float64Array(enc.categories.length), level);
  let cm: CoincidenceMatrix | undefined;
  const alpha: (number | null)[] = [];
  const kappa: (number | null)[] = [];
  for (let b = 0; b < resamples; b++) {
    for (let i = 0, d = 0; i < n; i++) {
      const unit = usable[rng.int(usable.length)];
      const k = unit.length;
      scratch.set(unit);
      for (let j = 0; j < r; j++) {
        const t = j + rng.int(k - j);
        const v = scratch[t];
        scratch[t] = scratch[j];
        scratch[j] = v;
        sample.codes[d++] = v;
      }
    }
    cm = coincidenceMatrix(sample, cm);
    alpha.push(alphaFromCoincidences(cm, enc.categories, level, distances).value);
    if (withKappa) kappa.push(fleissKappaOfEncoded(sample).value);
  }
  return withKappa ? { alpha, kappa } : { alpha };
}

function summarise(values: readonly (number | null)[], resamples: number, maxUndefinedShare: number): TPlannedInterval {
  const defined = values.filter((v): v is number => v !== null);
  const undefinedReplicates = values.length - defined.length;
  if (defined.length === 0 || undefinedReplicates > maxUndefinedShare * resamples) {
    return {
      mean: null,
      lower: null,
      upper: null,
      width: null,
      undefinedReplicates,
      reason: `${undefinedReplicates} of ${resamples} resamples are undefined (no variation; allowed share ${maxUndefinedShare})`,
    };
  }
  defined.sort((a, b) => a - b);
  const lower = quantile7(defined, QUANTILE);
  const upper = quantile7(defined, 1 - QUANTILE);
  const mean = defined.reduce((s, v) => s + v, 0) / defined.length;
  return { mean, lower, upper, width: upper - lower, undefinedReplicates };
}
