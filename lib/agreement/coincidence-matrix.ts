import type { EncodedRatings } from "./encode-ratings";

/**
 * Krippendorff's coincidence matrix (Krippendorff 2011, "Computing
 * Krippendorff's Alpha-Reliability", section B, step 3).
 *
 * o_ck = Σ_u (number of ordered pairs (c, k) of values from different coders
 *        in unit u) / (m_u − 1),
 * summed over the units u with m_u ≥ 2 values ("pairable" units). Units with
 * fewer than two values contribute nothing, so a unit coded once never changes
 * anything computed from the matrix. Marginals n_c = Σ_k o_ck and
 * n = Σ_c n_c (= number of pairable values).
 *
 * Cost: one pass over the values with a per-unit count of categories; memory
 * is one K×K Float64Array plus O(K + coders) scratch, never the value pairs.
 */
export interface CoincidenceMatrix {
  /** Number of categories K (matrix is K×K, row-major). */
  k: number;
  o: Float64Array;
  /** n_c, row sums of `o`. */
  marginals: Float64Array;
  /** n.., the number of pairable values. */
  total: number;
  /** Number of pairable units (units with at least two values). */
  units: number;
}

export function coincidenceMatrix(enc: EncodedRatings, into?: CoincidenceMatrix): CoincidenceMatrix {
  const { nCoders, nUnits, codes } = enc;
  const k = enc.categories.length;
  // `into`: a matrix of the same K to overwrite (the bootstrap counts one per resample)
  const reuse = into !== undefined && into.k === k;
  const o = reuse ? into.o.fill(0) : new Float64Array(k * k);
  const counts = new Int32Array(k);
  const touched = new Int32Array(Math.max(nCoders, 1));
  let units = 0;
  for (let u = 0, base = 0; u < nUnits; u++, base += nCoders) {
    let t = 0;
    let m = 0;
    for (let c = 0; c < nCoders; c++) {
      const v = codes[base + c];
      if (v >= 0) {
        if (counts[v] === 0) touched[t++] = v;
        counts[v]++;
        m++;
      }
    }
    if (m >= 2) {
      units++;
      const inv = 1 / (m - 1);
      for (let i = 0; i < t; i++) {
        const ci = touched[i];
        const ni = counts[ci];
        const row = ci * k;
        o[row + ci] += ni * (ni - 1) * inv;
        for (let j = 0; j < t; j++) {
          if (j !== i) {
            const cj = touched[j];
            o[row + cj] += ni * counts[cj] * inv;
          }
        }
      }
    }
    for (let i = 0; i < t; i++) counts[touched[i]] = 0;
  }
  const marginals = reuse ? into.marginals : new Float64Array(k);
  let total = 0;
  for (let c = 0; c < k; c++) {
    let s = 0;
    for (let j = 0; j < k; j++) s += o[c * k + j];
    marginals[c] = s;
    total += s;
  }
  if (reuse) {
    into.total = total;
    into.units = units;
    return into;
  }
  return { k, o, marginals, total, units };
}
