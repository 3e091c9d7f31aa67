/**
 * Everything the dashboard page (app/projects/[slug]/dashboard/scheme-dashboard.tsx) shows, read and
 * computed in one call, so that the page, the benchmark (bench/dashboard.ts) and the tests time and
 * check the same work: the scheme report with the models beside the annotators
 * (scheme-dashboard-data.ts) and, when the scheme lists paper analyses, their dashboard part under
 * the options in the address (lib/db/reports/paper-input.ts), laid out for the page
 * (scheme-paper-view.ts).
 *
 * Both computations are kept per version of the data they read (version-memo.ts): a view with
 * nothing changed computes no statistics and gets the very objects of the previous view.
 */
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getSchemePaperDashboard } from "@/lib/db/reports/paper-input";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { bindPaperAnalyses } from "./analyses/paper/binding";
import type { TReportQuery } from "./report-query";
import { getSchemeDashboardData, type TSchemeDashboardData } from "./scheme-dashboard-data";
import type { TPaperDashboardView, TSchemePaperDashboard } from "./analyses/paper/paper-dashboard";
import { schemePaperDashboardViewOf, type TSchemePaperView } from "./analyses/paper/paper-view";

export interface TSchemeDashboardPageData extends TSchemeDashboardData {
  /** the paper analyses of the language pair the report is of; null when the scheme lists none */
  paper: TSchemePaperDashboard | null;
  paperView: TSchemePaperView | null;
}

export async function getSchemeDashboardPageData(
  db: Db,
  pool: Pool,
  projectId: string,
  runtime: { version: number; definition: TSchemeDefinition },
  query: TReportQuery,
  view: TPaperDashboardView,
): Promise<TSchemeDashboardPageData> {
  const data = await getSchemeDashboardData(db, pool, projectId, runtime, query);
  // the paper analyses of the language pair the report is of, under the options in the address
  const paper = bindPaperAnalyses(runtime.definition).length > 0 ? await getSchemePaperDashboard(db, projectId, runtime.definition, { ...query, language: data.report.filter.language }, view) : null;
  return { ...data, paper, paperView: paper && schemePaperDashboardViewOf(paper) };
}
