/**
 * Measurement levels (Stevens 1946) decide how agreement treats a field:
 * Krippendorff's α uses the nominal, ordinal, interval or ratio distance, and
 * weighted κ / Pearson r are only computed from ordinal / interval upwards.
 *
 * Each kind has a default and a set of levels that make sense for it. Text
 * and edits have none: they are compared by edit distance, not by α.
 */
import { z } from "zod";

export const MEASUREMENT_LEVELS = ["nominal", "ordinal", "interval", "ratio"] as const;
export const ZMeasurementLevel = z.enum(MEASUREMENT_LEVELS);
export type TMeasurementLevel = z.infer<typeof ZMeasurementLevel>;

export const FIELD_KINDS = ["scale", "choice", "multi", "boolean", "number", "text", "edit", "spans", "tags", "alignment", "vector"] as const;
export type TFieldKind = (typeof FIELD_KINDS)[number];

/**
 * Levels each kind may declare, the default first. Why these:
 * - scale: ordinal by default, since Likert points are ordered but their
 *   distances are a claim the study has to make (0–100 sliders say "interval");
 * - choice: nominal, or ordinal when the options are listed in order;
 * - multi, boolean: only nominal (a set or a yes/no has no order);
 * - number: interval; ratio when zero means "none" (counts, durations);
 * - spans, tags, alignment: agreement on the label / tag / pattern, nominal;
 * - vector: each dimension like a scale, interval by default.
 */
export const LEVELS_BY_KIND: Record<TFieldKind, readonly TMeasurementLevel[]> = {
  scale: ["ordinal", "nominal", "interval", "ratio"],
  choice: ["nominal", "ordinal"],
  multi: ["nominal"],
  boolean: ["nominal"],
  number: ["interval", "nominal", "ordinal", "ratio"],
  text: [],
  edit: [],
  spans: ["nominal"],
  tags: ["nominal"],
  alignment: ["nominal"],
  vector: ["interval", "ordinal", "ratio"],
};

/** The level agreement uses for a field: the declared one, else the kind's default; null for text and edits. */
export function measurementLevelOf(field: { kind: TFieldKind; level?: TMeasurementLevel }): TMeasurementLevel | null {
  return field.level ?? LEVELS_BY_KIND[field.kind][0] ?? null;
}
