import { cohenKappa, type CohenKappaResult } from "./cohen-kappa";
import { mixesKinds, ratingsShape, sortCodes, isMissing, assertCode } from "./encode-ratings";
import type { Code, KappaWeights, Ratings } from "./types";

export interface PairwiseCohenMatrix {
  /** Number of coders k (the matrix is k×k). */
  coders: number;
  /** values[i][j] = κ of coders i and j, null when undefined; symmetric. */
  values: (number | null)[][];
  /** Full results, including `n` (units coded by both) and `reason`. */
  results: CohenKappaResult[][];
  /** Category order used for every pair. */
  categories: Code[];
  weights: KappaWeights;
}

/**
 * Cohen's kappa for every pair of k coders (see `cohen-kappa.ts` for the
 * formula and conventions).
 *
 * Conventions:
 * - Each pair uses only the units both of its coders coded.
 * - Every pair uses one category list: `opts.categories` when given, else the
 *   codes observed across all coders, sorted. This keeps weighted κ on one
 *   scale across the matrix (a pair that never used a middle category still
 *   counts it as a step), unlike calling sklearn per pair with `labels=None`.
 * - The diagonal is computed like any other cell, κ(a, a): 1, or null when
 *   the coder used a single category (or coded nothing).
 * - No average is reported; Light's kappa (mean over pairs) would have to
 *   decide what to do with undefined pairs.
 *
 * @throws Error on a ragged matrix or an invalid code; weighted κ with mixed
 *   number and string codes needs `opts.categories`.
 */
export function pairwiseCohenMatrix(
  ratings: Ratings,
  opts: { weights?: KappaWeights; categories?: Code[] } = {},
): PairwiseCohenMatrix {
  const [k, nUnits] = ratingsShape(ratings);
  const weights = opts.weights ?? "unweighted";
  let categories = opts.categories?.slice();
  if (!categories) {
    const seen = new Set<Code>();
    for (let c = 0; c < k; c++) {
      for (let u = 0; u < nUnits; u++) {
        const v = ratings[c][u];
        if (isMissing(v)) continue;
        assertCode(v, `coder ${c}, unit ${u}`);
        seen.add(v);
      }
    }
    categories = sortCodes(seen);
    if (weights !== "unweighted" && mixesKinds(categories)) {
      throw new Error("pairwiseCohenMatrix: weighted kappa of mixed number and string codes needs an ordered categories option");
    }
  }
  const results: CohenKappaResult[][] = Array.from({ length: k }, () => new Array<CohenKappaResult>(k));
  for (let i = 0; i < k; i++) {
    for (let j = i; j < k; j++) {
      const r = cohenKappa(ratings[i], ratings[j], { weights, categories });
      results[i][j] = r;
      // κ is symmetric in the two coders (the confusion matrix transposes).
      results[j][i] = r;
    }
  }
  return { coders: k, values: results.map((row) => row.map((r) => r.value)), results, categories, weights };
}
