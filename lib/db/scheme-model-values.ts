// Models' values of a project's own scheme fields, for the analyses that put each model beside the
// annotators as its own rater (lib/reports/meta4xnli-analysis.ts): per model (the model id the
// endpoint answered with) and unit, the latest successful suggestion (status ok); failures and
// superseded suggestions are left out. Unit keys are the annotators' (segment id | item key).
// Read on every report request, outside the report cache: Suggestion writes log no ReportChange,
// and one DISTINCT ON pass over the project's suggestions of these fields is cheap.
import type { Pool } from "pg";
import type { TModelValueRow } from "@/lib/reports/meta4xnli-analysis";
import { UNIT_SEPARATOR } from "@/lib/db/scheme-report-data";

export async function getSchemeModelValues(pool: Pool, projectId: string, fields: readonly string[], filter: { split?: "PILOT" | "TEST" } = {}): Promise<TModelValueRow[]> {
  if (!fields.length) return [];
  const { rows } = await pool.query<TModelValueRow>(
    `SELECT DISTINCT ON (g.model, g."segmentId", g."itemKey", g.field)
            g.field, g."segmentId" || '${UNIT_SEPARATOR}' || g."itemKey" AS unit, g.model, g.value, s.language
     FROM "Suggestion" g JOIN "Segment" s ON s.id = g."segmentId"
     WHERE g."projectId" = $1 AND g.field = ANY($2::text[]) AND g.status = 'ok' AND g."translationId" IS NULL
       AND ($3::text IS NULL OR s.split::text = $3)
     ORDER BY g.model, g."segmentId", g."itemKey", g.field, g."createdAt" DESC, g.id DESC`,
    [projectId, fields, filter.split ?? null],
  );
  return rows;
}
