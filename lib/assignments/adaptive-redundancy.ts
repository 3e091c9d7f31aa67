/**
 * Adaptive redundancy (issue 31 point 3): a budget rule per field. Every item gets k raters; once
 * all of them have submitted, one more (up to `max`) is added only where their values of the
 * rule's field disagree beyond `threshold`. What "disagree" means follows the field's measurement
 * level (lib/schemes/language/measurement-level.ts), so the rule works for every kind that has one:
 *
 * - nominal (choice, boolean, multi, alignment; scale/number declared nominal): any two raters
 *   gave a different label. A multi value is compared as a set; `threshold` is not used.
 * - ordinal, interval, ratio (scale, number, choice listed in order, vector): the largest pairwise
 *   distance exceeds `threshold`, in the field's own units (scale points; option ranks for an
 *   ordinal choice; the largest over a vector's dimensions). `threshold: 1` on a 1–5 scale
 *   tolerates neighbours (4 and 5) and adds a rater for 3 against 5.
 * - spans: the smallest pairwise Dice coefficient of the characters each rater marked, per label,
 *   is below `threshold` (0–1). Dice (2|A∩B| / (|A|+|B|)) rather than Jaccard because it is the
 *   span F1 agreement studies report, and it is symmetric in the two raters; two raters who both
 *   marked nothing agree (1). An empty span (an omission marker, start = end) counts as one
 *   position of its label. The text a span lies on (`on`: target or source) is part of the
 *   position, attributes are not (the label is what the budget is about).
 * - tags: the smallest pairwise share of tokens tagged alike (positions compared; the shorter list
 *   padded as untagged) is below `threshold` (0–1).
 * - text and edit fields have no level and no rule (their agreement is an edit distance).
 *
 * A field anchored to several units of one item (a translation-scope field over four systems)
 * disagrees when any unit does. Only raters who gave a value for a unit are compared there:
 * a unit with fewer than two values says nothing.
 *
 * Pure: no framework or database imports. The data access is lib/db/assignments/adaptive-redundancy.ts.
 */
import { z } from "zod";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { ZFieldId } from "@/lib/schemes/language/scheme-when";
import { measurementLevelOf } from "@/lib/schemes/language/measurement-level";
import { canonicalValue } from "@/lib/schemes/canonical-value";

/** The most raters a rule may ask for per item: a budget rule, not a census. */
export const MAX_RATERS_PER_ITEM = 20;

export const ZAdaptiveRedundancyRule = z
  .object({
    field: ZFieldId,
    k: z.number().int("k must be a whole number").min(1, "k must be at least 1").max(MAX_RATERS_PER_ITEM, `k must be at most ${MAX_RATERS_PER_ITEM}`),
    max: z.number().int("max must be a whole number").min(1, "max must be at least 1").max(MAX_RATERS_PER_ITEM, `max must be at most ${MAX_RATERS_PER_ITEM}`),
    threshold: z.number().finite().min(0, "threshold cannot be negative").default(0),
  })
  .strict()
  .refine((r) => r.max >= r.k, { message: "max must be at least k", path: ["max"] });
export type TAdaptiveRedundancyRule = z.infer<typeof ZAdaptiveRedundancyRule>;

/** How a field's values are compared, decided by its kind and measurement level. */
export type TDisagreementTest =
  | { kind: "label" }
  | { kind: "distance"; threshold: number; rank?: (v: unknown) => number | null }
  | { kind: "span-overlap"; threshold: number }
  | { kind: "token-agreement"; threshold: number };

/** What the settings form and the CLI show next to the threshold. */
export function thresholdMeaning(test: TDisagreementTest["kind"]): string {
  switch (test) {
    case "label":
      return "not used: any different label adds a rater";
    case "distance":
      return "a rater is added when two values lie further apart than this (in the field's units)";
    case "span-overlap":
      return "a rater is added when two raters' marked characters overlap less than this (Dice, 0–1)";
    case "token-agreement":
      return "a rater is added when two raters tag a smaller share of tokens alike than this (0–1)";
  }
}

/**
 * The disagreement test of a rule on its field, or the reason the rule does not fit the field
 * (a text field, a share threshold above 1).
 */
export function disagreementTestOf(field: TSchemeField, threshold: number): TDisagreementTest | { error: string } {
  const level = measurementLevelOf(field);
  if (level === null) return { error: `${field.id} is ${field.kind === "edit" ? "an edit" : "a text"} field: it has no measurement level, so no rule can say its raters disagree` };
  const share = (kind: "span-overlap" | "token-agreement") =>
    threshold > 1 ? { error: `threshold ${threshold} for the ${field.kind} field ${field.id} is a share of agreement between 0 and 1` } : { kind, threshold };
  if (field.kind === "spans") return share("span-overlap");
  if (field.kind === "tags") return share("token-agreement");
  if (field.kind === "alignment" || level === "nominal") return { kind: "label" };
  if (field.kind === "choice") {
    // an ordinal choice: the distance between two options is the number of steps between them in the list
    if (!field.options) return { kind: "label" };
    const ranks = new Map(field.options.map((o, i) => [canonicalValue(o.value), i]));
    return { kind: "distance", threshold, rank: (v) => ranks.get(canonicalValue(v)) ?? null };
  }
  return { kind: "distance", threshold };
}

