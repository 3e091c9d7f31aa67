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
  const { xs, ys } = sortedPairs(xsIn, ysIn);
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

/** Largest grid of distinct (x, y) integer pairs sorted by counting (Likert scales, counts, 0–100 scores). */
const COUNTING_SORT_CELLS = 1 << 16;

/**
 * The pairs sorted by (x, y). Pairs of small integers (every Likert and count field: the dashboard
 * sorts tens of thousands of them per annotator pair) are sorted by counting, in linear time; any
 * other values by comparison. Equal pairs are indistinguishable, so both give the same sequence
 * and the sums that follow are the same to the last bit (pearson-r.test.ts checks it).
 */
export function sortedPairs(xsIn: readonly number[], ysIn: readonly number[]): { xs: number[]; ys: number[] } {
  const n = xsIn.length;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let integers = true;
  for (let i = 0; i < n && integers; i++) {
    const x = xsIn[i];
    const y = ysIn[i];
    if (!Number.isInteger(x) || !Number.isInteger(y) || Object.is(x, -0) || Object.is(y, -0)) integers = false;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const spanY = maxY - minY + 1;
  if (n > 0 && integers && (maxX - minX + 1) * spanY <= COUNTING_SORT_CELLS) {
    const counts = new Uint32Array((maxX - minX + 1) * spanY);
    for (let i = 0; i < n; i++) counts[(xsIn[i] - minX) * spanY + (ysIn[i] - minY)]++;
    const xs = new Array<number>(n);
    const ys = new Array<number>(n);
    let k = 0;
    for (let cell = 0; cell < counts.length; cell++) {
      const c = counts[cell];
      if (c === 0) continue;
      const x = minX + Math.floor(cell / spanY);
      const y = minY + (cell % spanY);
      for (let j = 0; j < c; j++, k++) {
        xs[k] = x;
        ys[k] = y;
      }
    }
    return { xs, ys };
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => xsIn[i] - xsIn[j] || ysIn[i] - ysIn[j]);
  return { xs: order.map((i) => xsIn[i]), ys: order.map((i) => ysIn[i]) };
}
