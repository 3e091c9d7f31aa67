/**
 * Reads what the paper tables of a project under the scheme runtime are computed from
 * (lib/reports/analyses/paper/paper-tables.ts): the report rows of the project (the cached read of
 * report-data-cache.ts: the scheme runtime stores its values in the same Annotation table, under
 * the field ids the analyses bind), turned into the built-in tables' input by
 * lib/reports/analyses/paper/paper-data.ts, and the project's imported metric columns.
 */
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { getReportData, reportDataVersion } from "@/lib/db/reports/report-data-cache";
import { getMetricScores } from "@/lib/db/reports/metric-scores";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import type { TReportData } from "@/lib/reports/report-input";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TAgreementOptions } from "@/lib/reports/agreement-options";
import type { TScoreOptions } from "@/lib/reports/score-options";
import { schemePaperDataOf } from "@/lib/reports/analyses/paper/paper-data";
import { bindPaperAnalyses } from "@/lib/reports/analyses/paper/binding";
import { computeSchemePaperTables, computeSchemePaperTablesByLanguage, type TSchemePaperTables, type TSchemePaperTablesByLanguage } from "@/lib/reports/analyses/paper/paper-tables";
import { computeSchemePaperDashboard, type TPaperDashboardView, type TSchemePaperDashboard } from "@/lib/reports/analyses/paper/paper-dashboard";
import type { TReportQuery } from "@/lib/reports/report-query";
import { memoByVersion } from "@/lib/reports/version-memo";
import { keptByFieldVersions } from "@/lib/reports/field-versions";
import type { TKeepPart } from "@/lib/reports/analyses/paper/keep-part";

/** An MRW of a segment by its id or by its external id (an imported span names the latter). */
async function readMrwResolver(projectId: string): Promise<(segmentId: string, ref: string) => string | null> {
  const rows = await getPgPool().query<{ id: string; segmentId: string; externalId: string }>(`SELECT id, "segmentId", "externalId" FROM "Mrw" WHERE "projectId" = $1`, [projectId]);
  const byKey = new Map<string, string>();
  for (const r of rows.rows) {
    byKey.set(`${r.segmentId}|${r.id}`, r.id);
    if (!byKey.has(`${r.segmentId}|${r.externalId}`)) byKey.set(`${r.segmentId}|${r.externalId}`, r.id);
  }
  return (segmentId, ref) => byKey.get(`${segmentId}|${ref}`) ?? null;
}

/**
 * The project's report rows as the paper tables read them: the stored values of its scheme, error
 * spans taken from the spans field's lists, gold references from its decided edit fields where none
 * is stored (lib/reports/analyses/paper/paper-data.ts). What MMTE table 3, figures 3–7 and MetaHOPE tables
 * 3–6 are computed from for every project (lib/reports/index.ts).
 */
export async function getPaperReportData(db: Db, projectId: string, opts: { withTranslationText?: boolean } = {}): Promise<TReportData> {
  const [runtime, data, mrwIdOf] = await Promise.all([getProjectRuntime(db, projectId), getReportData(db, projectId, opts), readMrwResolver(projectId)]);
  return schemePaperDataOf(data, runtime.definition, mrwIdOf).data;
}

/** The paper tables the scheme lists, computed from the project's stored values (empty when it lists none). */
export async function getSchemePaperTables(db: Db, projectId: string, definition: TSchemeDefinition, opts: { scores?: TScoreOptions; agreement?: TAgreementOptions } = {}): Promise<TSchemePaperTables> {
  const bindings = bindPaperAnalyses(definition);
  if (!bindings.some((b) => b.bound)) return computeSchemePaperTables(null, definition, opts);
  const [data, metrics, mrwIdOf] = await Promise.all([getReportData(db, projectId), getMetricScores(getPgPool(), projectId), readMrwResolver(projectId)]);
  return computeSchemePaperTables(schemePaperDataOf(data, definition, mrwIdOf), definition, { ...opts, metrics });
}

/** The paper tables of every target language of the project, and figure 7's comparison when there are several (the scores export). */
export async function getSchemePaperTablesByLanguage(db: Db, projectId: string, definition: TSchemeDefinition, opts: { scores?: TScoreOptions } = {}): Promise<TSchemePaperTablesByLanguage> {
  const bindings = bindPaperAnalyses(definition);
  if (!bindings.some((b) => b.bound)) return computeSchemePaperTablesByLanguage(null, definition, opts);
  const [data, metrics, mrwIdOf] = await Promise.all([getReportData(db, projectId), getMetricScores(getPgPool(), projectId), readMrwResolver(projectId)]);
  return computeSchemePaperTablesByLanguage(schemePaperDataOf(data, definition, mrwIdOf), definition, { ...opts, metrics });
}

/**
 * What the dashboard shows of the paper analyses the scheme lists (lib/reports/analyses/paper/paper-dashboard.ts),
 * computed once per version of the report data, scheme and view options (a view with nothing
 * changed computes nothing, as the built-in dashboard's model: lib/reports/dashboard-model-memo.ts).
 */
export async function getSchemePaperDashboard(db: Db, projectId: string, definition: TSchemeDefinition, query: TReportQuery, view: TPaperDashboardView): Promise<TSchemePaperDashboard> {
  const bindings = bindPaperAnalyses(definition);
  if (!bindings.some((b) => b.bound)) return computeSchemePaperDashboard(null, definition, query, view);
  const [data, metrics, mrwIdOf] = await Promise.all([getReportData(db, projectId), getMetricScores(getPgPool(), projectId), readMrwResolver(projectId)]);
  const context = ["scheme-paper-dashboard", createHash("sha1").update(JSON.stringify(definition)).digest("base64"), query, view];
  // the parts are kept per version of the fields they read (lib/reports/field-versions.ts), so a
  // view after a save computes again only the parts that read the saved field
  const keep: TKeepPart = (fields, key, compute) => keptByFieldVersions(data, fields, [context, key], compute);
  return memoByVersion(reportDataVersion(data), context, metrics ?? null, () => computeSchemePaperDashboard(schemePaperDataOf(data, definition, mrwIdOf, keep), definition, query, view, metrics, keep));
}
