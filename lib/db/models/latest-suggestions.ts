// The latest successful suggestion of each model for each unit and field: what every comparison of
// a model with the humans reads (the agreement export's model rows, the analyses that put a model
// beside the annotators). A model is an endpoint and the model id it answered with ("local:qwen2.5:7b",
// "melbert:melbert" for imported predictions), so a changed model id behind one endpoint is another
// rater. "Latest" is by creation time (an import's time for imported rows); failed rows never count.
// The unit key is "segmentId|itemKey", the key Annotation, Adjudication and Suggestion share.
//
// In SQL, for other readers (one row per model, unit and field):
//   SELECT DISTINCT ON (g."endpointId", g.model, g."segmentId", g."itemKey", g.field) …
//     FROM "Suggestion" g WHERE g."projectId" = $1 AND g.status = 'ok'
//    ORDER BY g."endpointId", g.model, g."segmentId", g."itemKey", g.field, g."createdAt" DESC, g.id DESC
import type { Pool } from "pg";
import { valueInLanguageSql } from "@/lib/db/reports/scheme-report-data";

export interface TLatestSuggestion {
  id: string;
  /** "<endpoint name>:<model id>": the rater's name in reports and exports */
  rater: string;
  endpoint: string;
  /** "api" (asked by Tropos) or "imported" (predictions from a file) */
  kind: string;
  model: string;
  field: string;
  segmentId: string;
  itemKey: string;
  /** segmentId|itemKey */
  unit: string;
  /** the system of the translation the value is about; null at scopes without one */
  system: string | null;
  value: unknown;
  promptVersion: string;
  createdAt: Date;
}

export const modelRaterName = (endpoint: string, model: string) => `${endpoint}:${model}`;

export async function latestModelSuggestions(
  pool: Pool,
  projectId: string,
  /** language: one target language, as the scheme report narrows its values (lib/db/reports/scheme-report-data.ts) */
  filter: { fields?: string[]; split?: "PILOT" | "TEST"; systems?: string[]; language?: string } = {},
): Promise<TLatestSuggestion[]> {
  const { rows } = await pool.query<Omit<TLatestSuggestion, "rater">>(
    `SELECT DISTINCT ON (g."endpointId", g.model, g."segmentId", g."itemKey", g.field)
            g.id, e.name AS endpoint, e.kind, g.model, g.field, g."segmentId", g."itemKey", g."segmentId" || '|' || g."itemKey" AS unit,
            m.name AS system, g.value, g."promptVersion", g."createdAt"
       FROM "Suggestion" g
       JOIN "ModelEndpoint" e ON e.id = g."endpointId"
       JOIN "Segment" s ON s.id = g."segmentId"
       LEFT JOIN "Translation" t ON t.id = g."translationId"
       LEFT JOIN "MtSystem" m ON m.id = t."systemId"
      WHERE g."projectId" = $1 AND g.status = 'ok' AND g.value IS NOT NULL
        AND ($2::text[] IS NULL OR g.field = ANY($2::text[]))
        AND ($3::text IS NULL OR s.split::text = $3)
        AND ($4::text[] IS NULL OR g."translationId" IS NULL OR m.name = ANY($4::text[]))
        AND ${valueInLanguageSql("$5", "g")}
      ORDER BY g."endpointId", g.model, g."segmentId", g."itemKey", g.field, g."createdAt" DESC, g.id DESC`,
    [projectId, filter.fields?.length ? filter.fields : null, filter.split ?? null, filter.systems?.length ? filter.systems : null, filter.language ?? null],
  );
  return rows.map((r) => ({ ...r, rater: modelRaterName(r.endpoint, r.model) }));
}
