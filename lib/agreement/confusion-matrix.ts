import { assertCode, indexCategories, isMissing, sortCodes } from "./encode-ratings";
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
