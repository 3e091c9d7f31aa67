/**
 * Spearman's rank correlation of paired samples: Pearson's r of the ranks,
 *
 *   ρ = r(rank(x), rank(y))
 *
 * with tied values given the mean of the ranks they span ("average" ranks, Spearman 1904; the
 * convention of scipy.stats.spearmanr). Pairs where either value is missing are dropped first
 * (pairwise deletion), then ranked. Undefined, with the reason, when fewer than two complete pairs
 * remain or either variable is constant (as `pearson`). Used for the correlation of an imported
 * metric (BERTScore, COMET …) with a human criterion, beside Pearson's r (MMTE §4.2).
 *
 * @example spearman([1, 2, 3], [1, 4, 9]) // { defined: true, r: 1, n: 3 }
 */
import { pearson, type TPearson } from "./pearson";

const ok = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** Average ranks (1-based) of `values`: ties share the mean of the ranks they occupy. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const ranks = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k][1]] = rank;
    i = j + 1;
  }
  return ranks;
}

export function spearman(xs: readonly (number | null | undefined)[], ys: readonly (number | null | undefined)[]): TPearson {
  if (xs.length !== ys.length) throw new RangeError(`spearman: ${xs.length} x values but ${ys.length} y values`);
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    const xv = xs[i];
    const yv = ys[i];
    if (ok(xv) && ok(yv)) {
      x.push(xv);
      y.push(yv);
    }
  }
  return pearson(averageRanks(x), averageRanks(y));
}
