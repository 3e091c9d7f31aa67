/**
 * Pearson product-moment correlation of paired samples:
 *
 *   r = Σ(xᵢ − x̄)(yᵢ − ȳ) / √(Σ(xᵢ − x̄)² · Σ(yᵢ − ȳ)²)
 *
 * Pairs where either value is null/undefined/NaN are dropped (pairwise
 * deletion). Undefined, with the reason, when fewer than two complete pairs
 * remain or either variable has no variance (r would be 0/0) — never a
 * silent 0 or 1. Same value as scipy.stats.pearsonr / numpy.corrcoef.
 *
 * @example pearson([1, 2, 3], [2, 4, 7]) // { defined: true, r: 0.9933992677987828, n: 3 }
 */
export type TPearson = { defined: true; r: number; n: number } | { defined: false; reason: string; n: number };

const ok = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

export function pearson(xs: readonly (number | null | undefined)[], ys: readonly (number | null | undefined)[]): TPearson {
  if (xs.length !== ys.length) throw new RangeError(`pearson: ${xs.length} x values but ${ys.length} y values`);
  // complete pairs into preallocated arrays (this runs 25 times over every translation for figure 4)
  const x = new Float64Array(xs.length);
  const y = new Float64Array(xs.length);
  let n = 0;
  for (let i = 0; i < xs.length; i++) {
    const xv = xs[i];
    const yv = ys[i];
    if (ok(xv) && ok(yv)) {
      x[n] = xv;
      y[n] = yv;
      n++;
    }
  }
  if (n < 2) return { defined: false, reason: `fewer than two complete pairs (n = ${n})`, n };
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) {
    return { defined: false, reason: sxx === 0 && syy === 0 ? "neither variable varies" : `${sxx === 0 ? "x" : "y"} has no variance`, n };
  }
  // Clamp: rounding can push |r| a hair above 1 for perfectly collinear data.
  const r = Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
  return { defined: true, r, n };
}
