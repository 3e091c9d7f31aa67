/**
 * What the EMOS analyses read from a stored vector value: the intensities in the field's declared
 * dimension order (a missing or invalid dimension counts as 0), and the metric names they report.
 */
export const EMOS_METRICS = ["VSS", "LMR", "EDR", "EMOS"] as const;
export type TEmosMetricName = (typeof EMOS_METRICS)[number];

/** A stored vector value ({dimension: intensity}) in the dimensions' order; null when no intensity is positive (nothing to normalise). */
export function vectorOf(value: unknown, dims: readonly string[]): number[] | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = dims.map((d) => {
    const x = (value as Record<string, unknown>)[d];
    return typeof x === "number" && Number.isFinite(x) && x >= 0 ? x : 0;
  });
  return v.some((x) => x > 0) ? v : null;
}