/** A value as a comparable label: a multi value as its sorted set, anything else canonical. */
function labelOf(v: unknown): string {
  return Array.isArray(v) ? JSON.stringify(v.map(canonicalValue).sort()) : canonicalValue(v);
}

/** The numbers a value contributes per dimension: a scale/number as itself, a vector per dimension. */
function coordinates(v: unknown, rank: ((v: unknown) => number | null) | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (rank) {
    const r = rank(v);
    if (r !== null) out.set("", r);
  } else if (typeof v === "number" && Number.isFinite(v)) out.set("", v);
  else if (v && typeof v === "object" && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) if (typeof x === "number" && Number.isFinite(x)) out.set(k, x);
  }
  return out;
}

/** Largest pairwise distance over every dimension both values have. */
export function maxPairwiseDistance(values: readonly unknown[], rank?: (v: unknown) => number | null): number {
  const byDim = new Map<string, number[]>();
  for (const v of values) for (const [d, x] of coordinates(v, rank)) byDim.set(d, [...(byDim.get(d) ?? []), x]);
  let max = 0;
  // the largest pairwise distance of a set of numbers is its range
  for (const xs of byDim.values()) if (xs.length >= 2) max = Math.max(max, Math.max(...xs) - Math.min(...xs));
  return max;
}

type TSpanLike = { start: number; end: number; label?: unknown; on?: unknown };

/** The positions a spans value covers: one per character and label, one for an empty span. */
export function spanPositions(value: unknown): Set<string> {
  const out = new Set<string>();
  if (!Array.isArray(value)) return out;
  for (const s of value as TSpanLike[]) {
    if (!s || typeof s.start !== "number" || typeof s.end !== "number") continue;
    const prefix = `${String(s.on ?? "target")}\u0000${String(s.label ?? "")}\u0000`;
    if (s.end <= s.start) out.add(`${prefix}@${s.start}`);
    for (let i = s.start; i < s.end; i++) out.add(`${prefix}${i}`);
  }
  return out;
}

/** Dice coefficient of two position sets; 1 when both are empty (both marked nothing: they agree). */
export function diceOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size + b.size === 0) return 1;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return (2 * both) / (a.size + b.size);
}

/** Share of token positions two tag lists tag alike (the shorter padded with untagged); 1 for two empty lists. */
export function tokenAgreement(a: unknown, b: unknown): number {
  const x = Array.isArray(a) ? a : [];
  const y = Array.isArray(b) ? b : [];
  const n = Math.max(x.length, y.length);
  if (n === 0) return 1;
  let same = 0;
  for (let i = 0; i < n; i++) if ((x[i] ?? null) === (y[i] ?? null)) same++;
  return same / n;
}

function minPairwise<T>(values: readonly T[], f: (a: T, b: T) => number): number {
  let min = 1;
  for (let i = 0; i < values.length; i++) for (let j = i + 1; j < values.length; j++) min = Math.min(min, f(values[i], values[j]));
  return min;
}

/** Whether the raters' values of one unit disagree under the test. Fewer than two values never do. */
export function unitDisagrees(test: TDisagreementTest, values: readonly unknown[]): boolean {
  const present = values.filter((v) => v !== undefined && v !== null);
  if (present.length < 2) return false;
  switch (test.kind) {
    case "label":
      return new Set(present.map(labelOf)).size > 1;
    case "distance":
      return maxPairwiseDistance(present, test.rank) > test.threshold;
    case "span-overlap":
      return minPairwise(present.map(spanPositions), diceOverlap) < test.threshold;
    case "token-agreement":
      return minPairwise(present, tokenAgreement) < test.threshold;
  }
}

/**
 * The decision at a submit: another rater is needed when every rater currently on the item has
 * submitted (`done` = `raters`), fewer than `max` are on it, and the submitted values of some unit
 * of the rule's field disagree. `units` holds, per unit of the item, the values of the raters who
 * submitted (one entry per rater, undefined where a rater left the unit empty).
 */
export function needsAnotherRater(
  test: TDisagreementTest,
  rule: Pick<TAdaptiveRedundancyRule, "max">,
  item: { raters: number; done: number; units: readonly (readonly unknown[])[] },
): boolean {
  if (item.done < item.raters || item.raters >= rule.max) return false;
  return item.units.some((values) => unitDisagrees(test, values));
}
