import { coincidenceMatrix, type CoincidenceMatrix } from "./coincidence-matrix";
import { encodeRatings, type EncodedRatings } from "./encode-ratings";
import type { AgreementResult, AlphaLevel, Code, Ratings } from "./types";

export interface KrippendorffAlphaResult extends AgreementResult {
  level: AlphaLevel;
  /** Number of pairable units (units with at least two values). */
  n: number;
  /** n.., the number of pairable values. */
  pairableValues: number;
  /** D_o, observed disagreement (null when undefined). */
  observedDisagreement: number | null;
  /** D_e, expected disagreement (null when undefined). */
  expectedDisagreement: number | null;
}

/**
 * Krippendorff's alpha for any number of coders, missing values and the
 * nominal, ordinal, interval and ratio levels.
 *
 * α = 1 − D_o / D_e, computed from the coincidence matrix o_ck with marginals
 * n_c and n = Σ n_c (see `coincidence-matrix.ts`):
 *   D_o = (1/n) Σ_c Σ_k o_ck δ²_ck,
 *   D_e = 1/(n(n−1)) Σ_c Σ_k n_c n_k δ²_ck,
 * so α = 1 − (n−1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck.
 *
 * Distances δ²_ck (Krippendorff 2011, section E):
 * - nominal: 0 if c = k, else 1.
 * - ordinal: (Σ_{g=c..k} n_g − (n_c + n_k)/2)², ranks built from the
 *   coincidence-matrix marginals n_g over the numerically sorted values; only
 *   values that occur in pairable units carry weight.
 * - interval: (c − k)².
 * - ratio: ((c − k)/(c + k))²; 0 when c = k = 0. Negative values throw
 *   (a ratio scale has an absolute zero).
 *
 * Source: K. Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability",
 * https://repository.upenn.edu/asc_papers/43/ (worked example: nominal 0.743,
 * ordinal 0.815, interval 0.849, ratio 0.797; see the tests).
 *
 * Conventions:
 * - Units with fewer than two values are not pairable and are ignored, so a
 *   unit coded once never changes α.
 * - Undefined (`value: null` with `reason`): no pairable unit (includes fewer
 *   than two coders and empty input), or all pairable values equal (D_e = 0,
 *   "no variation"). Krippendorff leaves 0/0 undefined; nltk returns 1 there.
 * - Nominal codes may be strings or numbers (`1` and `"1"` differ). Ordinal,
 *   interval and ratio require finite numbers and throw on any other code.
 *
 * Memory: K×K matrix plus a unit-major Int32Array of the codes; never the value
 * pairs (K = number of distinct values).
 *
 * @throws Error on a ragged matrix, invalid code, non-numeric code at a
 *   numeric level, or a negative value at the ratio level.
 * @example krippendorffAlpha([[1, 2, 1], [1, 2, 2]], { level: "nominal" })
 */
export function krippendorffAlpha(ratings: Ratings, opts: { level: AlphaLevel }): KrippendorffAlphaResult {
  return krippendorffAlphaLevels(ratings, [opts?.level])[0];
}

const LEVELS: readonly AlphaLevel[] = ["nominal", "ordinal", "interval", "ratio"];

/**
 * The encoding α needs at these levels (numeric when any level is), which
 * other statistics of the same matrix can share.
 *
 * @throws on an unknown level, or as `encodeRatings` does for the first numeric level.
 */
export function encodeForAlpha(ratings: Ratings, levels: readonly AlphaLevel[]): EncodedRatings {
  for (const level of levels) {
    if (!LEVELS.includes(level)) throw new Error(`krippendorffAlpha: unknown level ${String(level)}; use nominal, ordinal, interval or ratio`);
  }
  const numeric = levels.find((l) => l !== "nominal");
  return encodeRatings(ratings, { numeric: numeric !== undefined, what: `krippendorffAlpha (${numeric ?? "nominal"})` });
}

/**
 * α at several levels of one ratings matrix, from one encoding and one
 * coincidence matrix: the same values as one `krippendorffAlpha` call per
 * level (the coincidences do not depend on the level; only δ² does), at a
 * fraction of the cost when a report wants every level.
 *
 * @throws as `krippendorffAlpha` does for the first numeric level.
 */
export function krippendorffAlphaLevels(ratings: Ratings, levels: readonly AlphaLevel[]): KrippendorffAlphaResult[] {
  return krippendorffAlphaOfEncoded(encodeForAlpha(ratings, levels), levels);
}

