/**
 * The built-in dashboard's model (dashboard-model.ts), computed once per version of the report data
 * (lib/db/report-data-cache.ts reportDataVersion) and view options, so that a dashboard view with
 * nothing changed does no statistics work (about 1 s at 960,000 annotations before). The imported
 * metric scores are read on every view (writing them appends no ReportChange row): a change to
 * them computes the model again (lib/reports/version-memo.ts). `elapsedMs` is this call's: the
 * computation's, or the time to find it computed.
 */
import { reportDataVersion } from "@/lib/db/report-data-cache";
import { buildDashboardModel, type TDashboardModel } from "./dashboard-model";
import type { TReportData } from "./report-input";
import type { TReportQuery } from "./report-query";
import type { TMetricScoreInput } from "./score-tables";
import { memoByVersion } from "./version-memo";

export function dashboardModelOf(
  data: TReportData,
  q: TReportQuery,
  view: Parameters<typeof buildDashboardModel>[2],
  metricScores?: TMetricScoreInput,
): TDashboardModel {
  const started = performance.now();
  const model = memoByVersion(reportDataVersion(data), [q, view], metricScores ?? null, () => buildDashboardModel(data, q, view, metricScores));
  return { ...model, elapsedMs: Math.round(performance.now() - started) };
}
