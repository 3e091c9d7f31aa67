/**
 * What a reader must know next to an agreement figure: how many units and
 * raters it rests on, why it is missing, and whether it is too small to
 * trust. Pure, so the dashboard, the CSV/JSON exports and the CLI say the same.
 *
 * Why this exists (issue 13, point 3): a Fleiss' κ over one item with two
 * disagreeing raters is exactly −1, and its bootstrap over that one unit
 * resamples the same item every time, giving the "interval" [−1, −1]. Printed
 * without n that looks like a firm, total disagreement. So:
 * - below MIN_UNITS_FOR_INTERVAL units the bootstrap interval is not computed
 *   (a percentile bootstrap over 1–4 units has at most a few distinct
 *   resamples: the interval only restates the data);
 * - below SMALL_SAMPLE_UNITS units the figure (and its interval) carries a
 *   small-sample warning (10 is a floor for "do not read anything into
 *   it", not a recommended sample size);
 * - an undefined figure says in words which situation made it undefined,
 *   translated from the statistic's own reason (lib/agreement), never a bare
 *   "undefined".
 */
import type { TAgreementFigure } from "./agreement-figure";

/** Below this many units a bootstrap interval is not computed. */
export const MIN_UNITS_FOR_INTERVAL = 5;
/** Below this many units a figure carries a small-sample warning. */
export const SMALL_SAMPLE_UNITS = 10;

export type TFigureStatus = "ok" | "small-sample" | "missing";

export interface TFigureNote {
  status: TFigureStatus;
  /** one sentence for the reader (empty when there is nothing to say) */
  note: string;
  /** false when the interval, if any, should not be read as a confidence interval */
  intervalReliable: boolean;
}

type TNoteInput = Pick<TAgreementFigure, "scheme" | "field" | "statistic" | "value" | "n" | "reason" | "ci95" | "ciReason"> & { raters?: number; label?: string };

const STAT_NAMES: Record<TAgreementFigure["statistic"], string> = {
  krippendorff_alpha: "α",
  cohen_kappa: "κ",
  fleiss_kappa: "Fleiss' κ",
  pearson_r: "r",
  exact_agreement: "exact agreement",
  total: "total",
  accuracy: "accuracy",
  mean_accuracy: "mean accuracy",
  precision: "precision",
  recall: "recall",
  f1: "F1",
};

/** "13 MRW instances · 2 raters" (`unit`: what one unit is, singular) */
export function sampleSize(f: Pick<TAgreementFigure, "n"> & { raters?: number }, unit: string): string {
  const units = `${f.n} ${f.n === 1 ? unit : `${unit}s`}`;
  return f.raters === undefined ? units : `${units} · ${f.raters} ${f.raters === 1 ? "rater" : "raters"}`;
}

/**
 * Why a statistic is undefined, in words, from the reason lib/agreement gives.
 * Unknown reasons are passed through (never dropped): a new reason in
 * lib/agreement still reaches the reader.
 */
export function explainUndefined(statistic: TAgreementFigure["statistic"], reason: string | undefined, unit = "item", label?: string): string {
  const s = STAT_NAMES[statistic];
  const r = reason ?? "";
  if (statistic === "fleiss_kappa" && label !== undefined) {
    if (r === "category never used") return `label ${label} was never used: its κ is undefined`;
    if (r === "category used for every rating") return `every rating is ${label}: its κ is undefined (expected agreement 1)`;
  }
  if (r === "no unit coded by both coders" || r.startsWith("no pairable unit") || r === "no unit has ratings from at least two coders") {
    return `no ${unit} was rated by two annotators: ${s} undefined`;
  }
  if (r === "fewer than two coders") return `fewer than two annotators rated these ${unit}s: ${s} undefined`;
  if (r === "no unit was coded by all coders") return `no ${unit} was rated by every annotator: ${s} undefined`;
  if (r.startsWith("no variation")) {
    const expected = statistic === "krippendorff_alpha" ? "expected disagreement 0" : "expected agreement 1";
    return `all ratings identical: ${s} undefined (${expected})`;
  }
  if (r === "fewer than two units coded by both") return `fewer than two ${unit}s rated by both annotators: ${s} undefined`;
  if (r.startsWith("zero variance")) return `one annotator gave every ${unit} the same value: ${s} undefined (zero variance)`;
  return r ? `${s} undefined: ${r}` : `${s} undefined for these data`;
}

/** Whether a bootstrap interval may be computed over `units` units, and why not. */
export function intervalAllowed(units: number): { allowed: true } | { allowed: false; reason: string } {
  if (units >= MIN_UNITS_FOR_INTERVAL) return { allowed: true };
  return { allowed: false, reason: `interval not computed: ${units} ${units === 1 ? "unit" : "units"} (a bootstrap needs at least ${MIN_UNITS_FOR_INTERVAL})` };
}

/** The note of one figure (see the module comment); `unit`: what one unit is ("translation", "MRW instance", "item"…). */
export function figureNote(f: TNoteInput, unit: string): TFigureNote {
  if (f.statistic === "total") return { status: "ok", note: "", intervalReliable: true };
  if (f.value === null) return { status: "missing", note: explainUndefined(f.statistic, f.reason, unit, f.label), intervalReliable: false };
  const parts: string[] = [];
  let status: TFigureStatus = "ok";
  if (f.n < SMALL_SAMPLE_UNITS) {
    status = "small-sample";
    parts.push(f.n === 1 ? `computed from a single ${unit}: not interpretable` : `only ${f.n} ${unit}s: unstable, read with care`);
  }
  let intervalReliable = status === "ok";
  if (f.ci95) {
    if (f.ci95[0] === null) {
      intervalReliable = false;
      if (f.ciReason) parts.push(f.ciReason.startsWith("interval") ? f.ciReason : `interval undefined: ${f.ciReason}`);
    } else if (!intervalReliable) {
      parts.push(`interval unreliable (n < ${SMALL_SAMPLE_UNITS})`);
    }
  }
  return { status, note: parts.join("; "), intervalReliable };
}