/**
 * α at several levels of already encoded ratings. `enc` must come from
 * `encodeRatings` without a `categories` option (categories in their sorted
 * order, which the ordinal, interval and ratio distances rely on).
 */
export function krippendorffAlphaOfEncoded(enc: EncodedRatings, levels: readonly AlphaLevel[]): KrippendorffAlphaResult[] {
  const cm = coincidenceMatrix(enc);
  return levels.map((level) => {
    if (level !== "nominal") {
      enc.categories.forEach((c, i) => {
        if (typeof c !== "number") throw new Error(`krippendorffAlpha (${level}): code ${JSON.stringify(c)} is not numeric; this level needs finite numbers`);
        if (i > 0 && c <= (enc.categories[i - 1] as number)) throw new Error(`krippendorffAlpha (${level}): encoded categories are not in ascending order`);
        if (level === "ratio" && c < 0) throw new Error(`krippendorffAlpha (ratio): negative value ${c}; ratio data must be ≥ 0`);
      });
    }
    return alphaFromCoincidences(cm, enc.categories, level);
  });
}

/**
 * α from a coincidence matrix; `categories` must be sorted ascending for numeric levels.
 * `distances`: δ² from `alphaDistances` for these categories, when the caller computes α of many
 * coincidence matrices over the same categories (the bootstrap); nominal, interval and ratio
 * distances do not depend on the matrix. Ordinal distances do (ranks from the marginals), so
 * they are always computed here.
 */
export function alphaFromCoincidences(
  cm: CoincidenceMatrix,
  categories: readonly Code[],
  level: AlphaLevel,
  distances?: Float64Array,
): KrippendorffAlphaResult {
  const { k, o, marginals, total: n, units } = cm;
  const base = { level, n: units, pairableValues: n };
  if (units === 0) {
    return {
      ...base,
      value: null,
      reason: "no pairable unit: no unit has values from at least two coders",
      observedDisagreement: null,
      expectedDisagreement: null,
    };
  }
  let used = 0;
  for (let c = 0; c < k; c++) if (marginals[c] > 0) used++;
  if (used < 2) {
    return {
      ...base,
      value: null,
      reason: "no variation: all pairable values are equal, so expected disagreement is 0",
      observedDisagreement: 0,
      expectedDisagreement: 0,
    };
  }
  const d2 = distances && level !== "ordinal" ? distances : alphaDistances(categories, marginals, level);
  let sumO = 0;
  let sumE = 0;
  for (let c = 0; c < k; c++) {
    const nc = marginals[c];
    const row = c * k;
    for (let j = 0; j < k; j++) {
      const w = d2[row + j];
      if (w !== 0) {
        sumO += o[row + j] * w;
        sumE += nc * marginals[j] * w;
      }
    }
  }
  const value = 1 - ((n - 1) * sumO) / sumE;
  return {
    ...base,
    value,
    observedDisagreement: sumO / n,
    expectedDisagreement: sumE / (n * (n - 1)),
  };
}

/** δ²_ck for all category pairs (row-major K×K); `marginals` matter at the ordinal level only. */
export function alphaDistances(categories: readonly Code[], marginals: Float64Array, level: AlphaLevel): Float64Array {
  const k = categories.length;
  const d2 = new Float64Array(k * k);
  if (level === "nominal") {
    d2.fill(1);
    for (let c = 0; c < k; c++) d2[c * k + c] = 0;
    return d2;
  }
  const x = categories as readonly number[];
  if (level === "ordinal") {
    // cum[i] = Σ_{g<i} n_g, so Σ_{g=c..j} n_g = cum[j+1] − cum[c].
    const cum = new Float64Array(k + 1);
    for (let c = 0; c < k; c++) cum[c + 1] = cum[c] + marginals[c];
    for (let c = 0; c < k; c++) {
      for (let j = c + 1; j < k; j++) {
        const d = cum[j + 1] - cum[c] - (marginals[c] + marginals[j]) / 2;
        d2[c * k + j] = d2[j * k + c] = d * d;
      }
    }
    return d2;
  }
  for (let c = 0; c < k; c++) {
    for (let j = c + 1; j < k; j++) {
      let d = x[c] - x[j];
      if (level === "ratio") d /= x[c] + x[j]; // c ≠ j and both ≥ 0, so the sum is > 0
      d2[c * k + j] = d2[j * k + c] = d * d;
    }
  }
  return d2;
}
