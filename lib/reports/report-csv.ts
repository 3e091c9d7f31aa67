/**
 * CSV of the agreement figures and the score tables (one row per figure /
 * table cell group), with formula-injection neutralisation (lib/export).
 * Undefined values are empty cells with the reason in its own column.
 */
import { csvRow, type CellValue } from "@/lib/export/csv-cell";
import { MMTE_DIMENSIONS } from "@/lib/scoring/mmte-scores";
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import { AGREEMENT_FIGURE_COLUMNS, type TAgreementFigure } from "./agreement-figure";
import type { TScoreTables } from "./analyses/paper/score-tables";
import type { TLanguageQuality } from "./analyses/paper/language-comparison";

const cell = (v: unknown): CellValue => (v === undefined || v === null ? "" : Array.isArray(v) ? v.map((x) => (x === null ? "" : String(x))).join(" ") : (v as CellValue));

export function figuresToCsv(figures: readonly TAgreementFigure[]): string {
  const lines = [csvRow([...AGREEMENT_FIGURE_COLUMNS])];
  for (const f of figures) lines.push(csvRow(AGREEMENT_FIGURE_COLUMNS.map((c) => cell((f as Record<string, unknown>)[c]))));
  return lines.join("\r\n") + "\r\n";
}

/** Rows of every score table: [table, system, group, column, value, n, note]. */
export function scoreTableRows(t: TScoreTables): CellValue[][] {
  const rows: CellValue[][] = [];
  for (const r of t.metahope?.rows ?? []) {
    for (const c of METAHOPE_CATEGORY_ORDER) {
      rows.push(["metahope_eps", r.system, "", c, r.eps.totals[c], r.sentences, ""]);
    }
    rows.push(["metahope_eps", r.system, "", "SEGS", r.eps.segs, r.sentences, ""]);
    rows.push(["metahope_eps", r.system, "", "per_sentence", r.eps.perSentence.value, r.sentences, r.eps.perSentence.reason ?? ""]);
    for (const c of METAHOPE_CATEGORY_ORDER) rows.push(["metahope_epm", r.system, "", c, r.epm.totals[c], r.mrwInstances, ""]);
    rows.push(["metahope_epm", r.system, "", "SEGS", r.epm.segs, r.mrwInstances, ""]);
    rows.push(["metahope_epm", r.system, "", "per_sentence", r.epm.perSentence.value, r.sentences, r.epm.perSentence.reason ?? ""]);
    rows.push(["metahope_epm", r.system, "", "per_metaphor", r.epm.perMetaphor.value, r.mrwInstances, r.epm.perMetaphor.reason ?? ""]);
    rows.push(["metahope_epm", r.system, "", "ratio_M_S", r.epm.ratioMS.value, r.eps.segs, r.epm.ratioMS.reason ?? ""]);
  }
  for (const r of t.mmte?.quality ?? []) {
    for (const d of MMTE_DIMENSIONS) {
      const m = r.means[d];
      rows.push(["mmte_quality", r.system, r.group, d, m.value, m.n, m.defined ? "" : m.reason]);
    }
  }
  for (const r of t.mmte?.automatic ?? []) {
    for (const [k, m] of [["BLEU-1", r.bleu1], ["BLEU-4", r.bleu4], ["ROUGE-L", r.rougeL]] as const) {
      rows.push(["mmte_automatic", r.system, r.group, k, m.value, m.defined ? m.n : "", m.defined ? "" : m.reason]);
    }
  }
  // imported metric columns (issue 19): the mean per system × group, then each metric's correlation
  // with each human criterion (group = the criterion, column = "<metric> pearson_r|spearman_rho")
  for (const r of t.metrics?.columns ?? []) rows.push(["metric_columns", r.system, r.group, r.metric, r.mean.value, r.mean.n, r.mean.defined ? "" : r.mean.reason]);
  for (const c of t.metrics?.correlations ?? []) {
    for (const [k, v] of [["pearson_r", c.pearson], ["spearman_rho", c.spearman]] as const) {
      rows.push(["metric_correlation", c.system, c.criterion, `${c.metric} ${k}`, v.defined ? v.r : null, v.n, v.defined ? "" : v.reason]);
    }
  }
  return rows;
}

/** MMTE figure 7's rows: [table, system, group = language, column = dimension, value, n, note]. */
export function languageComparisonRows(comparison: readonly TLanguageQuality[]): CellValue[][] {
  const rows: CellValue[][] = [];
  for (const l of comparison) {
    for (const [system, means] of [["all", l.means] as const, ...l.bySystem.map((s) => [s.system, s.means] as const)]) {
      for (const d of MMTE_DIMENSIONS) rows.push(["mmte_language_comparison", system, l.language, d, means[d].value, means[d].n, means[d].defined ? "" : means[d].reason]);
    }
  }
  return rows;
}
