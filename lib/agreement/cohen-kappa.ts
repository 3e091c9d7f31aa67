import { confusionMatrix } from "./confusion-matrix";
import { mixesKinds } from "./encode-ratings";
import type { AgreementResult, Code, KappaWeights } from "./types";

export interface CohenKappaOptions {
  weights?: KappaWeights;
  /** Ordered category list; fixes the weight positions. */
  categories?: Code[];
}

export interface CohenKappaResult extends AgreementResult {
  /** Units coded by both coders. */
  n: number;
  weights: KappaWeights;
  categories: Code[];
  /** p_o, share of units on which the coders agree. */
  observedAgreement: number | null;
  /** p_e = Σ_i p_i. p_.i, chance agreement from the two marginals. */
  expectedAgreement: number | null;
  /** Weighted only: Σ w_ij p_ij with the disagreement weights below. */
  observedDisagreement?: number | null;
  /** Weighted only: Σ w_ij p_i. p_.j. */
  expectedDisagreement?: number | null;
}

/**
 * Cohen's kappa for two coders, optionally weighted.
 *
 * Unweighted: κ = (p_o − p_e) / (1 − p_e) with p_o the observed share of
 * agreement and p_e = Σ_i p_i. p_.i the agreement expected from each coder's
 * own marginal distribution (Cohen 1960, Educ. Psychol. Meas. 20(1):37–46).
 * Weighted: κ_w = 1 − Σ w_ij p_ij / Σ w_ij p_i. p_.j with disagreement weights
 * w_ij = |i − j| (linear) or (i − j)² (quadratic) (Cohen 1968, Psychol. Bull.
 * 70(4):213–220). Computed from integer counts: κ = (n Σ o_ii − Σ r_i c_i) /
 * (n² − Σ r_i c_i) and κ_w = 1 − n Σ w_ij o_ij / Σ w_ij r_i c_j.
 *
 * Conventions:
 * - Only units coded by both coders are used (`n`).
 * - Weights use the position i, j of a code in the ordered category list, not
 *   its value, as `sklearn.metrics.cohen_kappa_score(weights=...)`,
 *   statsmodels `cohens_kappa` and R irr `kappa2` do. The list is
 *   `opts.categories` when given (recommended for weighted κ, so an unused
 *   middle category still counts as a step); otherwise the codes observed in
 *   the units coded by both, sorted (sklearn with `labels=None`). Weighted κ
 *   of a mix of numbers and strings without `categories` throws (no order).
 * - Undefined (`value: null`, `reason`): no unit coded by both; or p_e = 1
 *   (both coders used one and the same single category, so chance agreement
 *   is perfect and κ is 0/0). sklearn returns NaN there.
 *
 * @throws Error when `a`, `b` differ in length, hold invalid codes, or a code is
 *   missing from `opts.categories`.
 * @example cohenKappa(["y", "y", "n", "n"], ["y", "n", "n", "n"]).value // 0.5
 */
export function cohenKappa(
  a: (Code | null)[],
  b: (Code | null)[],
  opts: CohenKappaOptions = {},
): CohenKappaResult {
  const weights = opts.weights ?? "unweighted";
  if (weights !== "unweighted" && weights !== "linear" && weights !== "quadratic") {
    throw new Error(`cohenKappa: unknown weights ${String(weights)}; use unweighted, linear or quadratic`);
  }
  const cm = confusionMatrix(a, b, { categories: opts.categories });
  const { categories, counts, n } = cm;
  if (weights !== "unweighted" && !opts.categories && mixesKinds(categories)) {
    throw new Error("cohenKappa: weighted kappa of mixed number and string codes needs an ordered categories option");
  }
  const base = { n, weights, categories };
  const weighted = weights !== "unweighted";
  const undefinedDetail = {
    observedAgreement: null,
    expectedAgreement: null,
    ...(weighted ? { observedDisagreement: null, expectedDisagreement: null } : {}),
  };
  if (n === 0) return { ...base, value: null, reason: "no unit coded by both coders", ...undefinedDetail };

  const k = categories.length;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  let diag = 0;
  for (let i = 0; i < k; i++) {
    diag += counts[i][i];
    for (let j = 0; j < k; j++) {
      rows[i] += counts[i][j];
      cols[j] += counts[i][j];
    }
  }
  let chance = 0; // Σ r_i c_i, an integer
  for (let i = 0; i < k; i++) chance += rows[i] * cols[i];
  const n2 = n * n;
  const observedAgreement = diag / n;
  const expectedAgreement = chance / n2;
  if (chance === n2) {
    return {
      ...base,
      value: null,
      reason: "no variation: both coders used only one and the same category, so expected agreement is 1",
      observedAgreement,
      expectedAgreement,
      ...(weighted ? { observedDisagreement: 0, expectedDisagreement: 0 } : {}),
    };
  }
  if (!weighted) {
    return { ...base, value: (n * diag - chance) / (n2 - chance), observedAgreement, expectedAgreement };
  }
  let wo = 0;
  let we = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      const w = weights === "linear" ? Math.abs(i - j) : (i - j) * (i - j);
      wo += w * counts[i][j];
      we += w * rows[i] * cols[j];
    }
  }
  return {
    ...base,
    value: 1 - (n * wo) / we,
    observedAgreement,
    expectedAgreement,
    observedDisagreement: wo / n,
    expectedDisagreement: we / n2,
  };
}
