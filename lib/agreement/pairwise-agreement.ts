import { encodeRatings } from "./encode-ratings";
import type { AgreementResult, Ratings } from "./types";

export interface PairwiseAgreementResult extends AgreementResult {
  /** Units with at least two values. */
  n: number;
}

/**
 * Mean pairwise agreement (Fleiss' P̄): for each unit, the share of agreeing
 * pairs among its coders, averaged over units.
 *
 * P_u = Σ_j n_uj (n_uj − 1) / (m_u (m_u − 1)), with m_u values in unit u and
 * n_uj of them in category j; value = mean of P_u over units with m_u ≥ 2.
 * Source: Fleiss (1971), Psychol. Bull. 76(5):378–382, eqs. 6–7; with complete
 * data it equals `fleissKappa(...).observedAgreement`.
 *
 * Conventions: a unit with missing values uses the pairs among the coders
 * who coded it (its own m_u), and every used unit weighs the same. Units with
 * fewer than two values have no pair and are left out. Undefined
 * (`value: null`, `reason`): fewer than two coders, or no unit with two values.
 *
 * @throws Error on a ragged matrix or an invalid code.
 * @example pairwiseAgreement([[1, 1], [1, 2], [1, 2]]).value // (1 + 1/3) / 2
 */
export function pairwiseAgreement(ratings: Ratings): PairwiseAgreementResult {
  const { nCoders, nUnits, codes, categories } = encodeRatings(ratings, { what: "pairwiseAgreement" });
  if (nCoders < 2) return { value: null, reason: "fewer than two coders", n: 0 };
  const counts = new Int32Array(categories.length);
  const touched = new Int32Array(nCoders);
  let n = 0;
  let sum = 0;
  for (let u = 0, base = 0; u < nUnits; u++, base += nCoders) {
    let m = 0;
    let t = 0;
    for (let c = 0; c < nCoders; c++) {
      const v = codes[base + c];
      if (v >= 0) {
        if (counts[v] === 0) touched[t++] = v;
        counts[v]++;
        m++;
      }
    }
    let pairs = 0;
    for (let i = 0; i < t; i++) {
      const nj = counts[touched[i]];
      pairs += nj * (nj - 1);
      counts[touched[i]] = 0;
    }
    if (m >= 2) {
      n++;
      sum += pairs / (m * (m - 1));
    }
  }
  if (n === 0) return { value: null, reason: "no unit has values from at least two coders", n };
  return { value: sum / n, n };
}
