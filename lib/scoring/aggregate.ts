/**
 * Combining several annotators' values for one item into one value per item
 * (the input of the MMTE score tables).
 *
 * - `mean`: arithmetic mean of the numeric values given (null/undefined are
 *   "not given" and skipped). For Likert fields the result is a real number.
 * - `majority`: the most frequent value (plurality, not necessarily > 50 %).
 *   Ties: if an `order` of the scale is given (ordinal fields: Likert 1..5),
 *   the *lower median* of the tied values in that order wins — for two tied
 *   values that is the lower one, a conservative choice that does not invent
 *   a value nobody gave. Without an order (nominal labels such as
 *   EQUIVALENCE) a tie is undefined, returned with the tied values, because
 *   MMTE resolved such disagreements by expert discussion (MMTE §3.2,
 *   app. A.2) and picking one silently would hide that.
 *
 * No values at all → undefined with the reason.
 */
export type TAggregate<T> =
  | { defined: true; value: T; n: number }
  | { defined: false; value: null; n: number; reason: string; tied?: T[] };

export type TAggregateMethod = "mean" | "majority";

export interface TAggregateOptions<T> {
  /** Scale order for breaking majority ties (ordinal fields). Values not in it are treated as unordered. */
  order?: readonly T[];
}

export function aggregate(values: readonly (number | null | undefined)[], method: "mean"): TAggregate<number>;
export function aggregate<T extends string | number>(
  values: readonly (T | null | undefined)[],
  method: "majority",
  opts?: TAggregateOptions<T>,
): TAggregate<T>;
export function aggregate<T extends string | number>(
  values: readonly (T | null | undefined)[],
  method: TAggregateMethod,
  opts: TAggregateOptions<T> = {},
): TAggregate<T> | TAggregate<number> {
  const given = values.filter((v): v is T => v !== null && v !== undefined && !(typeof v === "number" && Number.isNaN(v)));
  const n = given.length;
  if (n === 0) return { defined: false, value: null, n, reason: "no annotator gave a value" };

  if (method === "mean") {
    if (!given.every((v) => typeof v === "number")) {
      return { defined: false, value: null, n, reason: "mean needs numeric values" };
    }
    return { defined: true, value: (given as number[]).reduce((a, b) => a + b, 0) / n, n };
  }

  const counts = new Map<T, number>();
  for (const v of given) counts.set(v, (counts.get(v) ?? 0) + 1);
  const best = Math.max(...counts.values());
  const tied = [...counts.entries()].filter(([, c]) => c === best).map(([v]) => v);
  if (tied.length === 1) return { defined: true, value: tied[0], n };

  const order = opts.order;
  if (order && tied.every((v) => order.includes(v))) {
    const sorted = [...tied].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    return { defined: true, value: sorted[Math.floor((sorted.length - 1) / 2)], n };
  }
  return { defined: false, value: null, n, reason: `tie between ${tied.join(", ")} (${best} each)`, tied };
}
