/**
 * `tropos export --what scores` of a project running its own scheme: the rows of the named
 * analyses its scheme lists. For emos.metrics (issue 18 point 4):
 *   {metric: "VSS"|"LMR"|"EDR"|"EMOS", system, segmentId (the segment's external id), value}
 *     per translation;
 *   the same without segmentId per system (the mean over its translations), with n and the
 *     bootstrap 95% interval;
 *   {statistic: "pearson_r", metric, with: "equivalence", value, n} for the validation.
 * For mqm.scores (issue 20.4):
 *   {metric: "MQM", system, segmentId, value, n (raters)} per segment and system;
 *   {metric: "MQM", system, value, n (segments)} per system, best first;
 *   {metric: "MQM/<category>", system, value} per system and top-level category (they add up to MQM);
 *   {statistic: "par_p", metric: "MQM", system (the better), with (the worse), value (p), n (common segments)}
 *     per pair of systems (paired approximate randomisation).
 * A scheme without a scoring analysis has no score rows. Pure.
 */
import type { TSchemeReport } from "./scheme-report";
import { EMOS_METRICS } from "./emos-analysis";

export const SCHEME_SCORE_COLUMNS = ["metric", "system", "segmentId", "statistic", "with", "value", "n", "ci95_lower", "ci95_upper"] as const;
export type TSchemeScoreRow = Partial<Record<(typeof SCHEME_SCORE_COLUMNS)[number], string | number | null>>;

export function schemeScoreRows(report: Pick<TSchemeReport, "analyses">, externalIdOf: (segmentId: string) => string): TSchemeScoreRow[] {
  const rows: TSchemeScoreRow[] = [];
  const mqm = report.analyses.mqm;
  if (mqm) {
    for (const s of mqm.segments) rows.push({ metric: "MQM", system: s.system, segmentId: externalIdOf(s.segmentId), value: s.score, n: s.raters });
    for (const s of mqm.systems) rows.push({ metric: "MQM", system: s.system, value: s.mean, n: s.n });
    for (const s of mqm.systems) for (const c of mqm.categories) if (s.categories[c] !== undefined) rows.push({ metric: `MQM/${c}`, system: s.system, value: s.categories[c], n: s.n });
    for (const p of mqm.significance) rows.push({ statistic: "par_p", metric: "MQM", system: p.better, with: p.worse, value: p.pValue, n: p.n });
  }
  const emos = report.analyses.emos;
  if (!emos) return rows;
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
