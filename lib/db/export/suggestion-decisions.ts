// `tropos export --what suggestion-decisions`: one row per annotator's decision on a model
// suggestion shown in the workspace (issue 15 point 4): the unit by external ids, the model and
// its endpoint (and whether its predictions were imported), the suggested value, the decision
// (accepted / edited / rejected), the value the annotator saved and when. For managers only (as
// the annotations export, `project.export`): annotators are named as that export names them
// (their id and email), and only this project's decisions are read.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import type { TableExport } from "@/lib/db/export/tables";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export/order";
import type { TableRow } from "@/lib/export/table-lines";

export const SUGGESTION_DECISION_COLUMNS = [
  "doc", "segmentId", "system", "mrwId", "itemKey", "field", "model", "endpoint", "endpointKind", "promptVersion",
  "suggestion", "suggestedValue", "suggestedAt", "annotator_id", "annotator", "decision", "value", "decidedAt",
] as const;

export function exportSuggestionDecisions(pool: Pool, projectId: string): TableExport {
  return {
    columns: SUGGESTION_DECISION_COLUMNS,
    rows: withExportSession(pool, async function* (s) {
      for await (const r of s.rows<TableRow>(
        `SELECT d."externalId" AS doc, s."externalId" AS "segmentId", sys.name AS system, m."externalId" AS "mrwId", g."itemKey", g.field,
                g.model, e.name AS endpoint, e.kind AS "endpointKind", g."promptVersion", g.id AS suggestion, g.value AS "suggestedValue",
                g."createdAt" AS "suggestedAt", x."annotatorId" AS annotator_id, u.email AS annotator, x.decision, x.value, x."createdAt" AS "decidedAt"
           FROM "SuggestionDecision" x
           JOIN "Suggestion" g ON g.id = x."suggestionId" AND g."projectId" = x."projectId"
           JOIN "User" u ON u.id = x."annotatorId"
           JOIN "ModelEndpoint" e ON e.id = g."endpointId"
           JOIN "Segment" s ON s.id = g."segmentId" ${SEG_JOIN}
           LEFT JOIN "Translation" t ON t.id = g."translationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
           LEFT JOIN "Mrw" m ON m.id = g."mrwId"
          WHERE x."projectId" = $1
          ORDER BY ${SEG_ORDER}, g."itemKey", g.field, e.name, u.email`,
        [projectId],
      ))
        yield r;
    }),
  };
}
