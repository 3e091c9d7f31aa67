/**
 * The whole report of a project running its own scheme (scheme-full-report.ts), read for
 * GET /api/projects/[slug]/reports/full: the scheme report of the asked split, systems and target
 * language (the first of several unless one is asked: scheme-report-language.ts; `filters.language`
 * then names it), the segments' external ids where a named analysis's score rows need them, and
 * the models beside the annotators (`tropos export --what model-agreement`, as the dashboard, over
 * the units of the report's language), and the paper tables the scheme lists (scheme-paper-tables.ts).
 */
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getModelAgreementRows } from "@/lib/db/reports/model-agreement-data";
import { getSegmentExternalIds } from "@/lib/db/export/segment-external-ids";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { agreementOptionsOf, scoreOptionsOf, type TReportQuery } from "./report-query";
import { getSchemePaperTables } from "@/lib/db/reports/paper-input";
import { bindPaperAnalyses } from "./analyses/paper/binding";
import { analysisModelFields } from "./scheme-analysis-fields";
import { buildSchemeFullReport, type TSchemeFullReport } from "./scheme-full-report";
import { getSchemeReport } from "./scheme-report";
import { getReportLanguages } from "@/lib/db/reports/languages";
import { schemeReportLanguage } from "./scheme-report-language";

export async function getSchemeFullReport(
  db: Db,
  pool: Pool,
  project: { id: string } & TSchemeFullReport["project"],
  runtime: { version: number; definition: TSchemeDefinition },
  q: TReportQuery,
): Promise<TSchemeFullReport> {
  const language = schemeReportLanguage(await getReportLanguages(pool, project.id), q.language);
  const [report, external, models, paper] = await Promise.all([
    getSchemeReport(pool, project.id, runtime, { split: q.split, systems: q.systems, language }, agreementOptionsOf(q)),
    // score rows name segments by external id: read only for a scheme with a named analysis
    analysisModelFields(runtime.definition).length ? getSegmentExternalIds(pool, project.id) : new Map<string, string>(),
    getModelAgreementRows(db, project.id, { language }),
    // the paper tables it lists (an MMTE or MetaHOPE variant), bound to its fields by id
    bindPaperAnalyses(runtime.definition).length ? getSchemePaperTables(db, project.id, runtime.definition, { scores: scoreOptionsOf(q), agreement: agreementOptionsOf(q) }) : undefined,
  ]);
  const { format: _f, ...asked } = q;
  const filters = report.filter.language ? { ...asked, language: report.filter.language } : asked;
  const { id: _id, ...named } = project;
  return buildSchemeFullReport({ project: named, filters, report, definition: runtime.definition, externalIdOf: (id) => external.get(id) ?? id, models, paper });
}
