/**
 * `tropos export --what scores` of a project running its own scheme: the rows of the named
 * analyses its scheme lists. For emos.metrics (issue 18 point 4):
 *   {metric: "VSS"|"LMR"|"EDR"|"EMOS", system, segmentId (the segment's external id), value}
 *     per translation;
 *   the same without segmentId per system (the mean over its translations), with n and the
 *     bootstrap 95% interval;
 *   {statistic: "pearson_r", metric, with: "equivalence", value, n} for the validation.
 * The meta4xnli analyses' rows: meta4xnliScoreRows below. A scheme without a scoring analysis has
 * no score rows. Pure.
 */
import type { TSchemeReport } from "./scheme-report";
import { EMOS_METRICS } from "./emos-analysis";

export const SCHEME_SCORE_COLUMNS = ["metric", "system", "segmentId", "statistic", "with", "value", "n", "ci95_lower", "ci95_upper"] as const;
export type TSchemeScoreRow = Partial<Record<(typeof SCHEME_SCORE_COLUMNS)[number], string | number | null>>;

/**
 * The meta4xnli analyses' rows (lib/reports/meta4xnli-analysis.ts), one per figure:
 *   {analysis: "meta4xnli.detection", language, statistic: "cohen_kappa"|"fleiss_kappa", annotators ("a+b"), raters, value, n}
 *   {analysis: "meta4xnli.detection", rater, kind: "annotator"|"model", language, level: "token"|"span",
 *    statistic: "precision"|"recall"|"f1", value (0–1), n, tp, fp, fn}
 *   {analysis: "meta4xnli.interpretation", rater, kind, language, source, role, statistic: "accuracy", value (%), n, correct}
 * `language`, `source` and `role` are "all" for the roll-ups.
 */
export const META4XNLI_SCORE_COLUMNS = ["analysis", "rater", "kind", "language", "source", "role", "level", "statistic", "annotators", "raters", "value", "n", "correct", "tp", "fp", "fn", "note"] as const;
export type TMeta4xnliScoreRow = Partial<Record<(typeof META4XNLI_SCORE_COLUMNS)[number], string | number | null>>;

export function meta4xnliScoreRows(report: Pick<TSchemeReport, "analyses">): TMeta4xnliScoreRow[] {
  const m = report.analyses.meta4xnli;
  if (!m) return [];
  const rows: TMeta4xnliScoreRow[] = [];
  const analysis = "meta4xnli.detection";
  for (const k of m.detection?.agreement ?? []) rows.push({ analysis, language: k.language, statistic: k.statistic, annotators: k.annotators?.join("+") ?? null, raters: k.raters, value: k.value, n: k.n, note: k.note ?? k.reason ?? null });
  for (const r of m.detection?.prf ?? []) {
    for (const statistic of ["precision", "recall", "f1"] as const) rows.push({ analysis, rater: r.rater, kind: r.kind, language: r.language, level: r.level, statistic, value: r[statistic], n: r.n, tp: r.tp, fp: r.fp, fn: r.fn });
  }
  for (const r of m.interpretation?.accuracy ?? []) {
    rows.push({ analysis: "meta4xnli.interpretation", rater: r.rater, kind: r.kind, language: r.language, source: r.source, role: r.role, statistic: "accuracy", value: r.accuracy, n: r.n, correct: r.correct });
  }
  return rows;
}

/** The columns and rows of `--what scores` for a project's own scheme. */
export function schemeScoreTable(report: Pick<TSchemeReport, "analyses">, externalIdOf: (segmentId: string) => string): { columns: readonly string[]; rows: Record<string, string | number | null>[] } {
  if (report.analyses.meta4xnli) {
    const emos = schemeScoreRows(report, externalIdOf);
    return { columns: emos.length ? [...META4XNLI_SCORE_COLUMNS, ...SCHEME_SCORE_COLUMNS.filter((c) => !(META4XNLI_SCORE_COLUMNS as readonly string[]).includes(c))] : META4XNLI_SCORE_COLUMNS, rows: [...meta4xnliScoreRows(report), ...emos] };
  }
  return { columns: SCHEME_SCORE_COLUMNS, rows: schemeScoreRows(report, externalIdOf) };
}

export function schemeScoreRows(report: Pick<TSchemeReport, "analyses">, externalIdOf: (segmentId: string) => string): TSchemeScoreRow[] {
  const emos = report.analyses.emos;
  if (!emos) return [];
  const rows: TSchemeScoreRow[] = [];
  for (const t of emos.translations) {
    for (const metric of EMOS_METRICS) rows.push({ metric, system: t.system, segmentId: externalIdOf(t.segmentId), value: t.metrics[metric] });
  }
  for (const s of emos.systems) {
    for (const metric of EMOS_METRICS) {
      const ci = s.ci95[metric];
      rows.push({ metric, system: s.system, value: s.mean[metric], n: s.n, ci95_lower: ci?.[0] ?? null, ci95_upper: ci?.[1] ?? null });
    }
  }
  for (const c of emos.correlations) rows.push({ statistic: "pearson_r", metric: c.metric, with: c.with, value: c.value, n: c.n });
  return rows;
}
