/**
 * What an adaptive redundancy rule costs and what it buys (issue 31 point 3), for the dashboard:
 * raters spent against the fixed design that gives every item `max` raters, and Krippendorff's α
 * of the rule's field at its level, with its 95 % percentile bootstrap interval over units
 * (lib/agreement/bootstrap-ci.ts, 1000 replicates, seed 1), once with every rater's value (the
 * adaptive data) and once with the first raters' only (the extra raters' values left out), so the
 * lead sees the extra raters' effect.
 *
 * Codes for α: a scale or number value is its number; an ordinal choice its rank in the options;
 * any other value (choice, boolean, a multi value as its set, an alignment) its label. Spans and
 * tags are coded per character and per token; their α is the field's row of the dashboard's
 * Agreement table (lib/reports/scheme-agreement.ts), not repeated here. Pure.
 */
import { krippendorffAlpha } from "@/lib/agreement/krippendorff-alpha";
import { bootstrapCI } from "@/lib/agreement/bootstrap-ci";
import type { AlphaLevel, Code, Ratings } from "@/lib/agreement/types";
import { canonicalValue } from "@/lib/schemes/canonical-value";
import type { TAdaptiveRedundancyRule, TDisagreementTest } from "./adaptive-redundancy";

export interface TRaterSpend {
  items: number;
  /** raters assigned (skipped assignments left out) */
  spent: number;
  /** what giving every item `max` raters would have cost */
  fixed: number;
  /** what giving every item `k` raters costs: the floor of the adaptive design */
  floor: number;
  /** assignments the rule added */
  extra: number;
  /** items by number of raters */
  byRaters: { raters: number; items: number }[];
}

export function raterSpend(rule: Pick<TAdaptiveRedundancyRule, "k" | "max">, byRaters: readonly { raters: number; items: number; extra: number }[]): TRaterSpend {
  const items = byRaters.reduce((n, r) => n + r.items, 0);
  return {
    items,
    spent: byRaters.reduce((n, r) => n + r.raters * r.items, 0),
    fixed: items * rule.max,
    floor: items * rule.k,
    extra: byRaters.reduce((n, r) => n + r.extra, 0),
    byRaters: byRaters.map((r) => ({ raters: r.raters, items: r.items })).sort((a, b) => a.raters - b.raters),
  };
}

export interface TFieldValue {
  /** the unit: item and the part of it the value is anchored to */
  unit: string;
  annotator: string;
  value: unknown;
  /** from an assignment the rule added */
  adaptive: boolean;
}

export interface TAlphaWithInterval {
  value: number | null;
  lower: number | null;
  upper: number | null;
  units: number;
  reason?: string;
}

function codeOf(test: TDisagreementTest, v: unknown): Code | null {
  if (v === null || v === undefined) return null;
  if (test.kind === "distance") {
    if (test.rank) return test.rank(v);
    return typeof v === "number" && Number.isFinite(v) ? v : null;
  }
  return Array.isArray(v) ? JSON.stringify(v.map(canonicalValue).sort()) : canonicalValue(v);
}

/** α at `level` with its interval over the units in `values`; spans and tags: null with the reason. */
export function alphaWithInterval(test: TDisagreementTest, level: AlphaLevel, values: readonly TFieldValue[]): TAlphaWithInterval {
  if (test.kind === "span-overlap" || test.kind === "token-agreement") {
    return { value: null, lower: null, upper: null, units: 0, reason: "coded per character or token: see the field's α in the Agreement table" };
  }
  const units = [...new Set(values.map((v) => v.unit))].sort();
  const coders = [...new Set(values.map((v) => v.annotator))].sort();
  const u = new Map(units.map((x, i) => [x, i]));
  const c = new Map(coders.map((x, i) => [x, i]));
  const ratings: Ratings = coders.map(() => units.map(() => null));
  for (const v of values) ratings[c.get(v.annotator)!][u.get(v.unit)!] = codeOf(test, v.value);
  // an ordinal choice is ranked, so α at its level needs numbers; a nominal code stays a label
  const alphaLevel = test.kind === "label" ? "nominal" : level;
  const stat = (r: Ratings) => krippendorffAlpha(r, { level: alphaLevel });
  const point = stat(ratings);
  if (point.value === null) return { value: null, lower: null, upper: null, units: units.length, reason: point.reason };
  const ci = bootstrapCI(ratings, stat, { iterations: 1000, seed: 1, maxUndefinedShare: 0.05 });
  return { value: point.value, lower: ci.lower, upper: ci.upper, units: units.length, reason: ci.reason };
}
