import type { Code, Ratings } from "./types";

/**
 * Internal: validation and dense integer encoding of codes.
 *
 * Every statistic maps codes to dense category indices once (a `Map`), so the
 * hot loops work on typed arrays and never on strings.
 *
 * Conventions (shared by all statistics):
 * - `null` and `undefined` mean "not coded".
 * - A code is a string (any, including "") or a finite number. NaN, ±Infinity,
 *   booleans, objects and the like throw: they are data errors, not codes.
 * - `1` and `"1"` are different codes (no silent coercion).
 * - Default category order: numbers ascending, then strings in UTF-16 code
 *   unit order (what `np.unique` does for either kind alone).
 */

/** Unit-major dense encoding of a ratings matrix. */
export interface EncodedRatings {
  nCoders: number;
  nUnits: number;
  /** `codes[u * nCoders + c]` = category index of coder c on unit u, -1 = missing. */
  codes: Int32Array;
  /** Category index → code, in the order described by the caller's options. */
  categories: Code[];
}

export interface EncodeOptions {
  /**
   * Require finite numbers (ordinal, interval, ratio levels); categories are
   * then sorted numerically. A string code throws.
   */
  numeric?: boolean;
  /** Name of the statistic/level, used in error messages. */
  what?: string;
  /** Fixed category list; an observed code outside it throws. */
  categories?: Code[];
}

/** True for "not coded". */
export function isMissing(v: unknown): v is null | undefined {
  return v === null || v === undefined;
}

/** Throws unless `v` is a valid code. */
export function assertCode(v: unknown, where: string): asserts v is Code {
  if (typeof v === "string") return;
  if (typeof v === "number" && Number.isFinite(v)) return;
  throw new Error(
    `Invalid code ${describe(v)} at ${where}: a code must be a string or a finite number (null = not coded)`,
  );
}

function describe(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  return Object.prototype.toString.call(v);
}

/** Compare codes: numbers ascending before strings in code-unit order. */
export function compareCodes(a: Code, b: Code): number {
  const na = typeof a === "number";
  const nb = typeof b === "number";
  if (na && nb) return (a as number) - (b as number);
  if (na) return -1;
  if (nb) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorted copy of distinct codes (see `compareCodes`). */
export function sortCodes(codes: Iterable<Code>): Code[] {
  return Array.from(new Set(codes)).sort(compareCodes);
}

/** True when codes mix numbers and strings (then there is no natural order). */
export function mixesKinds(codes: readonly Code[]): boolean {
  let num = false;
  let str = false;
  for (const c of codes) {
    if (typeof c === "number") num = true;
    else str = true;
  }
  return num && str;
}

/**
 * Validates a fixed category list: valid, distinct codes; numeric when
 * `numeric` is set. Returns code → index.
 */
export function indexCategories(categories: readonly Code[], numeric = false, what = "categories"): Map<Code, number> {
  const index = new Map<Code, number>();
  categories.forEach((c, i) => {
    assertCode(c, `${what} option, position ${i}`);
    if (numeric && typeof c !== "number") {
      throw new Error(`${what}: category ${describe(c)} is not numeric`);
    }
    if (index.has(c)) throw new Error(`${what}: duplicate category ${describe(c)}`);
    index.set(c, i);
  });
  return index;
}

/** Throws unless `ratings` is a rectangular array of coder rows. Returns [coders, units]. */
export function ratingsShape(ratings: Ratings): [number, number] {
  if (!Array.isArray(ratings)) throw new Error("ratings must be an array of coder rows");
  const nCoders = ratings.length;
  if (nCoders === 0) return [0, 0];
  for (let c = 0; c < nCoders; c++) {
    if (!Array.isArray(ratings[c])) throw new Error(`ratings[${c}] is not an array`);
  }
  const nUnits = ratings[0].length;
  for (let c = 1; c < nCoders; c++) {
    if (ratings[c].length !== nUnits) {
      throw new Error(
        `ratings must be rectangular: coder 0 has ${nUnits} units, coder ${c} has ${ratings[c].length}`,
      );
    }
  }
  return [nCoders, nUnits];
}

/**
 * Encodes `ratings` to dense category indices. Categories are, in order of
 * precedence: `opts.categories` as given; numerically sorted observed values
 * when `opts.numeric`; otherwise observed codes sorted by `compareCodes`.
 */
export function encodeRatings(ratings: Ratings, opts: EncodeOptions = {}): EncodedRatings {
  const what = opts.what ?? "ratings";
  const [nCoders, nUnits] = ratingsShape(ratings);
  const codes = new Int32Array(nCoders * nUnits);
  const fixed = opts.categories ? indexCategories(opts.categories, opts.numeric, what) : null;
  const index = fixed ?? new Map<Code, number>();
  const seen: Code[] = [];
  // the previous code's index: runs of one code (a spans field's "none") skip the lookup
  let last: unknown = undefined;
  let lastK = -1;
  for (let c = 0; c < nCoders; c++) {
    const row = ratings[c];
    for (let u = 0; u < nUnits; u++) {
      const v = row[u];
      let k = -1;
      if (v === last && lastK >= 0) k = lastK;
      else if (!isMissing(v)) {
        const hit = index.get(v);
        if (hit !== undefined) {
          k = hit;
        } else {
          assertCode(v, `coder ${c}, unit ${u}`);
          if (fixed) {
            throw new Error(`${what}: code ${describe(v)} (coder ${c}, unit ${u}) is not in the categories option`);
          }
          if (opts.numeric && typeof v !== "number") {
            throw new Error(
              `${what}: code ${describe(v)} (coder ${c}, unit ${u}) is not numeric; this level needs finite numbers`,
            );
          }
          k = seen.length;
          index.set(v, k);
          seen.push(v);
        }
        last = v;
        lastK = k;
      }
      codes[u * nCoders + c] = k;
    }
  }
  if (fixed) return { nCoders, nUnits, codes, categories: opts.categories!.slice() };

  // Re-index observed codes into sorted order.
  const sorted = seen.slice().sort(compareCodes);
  const remap = new Int32Array(seen.length);
  const rank = new Map<Code, number>();
  sorted.forEach((c, i) => rank.set(c, i));
  for (let i = 0; i < seen.length; i++) remap[i] = rank.get(seen[i])!;
  for (let i = 0; i < codes.length; i++) {
    const k = codes[i];
    if (k >= 0) codes[i] = remap[k];
  }
  return { nCoders, nUnits, codes, categories: sorted };
}
