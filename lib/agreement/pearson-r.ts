import { isMissing, type EncodedRatings } from "./encode-ratings";
import type { AgreementResult } from "./types";

export interface PearsonRResult extends AgreementResult {
  /** Units where both values are present. */
  n: number;
}

/**
 * Pearson's product-moment correlation of two coders' numeric values.
 *
 * r = Σ (x_i − x̄)(y_i − ȳ) / sqrt(Σ (x_i − x̄)² Σ (y_i − ȳ)²), computed with
 * the two-pass (centred) sums for accuracy and clamped to [−1, 1] against
 * rounding, as `scipy.stats.pearsonr` does. Source: any statistics text, e.g.
 * NIST/SEMATECH e-Handbook of Statistical Methods, section 1.3.5.
 *
 * Conventions: only units where both values are present are used (`n`).
 * Undefined (`value: null`, `reason`): fewer than two such units, or zero
 * variance in either coder (r is 0/0). With n = 2 and distinct values r is ±1,
 * which is correct but uninformative.
 *
 * @throws Error when the arrays differ in length or hold a non-finite or
 *   non-numeric value.
 * @example pearsonR([1, 2, 3], [2, 4, 7]).value
 */
export function pearsonR(a: (number | null)[], b: (number | null)[]): PearsonRResult {
  if (!Array.isArray(a) || !Array.isArray(b)) throw new Error("pearsonR: a and b must be arrays");
  if (a.length !== b.length) throw new Error(`pearsonR: a has ${a.length} units but b has ${b.length}`);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let u = 0; u < a.length; u++) {
    const x = a[u];
    const y = b[u];
    // (checked without building a pair per unit: this runs for every unit of every pair)
    if (!isMissing(x) && (typeof x !== "number" || !Number.isFinite(x))) throw new Error(`pearsonR: a[${u}] = ${String(x)} is not a finite number`);
    if (!isMissing(y) && (typeof y !== "number" || !Number.isFinite(y))) throw new Error(`pearsonR: b[${u}] = ${String(y)} is not a finite number`);
    if (!isMissing(x) && !isMissing(y)) {
      xs.push(x);
      ys.push(y);
    }
  }
  return pearsonOfPaired(xs, ys);
}

/**
 * `pearsonR` of coders `a` and `b` of encoded ratings whose categories are
 * numbers (the bootstrap's resamples, lib/reports/ratings-figures.ts): the
 * same pairs in the same order, so the same arithmetic and the same value.
 */
export function pearsonROfEncoded(enc: EncodedRatings, a: number, b: number): PearsonRResult {
  const { nCoders, nUnits, codes, categories } = enc;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let u = 0, base = 0; u < nUnits; u++, base += nCoders) {
    const x = codes[base + a];
    const y = codes[base + b];
    if (x >= 0 && y >= 0) {
      const vx = categories[x];
      const vy = categories[y];
      if (typeof vx !== "number" || typeof vy !== "number") throw new Error("pearsonROfEncoded: categories must be numbers");
      xs.push(vx);
      ys.push(vy);
    }
  }
  return pearsonOfPaired(xs, ys);
}

/**
 * r of values present in both (xs[i] pairs with ys[i]), summed in a canonical order: the pairs
 * sorted by (x, y). Floating-point sums depend on their order, and the order of units follows the
 * order PostgreSQL returns rows in, which moves with concurrent writes elsewhere in the table; a
 * figure must not move when nothing was annotated, not even in its last digit.
 */
function pearsonOfPaired(xsIn: number[], ysIn: number[]): PearsonRResult {
  const n = xsIn.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => xsIn[i] - xsIn[j] || ysIn[i] - ysIn[j]);
  const xs = order.map((i) => xsIn[i]);
  const ys = order.map((i) => ysIn[i]);
  if (n < 2) return { value: null, reason: "fewer than two units coded by both", n };
  // Test constancy on the values themselves: a centred sum of a constant such
  // as 0.1 can round to a tiny non-zero number instead of 0.
  const constA = xs.every((v) => v === xs[0]);
  const constB = ys.every((v) => v === ys[0]);
  if (constA || constB) {
    return { value: null, reason: `zero variance: ${constA ? "a" : "b"} is constant on the units coded by both`, n };
  }
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  if (!(sxx > 0 && syy > 0)) {
    // Only reachable when squared deviations underflow (values ~1e-160 apart).
    return { value: null, reason: "zero variance after rounding: deviations underflow", n };
  }
  // One square root rounds once (exact ±1 for e.g. (1,2,3) vs (3,2,1)); fall back to
  // two roots only if the product overflows.
  let denom = Math.sqrt(sxx * syy);
  if (!Number.isFinite(denom)) denom = Math.sqrt(sxx) * Math.sqrt(syy);
  const r = sxy / denom;
  return { value: Math.max(-1, Math.min(1, r)), n };
}
