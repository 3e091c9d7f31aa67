import { encodeRatings, type EncodedRatings } from "./encode-ratings";
import type { AgreementResult, Code, Ratings } from "./types";

export interface FleissCategoryKappa {
  category: Code;
  value: number | null;
  reason?: string;
}

export interface FleissKappaResult extends AgreementResult {
  perCategory: FleissCategoryKappa[];
  /** Units used (N): those with exactly `ratersPerUnit` ratings. */
  n: number;
  /** Ratings per used unit (n in Fleiss' notation); null when no unit qualifies. */
  ratersPerUnit: number | null;
  /** Units left out because their number of ratings differs from `ratersPerUnit`. */
  excludedUnits: number;
  categories: Code[];
  /** P̄, mean pairwise agreement over the used units. */
  observedAgreement: number | null;
  /** P̄_e = Σ_j p_j², chance agreement from the pooled category shares. */
  expectedAgreement: number | null;
}

/**
 * Fleiss' kappa for many raters (Fleiss 1971, "Measuring nominal scale
 * agreement among many raters", Psychol. Bull. 76(5):378–382, eqs. 2–10).
 *
 * With N units each rated by n raters and n_ij raters putting unit i in
 * category j: p_j = Σ_i n_ij / (N n), P_i = Σ_j n_ij (n_ij − 1) / (n (n − 1)),
 * P̄ = mean P_i, P̄_e = Σ_j p_j², κ = (P̄ − P̄_e) / (1 − P̄_e).
 * Per category (Fleiss 1971, eq. 12): κ_j = 1 − Σ_i n_ij (n − n_ij) /
 * (N n (n − 1) p_j (1 − p_j)).
 * Same value as statsmodels `fleiss_kappa(aggregate_raters(data)[0])` and
 * R irr `kappam.fleiss`.
 *
 * Missing ratings: the formula needs the same number of ratings n for every
 * unit. We use n = the most common number of ratings among units with at
 * least two ratings (ties go to the larger number; with complete data this is
 * the number of coders) and only the units with exactly n ratings; the others
 * are left out and counted in `excludedUnits`, never imputed. Raters need not
 * be the same people across units (as in Fleiss' design). Check
 * `excludedUnits` before quoting; use Krippendorff's alpha for data with
 * substantial missingness.
 *
 * Undefined (`value: null`, `reason`): fewer than two coders; no unit with two
 * or more ratings; P̄_e = 1 (every rating in one category). Per category:
 * null when the category is never or always used (p_j ∈ {0, 1}).
 *
 * Categories: `opts.categories` when given (unobserved ones get a null
 * per-category value and do not change κ; an observed code outside the list
 * throws), else the observed codes sorted.
 *
 * @throws Error on a ragged matrix or an invalid code.
 * @example fleissKappa([[1, 2, 2], [1, 2, 1], [1, 2, 2]]).value
 */
export function fleissKappa(ratings: Ratings, opts: { categories?: Code[] } = {}): FleissKappaResult {
  return fleissKappaOfEncoded(encodeRatings(ratings, { categories: opts.categories, what: "fleissKappa" }));
}

/** `fleissKappa` of already encoded ratings (categories as encoded: the given list, or the observed codes sorted). */
export function fleissKappaOfEncoded(enc: EncodedRatings): FleissKappaResult {
  const { nCoders, nUnits, codes, categories } = enc;
  const k = categories.length;

  const undefinedResult = (reason: string, extra: Partial<FleissKappaResult> = {}): FleissKappaResult => ({
    value: null,
    reason,
    perCategory: categories.map((category) => ({ category, value: null, reason })),
    n: 0,
    ratersPerUnit: null,
    excludedUnits: nUnits,
    categories,
    observedAgreement: null,
    expectedAgreement: null,
    ...extra,
  });
  if (nCoders < 2) return undefinedResult("fewer than two coders");

  // Number of ratings per unit, and the modal count among units with ≥ 2.
  const perUnit = new Int32Array(nUnits);
  const freq = new Int32Array(nCoders + 1);
  for (let u = 0, base = 0; u < nUnits; u++, base += nCoders) {
    let m = 0;
    for (let c = 0; c < nCoders; c++) if (codes[base + c] >= 0) m++;
    perUnit[u] = m;
    freq[m]++;
  }
  let n = 0;
  let best = 0;
  // Descending with a strict ">" so that ties go to the larger count.
  for (let m = nCoders; m >= 2; m--) {
    if (freq[m] > best) {
      best = freq[m];
      n = m;
    }
  }
  if (n === 0) return undefinedResult("no unit has ratings from at least two coders");

  const totals = new Float64Array(k); // Σ_i n_ij
  const counts = new Int32Array(k);
  const disagree = new Float64Array(k); // Σ_i n_ij (n − n_ij)
  let sumSquares = 0; // Σ_i Σ_j n_ij², an integer
  let used = 0;
  for (let u = 0, base = 0; u < nUnits; u++, base += nCoders) {
    if (perUnit[u] !== n) continue;
    used++;
    for (let c = 0; c < nCoders; c++) {
      const v = codes[base + c];
      if (v >= 0) counts[v]++;
    }
    for (let j = 0; j < k; j++) {
      const nij = counts[j];
      if (nij > 0) {
        totals[j] += nij;
        sumSquares += nij * nij;
        disagree[j] += nij * (n - nij);
        counts[j] = 0;
      }
    }
  }
  const ratingsUsed = used * n;
  const observedAgreement = (sumSquares - ratingsUsed) / (ratingsUsed * (n - 1));
  let expectedAgreement = 0;
  for (let j = 0; j < k; j++) {
    const p = totals[j] / ratingsUsed;
    expectedAgreement += p * p;
  }
  const detail = { n: used, ratersPerUnit: n, excludedUnits: nUnits - used, categories };
  const perCategory: FleissCategoryKappa[] = categories.map((category, j) => {
    const p = totals[j] / ratingsUsed;
    if (totals[j] === 0) return { category, value: null, reason: "category never used" };
    if (totals[j] === ratingsUsed) return { category, value: null, reason: "category used for every rating" };
    return { category, value: 1 - disagree[j] / (ratingsUsed * (n - 1) * p * (1 - p)) };
  });
  let single = 0;
  for (let j = 0; j < k; j++) if (totals[j] > 0) single++;
  if (single < 2) {
    return {
      ...undefinedResult("no variation: every rating is in the same category, so expected agreement is 1", detail),
      perCategory,
      observedAgreement,
      expectedAgreement: 1,
    };
  }
  return {
    value: (observedAgreement - expectedAgreement) / (1 - expectedAgreement),
    perCategory,
    ...detail,
    observedAgreement,
    expectedAgreement,
  };
}
