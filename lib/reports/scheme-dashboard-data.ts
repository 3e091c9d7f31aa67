/**
 * What the dashboard of a project running its own scheme shows, read in one place so the page
 * (app/projects/[slug]/dashboard/scheme-dashboard.tsx) and its tests read the same: the scheme
 * report of the chosen split, systems and target language (one language at a time when the
 * project has several: scheme-report-language.ts), how long it took, and the models beside the
 * annotators — the rows of `tropos export --what model-agreement` (lib/db/reports/model-agreement-data.ts),
 * the table the built-in dashboard shows, now for every scheme, over the units of the language shown.
 */
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getModelAgreementRows } from "@/lib/db/reports/model-agreement-data";
import type { TSchemeReportFilter } from "@/lib/db/reports/scheme-report-data";
import type { TModelAgreementRow } from "@/lib/models/model-agreement";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TReportQuery } from "./report-query";
import { getSchemeReport, type TSchemeReport } from "./scheme-report";
import { getReportLanguages } from "@/lib/db/reports/languages";
import { schemeReportLanguage } from "./scheme-report-language";

export interface TSchemeDashboardData {
  report: TSchemeReport;
  /** the report's read and computation, printed on the page as the built-in dashboard does */
  elapsedMs: number;
  modelRaters: TModelAgreementRow[];
}

export async function getSchemeDashboardData(
  db: Db,
  pool: Pool,
  projectId: string,
  runtime: { version: number; definition: TSchemeDefinition },
  query: Pick<TReportQuery, "split" | "systems" | "language">,
): Promise<TSchemeDashboardData> {
  // the language shown is resolved first: the models' table is of the same language as the report
  const language = schemeReportLanguage(await getReportLanguages(pool, projectId), query.language);
  const filter: TSchemeReportFilter = { split: query.split, systems: query.systems, language };
  const timed = async () => {
    const started = performance.now();
    const report = await getSchemeReport(pool, projectId, runtime, filter);
    return { report, elapsedMs: Math.round(performance.now() - started) };
  };
  const [{ report, elapsedMs }, modelRaters] = await Promise.all([timed(), getModelAgreementRows(db, projectId, { language })]);
  return { report, elapsedMs, modelRaters };
}
