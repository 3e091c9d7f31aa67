/**
 * Picks, from the flat figures, the cells of the dashboard's summary tables
 * under a named convention (agreement-conventions.ts): MetaHOPE tables 3–4
 * (α, κ, r, exact %, totals per annotator) and the MMTE overview (Fleiss' κ,
 * α, exact %). Pure, so the page and its tests read the same numbers.
 */
import type { TAgreementFigure } from "./agreement-figure";
import type { TAgreementConvention } from "./agreement-conventions";
import { isNominalMmteField } from "./mmte-ratings";

export interface TCell {
  value: number | null;
  reason?: string;
  ci95?: [number | null, number | null];
  ciReason?: string;
  n: number;
}

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
  f ? { value: f.value, reason: f.reason, ci95: f.ci95, ciReason: f.ciReason, n: f.n } : null;

export function metahopeSummary(figures: readonly TAgreementFigure[], c: TAgreementConvention): TMetahopeSummaryRow[] {
  const rows = new Map<string, TMetahopeSummaryRow>();
  const mh = figures.filter((f) => f.scheme === "metahope");
  for (const f of mh) {
    const k = `${f.system}|${f.field}`;
    if (!rows.has(k)) rows.set(k, { system: f.system, field: f.field, alpha: null, kappa: null, r: null, exact: null, totals: {} });
  }
  for (const row of rows.values()) {
    const of = mh.filter((f) => f.system === row.system && f.field === row.field);
    const list = row.field === "SEGS" ? c.kappaCategoriesSegs : c.kappaCategoriesScale;
    row.alpha = cellOf(of.find((f) => f.statistic === "krippendorff_alpha" && f.level === c.alphaLevel));
    row.kappa = cellOf(of.find((f) => f.statistic === "cohen_kappa" && !f.annotators && f.weights === c.kappaWeights && (c.kappaWeights === "unweighted" || f.kappaCategories === list)));
    row.r = cellOf(of.find((f) => f.statistic === "pearson_r" && !f.annotators));
    row.exact = cellOf(of.find((f) => f.statistic === "exact_agreement"));
    for (const f of of.filter((x) => x.statistic === "total")) row.totals[f.annotator ?? "?"] = f.value;
  }
  return [...rows.values()];
}

export function mmteSummary(figures: readonly TAgreementFigure[], c: TAgreementConvention): TMmteSummaryRow[] {
  const rows = new Map<string, TMmteSummaryRow>();
  const mm = figures.filter((f) => f.scheme === "mmte");
  for (const f of mm) {
    const k = `${f.system}|${f.field}`;
    if (!rows.has(k)) rows.set(k, { system: f.system, field: f.field, fleiss: null, alpha: null, kappa: null, exact: null, annotators: 0 });
  }
  for (const row of rows.values()) {
    const of = mm.filter((f) => f.system === row.system && f.field === row.field);
    const nominal = isNominalMmteField(row.field);
    row.fleiss = cellOf(of.find((f) => f.statistic === "fleiss_kappa" && f.label === undefined));
    row.alpha = cellOf(of.find((f) => f.statistic === "krippendorff_alpha" && f.level === (nominal ? "nominal" : c.alphaLevel === "nominal" ? "nominal" : c.alphaLevel)));
    const weights = nominal ? "unweighted" : c.kappaWeights;
    row.kappa = cellOf(of.find((f) => f.statistic === "cohen_kappa" && !f.annotators && f.weights === weights));
    row.exact = cellOf(of.find((f) => f.statistic === "exact_agreement"));
    const pairs = of.filter((f) => f.statistic === "cohen_kappa" && f.annotators).length / (nominal ? 1 : 3);
    row.annotators = row.kappa ? 2 : Math.round((1 + Math.sqrt(1 + 8 * pairs)) / 2);
  }
  return [...rows.values()];
}
