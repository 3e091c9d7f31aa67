/**
 * `tropos export --what scores` of a project running its own scheme: the rows of the named
 * analyses its scheme lists. For emos.metrics (issue 18 point 4):
 *   {metric: "VSS"|"LMR"|"EDR"|"EMOS", system, segmentId (the segment's external id), value}
 *     per translation;
 *   the same without segmentId per system (the mean over its translations), with n and the
 *     bootstrap 95% interval;
 *   {statistic: "pearson_r", metric, with: "equivalence", value, n} for the validation.
 * A scheme without a scoring analysis has no score rows. Pure.
 */
import type { TSchemeReport } from "./scheme-report";
import { EMOS_METRICS } from "./emos-analysis";

export const SCHEME_SCORE_COLUMNS = ["metric", "system", "segmentId", "statistic", "with", "value", "n", "ci95_lower", "ci95_upper"] as const;
export type TSchemeScoreRow = Partial<Record<(typeof SCHEME_SCORE_COLUMNS)[number], string | number | null>>;

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
