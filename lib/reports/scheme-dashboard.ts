/**
 * The rows of the scheme-runtime dashboard's tables, picked from a scheme
 * report's flat figures (scheme-report.ts). Pure, so the page and its tests
 * read the same numbers.
 *
 * One agreement row per figure field (a field, or one dimension of a vector)
 * and system, the pooled row (`system: "all"`) after the systems, then one per
 * language when the items are in several: α at the
 * field's level and at every level below it, Fleiss' κ (nominal fields with a
 * constant number of raters), Cohen's κ (unweighted for nominal fields,
 * quadratic weights otherwise) and Pearson's r (interval and ratio) — as one
 * value for two annotators, as the range over the pairs for more — and exact
 * agreement. Accuracy rows: one per gold field, system and annotator, every
 * annotator pooled first.
 */
import type { TAgreementFigure } from "./agreement-figure";
import type { TCell } from "./figure-cell";
import type { TSchemeReport } from "./scheme-report";

/** A pairwise statistic: the value for two annotators, the range over the pairs for more. */
export interface TPairCell {
  /** the one pair's figure (two annotators) */
  cell: TCell | null;
  pairs: number;
  /** pairs with a value */
  defined: number;
  min: number | null;
  max: number | null;
}

export interface TSchemeAgreementRow {
  /** the figure's field: a field id, or `id.dimension` for a vector */
  field: string;
  label: string;
  kind: string;
  scope: string;
  level: string;
  system: string;
  /** set on the rows over one language's items (a project with items in several languages) */
  language?: string;
  alpha: TCell | null;
  /** α at the levels below the field's, lowest first */
  lowerAlphas: { level: string; cell: TCell | null }[];
  fleiss: TCell | null;
  kappaWeights: string;
  kappa: TPairCell;
  pearson: TPairCell | null;
  exact: TCell | null;
}

export interface TSchemeAccuracyRow {
  field: string;
  label: string;
  gold: string;
  system: string;
  /** an annotator's email, or null for every annotator's values pooled */
  annotator: string | null;
  cell: TCell;
}

const cellOf = (f: TAgreementFigure | undefined): TCell | null =>
  f ? { value: f.value, reason: f.reason, ci95: f.ci95, ciReason: f.ciReason, n: f.n, raters: f.raters, note: f.note } : null;

function pairCell(figs: TAgreementFigure[]): TPairCell {
  const values = figs.map((f) => f.value).filter((v): v is number => v !== null);
  return {
    cell: figs.length === 1 ? cellOf(figs[0]) : null,
    pairs: figs.length,
    defined: values.length,
    min: values.length ? Math.min(...values) : null,
    max: values.length ? Math.max(...values) : null,
  };
}

export function schemeAgreementRows(report: TSchemeReport): TSchemeAgreementRow[] {
  const info = new Map(report.fields.map((f) => [f.id, f]));
  const groups = new Map<string, TAgreementFigure[]>();
  for (const f of report.figures) {
    if (f.statistic === "accuracy" || f.statistic === "mean_accuracy" || f.label !== undefined) continue;
    const key = `${f.field}\u0000${f.system}\u0000${f.language ?? ""}`;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(f);
  }
  const rows: TSchemeAgreementRow[] = [];
  for (const figs of groups.values()) {
    const { field, system, language } = figs[0];
    const [id, dimension] = field.split(".");
    const f = info.get(id);
    if (!f || f.level === null) continue;
    const levels = figs.filter((x) => x.statistic === "krippendorff_alpha");
    const ordered = f.level !== "nominal";
    const kappaWeights = ordered ? "quadratic" : "unweighted";
    rows.push({
      field,
      // the report's own target language is in the tabs above the table; an item language (Meta4XNLI) is named
      label: `${dimension ? `${f.label} · ${dimension}` : f.label}${language && language !== report.filter.language ? ` · ${language.toUpperCase()}` : ""}`,
      kind: f.kind,
      scope: f.scope,
      level: f.level,
      system,
      ...(language ? { language } : {}),
      alpha: cellOf(levels.find((x) => x.level === f.level)),
      lowerAlphas: levels.filter((x) => x.level !== f.level).map((x) => ({ level: x.level!, cell: cellOf(x) })),
      fleiss: cellOf(figs.find((x) => x.statistic === "fleiss_kappa")),
      kappaWeights,
      kappa: pairCell(figs.filter((x) => x.statistic === "cohen_kappa" && x.weights === kappaWeights)),
      pearson: figs.some((x) => x.statistic === "pearson_r") ? pairCell(figs.filter((x) => x.statistic === "pearson_r")) : null,
      exact: cellOf(figs.find((x) => x.statistic === "exact_agreement")),
    });
  }
  // the report's order: fields as the scheme lists them, systems by name, pooled last
  return rows;
}

/** The accuracy table's annotator cell of the mean_accuracy row. */
export const MEAN_OF_ANNOTATORS = "mean of the annotators";

export function schemeAccuracyRows(report: TSchemeReport): TSchemeAccuracyRow[] {
  const info = new Map(report.fields.map((f) => [f.id, f]));
  const rows: TSchemeAccuracyRow[] = [];
  for (const f of report.figures) {
    if (f.statistic !== "accuracy" && f.statistic !== "mean_accuracy") continue;
    const field = info.get(f.field);
    const annotator = f.statistic === "mean_accuracy" ? MEAN_OF_ANNOTATORS : (f.annotator ?? null);
    rows.push({ field: f.field, label: field?.label ?? f.field, gold: field?.gold ?? "", system: f.system, annotator, cell: cellOf(f)! });
  }
  // in the figures' order: per field and system, every annotator pooled first
  return rows;
}
