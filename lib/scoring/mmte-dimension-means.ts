/**
 * The mean of each MMTE quality dimension over translations, all groups together: what MMTE
 * figure 7 (Wang et al. 2024, §4.4) compares between EN→ZH and EN→IT ("the average evaluation
 * scores ... across all models"). A translation's Authenticity is the mean over its in-scope MRWs
 * (`dimensionValue`, as in table 3). Missing values are dropped per dimension, n per cell; a
 * dimension without values is undefined with a reason.
 */
import { dimensionValue, MMTE_DIMENSIONS, type TMean, type TMmteDimension, type TMmteTranslationValues } from "./mmte-scores";

export function mmteDimensionMeans(records: readonly TMmteTranslationValues[], what = "translations"): Record<TMmteDimension, TMean> {
  const out = {} as Record<TMmteDimension, TMean>;
  for (const dim of MMTE_DIMENSIONS) {
    let sum = 0;
    let n = 0;
    for (const r of records) {
      const v = dimensionValue(r, dim);
      if (v === null) continue;
      sum += v;
      n++;
    }
    out[dim] = n === 0 ? { defined: false, value: null, n: 0, reason: records.length ? `no ${dim} values in these ${what}` : `no ${what}` } : { defined: true, value: sum / n, n };
  }
  return out;
}
