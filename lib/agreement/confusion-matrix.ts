import { assertCode, indexCategories, isMissing, sortCodes, type EncodedRatings } from "./encode-ratings";
import type { Code } from "./types";

export interface ConfusionMatrix {
  /** Row/column order. */
  categories: Code[];
  /** counts[i][j] = units where coder a gave categories[i] and coder b gave categories[j]. */
  counts: number[][];
  /** Units coded by both (the sum of `counts`). */
  n: number;
}

/**
 * Confusion (contingency) matrix of two coders: rows are coder `a`, columns
 * coder `b`, cells count the units coded by both.
 *
 * Conventions: units where either coder is missing (`null`/`undefined`) are
 * skipped. Categories are `opts.categories` when given (an observed code
 * outside it throws; unobserved categories get zero rows/columns), else the
 * codes observed in the units coded by both, sorted (numbers ascending, then
 * strings), as `sklearn.metrics.confusion_matrix(a, b)` does with `labels=None`.
 *
 * @throws Error when `a` and `b` differ in length or hold an invalid code.
 * @example confusionMatrix(["x", "y"], ["x", "x"]).counts // [[1, 0], [1, 0]]
 */
export function confusionMatrix(
  a: readonly (Code | null)[],
  b: readonly (Code | null)[],
  opts: { categories?: Code[] } = {},
): ConfusionMatrix {
  if (!Array.isArray(a) || !Array.isArray(b)) throw new Error("confusionMatrix: a and b must be arrays");
  if (a.length !== b.length) {
    throw new Error(`confusionMatrix: a has ${a.length} units but b has ${b.length}`);
  }
  // Pass 1: validate and collect the codes of units coded by both (no per-unit allocation).
  const observed = new Set<Code>();
  let n = 0;
  for (let u = 0; u < a.length; u++) {
    const x = a[u];
    const y = b[u];
    if (!isMissing(x)) assertCode(x, `a[${u}]`);
    if (!isMissing(y)) assertCode(y, `b[${u}]`);
    if (!isMissing(x) && !isMissing(y)) {
      observed.add(x);
      observed.add(y);
      n++;
    }
  }
  let categories: Code[];
  let index: Map<Code, number>;
  if (opts.categories) {
    categories = opts.categories.slice();
    index = indexCategories(categories, false, "confusionMatrix");
    for (const code of observed) {
      if (!index.has(code)) {
        throw new Error(`confusionMatrix: code ${JSON.stringify(code)} is not in the categories option`);
      }
    }
  } else {
    categories = sortCodes(observed);
    index = new Map(categories.map((c, i) => [c, i]));
  }
  // Pass 2: count.
  const k = categories.length;
  const flat = new Float64Array(k * k);
  for (let u = 0; u < a.length; u++) {
    const x = a[u];
    const y = b[u];
    if (!isMissing(x) && !isMissing(y)) flat[index.get(x)! * k + index.get(y)!]++;
  }
  const counts = Array.from({ length: k }, (_, i) => Array.from(flat.subarray(i * k, (i + 1) * k)));
  return { categories, counts, n };
}

/**
 * `confusionMatrix` of coders `a` and `b` (coder indexes) of already encoded
 * ratings: the same categories, counts and n as `confusionMatrix` of the two
 * coders' rows, with no per-unit code lookup (a report takes one matrix per
 * pair and category list from one encoding). `enc` must come from
 * `encodeRatings` without a `categories` option (categories sorted, so the
 * observed ones come out in `confusionMatrix`'s order).
 *
 * @throws Error when a code observed in the units coded by both is not in
 *   `opts.categories`.
 */
export function confusionMatrixOfEncoded(enc: EncodedRatings, a: number, b: number, opts: { categories?: Code[] } = {}): ConfusionMatrix {
  const { nCoders, nUnits, codes } = enc;
  if (!(a >= 0 && a < nCoders && b >= 0 && b < nCoders)) throw new Error(`confusionMatrixOfEncoded: coders ${a} and ${b} out of 0..${nCoders - 1}`);
  const K = enc.categories.length;
  const full = new Float64Array(K * K);
  let n = 0;
  for (let u = 0, base = 0; u < nUnits; u++, base += nCoders) {
    const x = codes[base + a];
    const y = codes[base + b];
    if (x >= 0 && y >= 0) {
      full[x * K + y]++;
      n++;
    }
  }
  const used = new Uint8Array(K);
  for (let x = 0; x < K; x++) {
    for (let y = 0; y < K; y++) {
      if (full[x * K + y] > 0) used[x] = used[y] = 1;
    }
  }
  let categories: Code[];
  const to = new Int32Array(K).fill(-1);
  if (opts.categories) {
    categories = opts.categories.slice();
    const index = indexCategories(categories, false, "confusionMatrix");
    for (let k = 0; k < K; k++) {
      const i = index.get(enc.categories[k]);
      if (i !== undefined) to[k] = i;
      else if (used[k]) throw new Error(`confusionMatrix: code ${JSON.stringify(enc.categories[k])} is not in the categories option`);
    }
  } else {
    categories = [];
    for (let k = 0; k < K; k++) if (used[k]) to[k] = categories.push(enc.categories[k]) - 1;
  }
  const counts = categories.map(() => new Array<number>(categories.length).fill(0));
  for (let x = 0; x < K; x++) {
    for (let y = 0; y < K; y++) {
      const c = full[x * K + y];
      if (c > 0) counts[to[x]][to[y]] += c;
    }
  }
  return { categories, counts, n };
}
