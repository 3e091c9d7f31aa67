/**
 * The explicit "nothing to mark" answer of a spans field: the value `[]`, which says "looked at,
 * nothing found" and counts in agreement, as against no value ("not done"). A field that
 * declares `none` (MQM's No error) uses its own label and key. Every other spans field gets the
 * answer too, so that "nothing marked" can always be said (issue 28 point 1: MetaHOPE's error
 * list, whose preset declares no `none`, could otherwise be submitted only with a span in every
 * translation, where the built-in workspace has "Review done"): labelled "Nothing to mark", its key
 * the first of n, x, - that none of the field's own keys uses. Pure; the workspace's button, its
 * keyboard and its cheat sheet all read it from here.
 */
import type { TSchemeField } from "./scheme-field";

type TSpans = Extract<TSchemeField, { kind: "spans" }>;

export interface TSpanNone {
  label: string;
  key?: string;
  description?: string;
}

const DERIVED_KEYS = ["n", "x", "-"];

/** The keys a spans field binds itself: label keys (Shift with them: a position) and attribute option keys. */
function ownKeys(field: TSpans): Set<string> {
  const keys = [...field.labels.map((l) => l.key), ...field.attributes.flatMap((a) => a.options.map((o) => o.key))];
  return new Set(keys.filter((k): k is string => typeof k === "string").map((k) => k.toLowerCase()));
}

/** The field's "nothing to mark" answer: its declared `none`, else the derived one. */
export function spanNoneOf(field: TSpans): TSpanNone {
  if (field.none) return field.none;
  const taken = ownKeys(field);
  return {
    label: "Nothing to mark",
    key: DERIVED_KEYS.find((k) => !taken.has(k)),
    description: "Reviewed: nothing to mark here (stored as an empty list, which counts in agreement; not the same as not done)",
  };
}
