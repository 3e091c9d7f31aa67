/**
 * What the named analyses of a scheme report read beside the values (lib/db/reports/scheme-report-data.ts):
 * the project's EMOS weights (its settings, lib/scoring/emos-weights.ts), the models' values of the
 * fields the analyses set beside the annotators' (lib/db/models/model-values.ts) and, for EMOS's
 * per-document figures, each segment's document. Read on every report and never cached: settings
 * and suggestions append no ReportChange row, so the report data cache would not see them change.
 * Nothing is read for a scheme without such an analysis.
 */
import type { Pool } from "pg";
import type { TSchemeReportFilter } from "@/lib/db/reports/scheme-report-data";
import { getSchemeModelValues, type TSchemeModelValueRow } from "@/lib/db/models/model-values";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { parseProjectSettings } from "@/lib/schemes/scheme-config";
import { emosWeightsOf } from "@/lib/scoring/emos-weights";
import type { TEmosWeights } from "@/lib/scoring/emos";
import { analysisModelFields } from "@/lib/reports/scheme-analysis-fields";
import { emosAnalysisApplies } from "@/lib/reports/analyses/emos-analysis";

export interface TSchemeAnalysisInputs {
  emosWeights?: TEmosWeights;
  modelValues?: TSchemeModelValueRow[];
  /** segment id → its document's external id */
  documentOf?: Map<string, string>;
}

export async function getSchemeAnalysisInputs(pool: Pool, projectId: string, definition: TSchemeDefinition, filter: TSchemeReportFilter = {}): Promise<TSchemeAnalysisInputs> {
  const fields = analysisModelFields(definition);
  const emos = emosAnalysisApplies(definition);
  if (fields.length === 0 && !emos) return {};
  const [models, config, documents] = await Promise.all([
    getSchemeModelValues(pool, projectId, fields, filter),
    emos ? pool.query<{ schemeConfig: unknown }>(`SELECT "schemeConfig" FROM "Project" WHERE id = $1`, [projectId]) : null,
    emos
      ? pool.query<{ id: string; document: string }>(`SELECT s.id, d."externalId" AS document FROM "Segment" s JOIN "Document" d ON d.id = s."documentId" WHERE s."projectId" = $1`, [projectId])
      : null,
  ]);
  const stored = config?.rows[0] ? parseProjectSettings(config.rows[0].schemeConfig) : null;
  return {
    modelValues: models,
    ...(emos ? { emosWeights: emosWeightsOf(stored?.ok ? stored.settings : null), documentOf: new Map(documents!.rows.map((r) => [r.id, r.document])) } : {}),
  };
}
