/**
 * Picks, from the flat figures, the cells of the dashboard's summary tables
 * under a named convention (agreement-conventions.ts): MetaHOPE tables 3–4
 * (α, κ, r, exact %, totals per annotator) and the MMTE overview (Fleiss' κ,
 * α, exact %). Pure, so the page and its tests read the same numbers.
 */
import type { TAgreementFigure } from "../../agreement-figure";
import type { TAgreementConvention } from "../../agreement-conventions";
import { isNominalMmteField } from "./mmte-ratings";
import type { TCell } from "../../figure-cell";


export interface TMetahopeSummaryRow {
  system: string;
  field: string;
  alpha: TCell | null;
  kappa: TCell | null;
  r: TCell | null;
  exact: TCell | null;
  totals: Record<string, number | null>;
}

export interface TMmteSummaryRow {
  system: string;
  field: string;
  fleiss: TCell | null;
  alpha: TCell | null;
  /** mean over annotator pairs is not reported (undefined pairs); this is κ when there are exactly two */
  kappa: TCell | null;
  exact: TCell | null;
  annotators: number;
}

const cellOf = (f: TAgreementFigure | undefined): TCell | null =>
  f ? { value: f.value, reason: f.reason, ci95: f.ci95, ciReason: f.ciReason, n: f.n, raters: f.raters, note: f.note } : null;

type TSummaryColumn = "alpha" | "kappa" | "r" | "exact" | "fleiss";

/**
 * Which summary-table column a figure fills under a convention, or null: the one rule the
 * tables below and the dashboard's choice of bootstrap intervals (only these get one) share.
 */
export function summaryColumnOf(f: TAgreementFigure, c: TAgreementConvention): TSummaryColumn | null {
  if (f.scheme === "metahope") {
    const list = f.field === "SEGS" ? c.kappaCategoriesSegs : c.kappaCategoriesScale;
    if (f.statistic === "krippendorff_alpha") return f.level === c.alphaLevel ? "alpha" : null;
    if (f.statistic === "cohen_kappa") return !f.annotators && f.weights === c.kappaWeights && (c.kappaWeights === "unweighted" || f.kappaCategories === list) ? "kappa" : null;
    if (f.statistic === "pearson_r") return f.annotators ? null : "r";
    return f.statistic === "exact_agreement" ? "exact" : null;
  }
  const nominal = isNominalMmteField(f.field);
  if (f.statistic === "fleiss_kappa") return f.label === undefined ? "fleiss" : null;
  if (f.statistic === "krippendorff_alpha") return f.level === (nominal ? "nominal" : c.alphaLevel) ? "alpha" : null;
  if (f.statistic === "cohen_kappa") return !f.annotators && f.weights === (nominal ? "unweighted" : c.kappaWeights) ? "kappa" : null;
  return f.statistic === "exact_agreement" ? "exact" : null;
}

export function metahopeSummary(figures: readonly TAgreementFigure[], c: TAgreementConvention): TMetahopeSummaryRow[] {
  const rows = new Map<string, TMetahopeSummaryRow>();
  for (const f of figures) {
    if (f.scheme !== "metahope") continue;
    const k = `${f.system}|${f.field}`;
    let row = rows.get(k);
    if (!row) rows.set(k, (row = { system: f.system, field: f.field, alpha: null, kappa: null, r: null, exact: null, totals: {} }));
    if (f.statistic === "total") row.totals[f.annotator ?? "?"] = f.value;
    const col = summaryColumnOf(f, c);
    if (col && col !== "fleiss" && row[col] === null) row[col] = cellOf(f); // the first, as find() did
  }
  return [...rows.values()];
}

export function mmteSummary(figures: readonly TAgreementFigure[], c: TAgreementConvention): TMmteSummaryRow[] {
  const rows = new Map<string, TMmteSummaryRow>();
  const pairs = new Map<string, number>();
  for (const f of figures) {
    if (f.scheme !== "mmte") continue;
    const k = `${f.system}|${f.field}`;
    let row = rows.get(k);
    if (!row) rows.set(k, (row = { system: f.system, field: f.field, fleiss: null, alpha: null, kappa: null, exact: null, annotators: 0 }));
    if (f.statistic === "cohen_kappa" && f.annotators) pairs.set(k, (pairs.get(k) ?? 0) + 1);
    const col = summaryColumnOf(f, c);
    if (col && col !== "r" && row[col] === null) row[col] = cellOf(f);
  }
  for (const [k, row] of rows) {
    const p = (pairs.get(k) ?? 0) / (isNominalMmteField(row.field) ? 1 : 3);
    const fig = row.fleiss ?? row.alpha ?? row.exact;
    // raters of the field: 2 when κ is given for one pair, else from the pairs, else the figures' own count
    row.annotators = row.kappa ? 2 : p > 0 ? Math.round((1 + Math.sqrt(1 + 8 * p)) / 2) : (fig?.raters ?? 0);
  }
  return [...rows.values()];
}
