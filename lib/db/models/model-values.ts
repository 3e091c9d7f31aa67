/**
 * The models' values of some fields of a project running its own scheme, for the named analyses
 * that set models beside the annotators (CR-ST's accuracy, EMOS of model vectors, Meta4XNLI's P/R/F1
 * and NLI accuracy): for each model
 * and unit, the latest suggestion with status ok (the Suggestion table, prisma/schema.prisma).
 *
 * A model is named as the models table names it (lib/db/reports/model-agreement-data.ts): endpoint name
 * and model id, "ollama:qwen2.5:7b". A model is never an annotator: its rows come back apart,
 * keyed like the annotators' values (unit = segmentId|itemKey, system from the translation), so
 * an analysis can score them the same way and show them as rows of their own (Meta4XNLI's
 * detection and interpretation tables too, split by the segment's language). Every prompt
 * version of a model is pooled, the latest answer per unit counting (as in the models table).
 *
 * Read on every report, not cached: writing a suggestion appends no ReportChange row (the report
 * data cache, lib/db/reports/scheme-report-data-cache.ts, would not see it). One indexed statement.
 */
import type { Pool } from "pg";
import type { TSchemeReportFilter } from "@/lib/db/reports/scheme-report-data";
import { UNIT_SEPARATOR, valueInLanguageSql } from "@/lib/db/reports/scheme-report-data";

export interface TSchemeModelValueRow {
  field: string;
  /** the system of the translation the value is about; null at scopes without one */
  system: string | null;
  unit: string;
  model: string;
  value: unknown;
  /** the segment's language (Meta4XNLI's figures per language) */
  language: string | null;
}

export async function getSchemeModelValues(pool: Pool, projectId: string, fields: readonly string[], filter: TSchemeReportFilter = {}): Promise<TSchemeModelValueRow[]> {
  if (fields.length === 0) return [];
  const systems = filter.systems?.length ? filter.systems : null;
  const r = await pool.query<TSchemeModelValueRow>(
    `SELECT DISTINCT ON (e.name, g.model, g."segmentId", g."itemKey", g.field)
            g.field, m.name AS system, g."segmentId" || '${UNIT_SEPARATOR}' || g."itemKey" AS unit, e.name || ':' || g.model AS model, g.value, s.language
     FROM "Suggestion" g
     JOIN "ModelEndpoint" e ON e.id = g."endpointId"
     JOIN "Segment" s ON s.id = g."segmentId"
     LEFT JOIN "Translation" t ON t.id = g."translationId"
     LEFT JOIN "MtSystem" m ON m.id = t."systemId"
     WHERE g."projectId" = $1 AND g.status = 'ok' AND g.value IS NOT NULL AND g.field = ANY($2::text[])
       AND ($3::text IS NULL OR s.split::text = $3)
       AND ($4::text[] IS NULL OR g."translationId" IS NULL OR m.name = ANY($4::text[]))
       AND ${valueInLanguageSql("$5", "g")}
     ORDER BY e.name, g.model, g."segmentId", g."itemKey", g.field, g."createdAt" DESC, g.id DESC`,
    [projectId, [...fields], filter.split ?? null, systems, filter.language ?? null],
  );
  return r.rows;
}
