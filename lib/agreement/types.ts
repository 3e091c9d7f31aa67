/**
 * Shared types of the agreement module. Framework-free: no `next`, `react`
 * or Prisma imports anywhere under `lib/agreement/`.
 */

/** A category or value assigned by a coder. `1` and `"1"` are different codes. */
export type Code = string | number;

/**
 * `ratings[c][u]` is coder c's value for unit u; `null` (or `undefined`, e.g. a
 * hole in a sparse array) means "not coded". Every coder row must have the
 * same length (the number of units); a ragged matrix is an error.
 */
export type Ratings = (Code | null)[][];

/**
 * Result of every statistic. `value === null` means the statistic is
 * undefined for these data and `reason` says why; it is never NaN and never a
 * made-up 0 or 1. Statistics add their own detail (e.g. `n`, units used).
 */
export interface AgreementResult {
  value: number | null;
  reason?: string;
  /** Number of units the statistic used (where meaningful). */
  n?: number;
}

/** Measurement level for Krippendorff's alpha. */
export type AlphaLevel = "nominal" | "ordinal" | "interval" | "ratio";

/** Disagreement weights of weighted Cohen's kappa. */
export type KappaWeights = "unweighted" | "linear" | "quadratic";
