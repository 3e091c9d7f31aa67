// `tropos export --what suggestions`: one row per model suggestion (or recorded failure) with its
// provenance: the unit by external ids, the endpoint and model, the prompt version and the text
// that was sent, the raw reply, tokens, latency and time; a chain's steps (CR-ST's PASS: each
// step's messages, reply and value) and, for imported predictions, where they came from ("imported
// from <file>", endpointKind "imported"). Never an API key: the rows hold none.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import type { TableExport } from "@/lib/db/export/tables";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export/order";
import type { TableRow } from "@/lib/export/table-lines";

export const SUGGESTION_COLUMNS = [
  "doc", "segmentId", "system", "mrwId", "mrwToken", "field", "value", "explanation", "status", "failure",
  "model", "endpoint", "promptVersion", "tokensIn", "tokensOut", "latencyMs", "attempts", "job", "createdAt", "rawReply", "prompt",
  "endpointKind", "source", "steps",
] as const;

export function exportSuggestions(pool: Pool, projectId: string): TableExport {
  return {
    columns: SUGGESTION_COLUMNS,
    rows: withExportSession(pool, async function* (s) {
      for await (const r of s.rows<TableRow>(
        `SELECT d."externalId" AS doc, s."externalId" AS "segmentId", sys.name AS system, m."externalId" AS "mrwId", m.token AS "mrwToken",
                g.field, g.value, g.params->>'explanation' AS explanation, g.status, g.failure, g.model, e.name AS endpoint,
                g."promptVersion", g."tokensIn", g."tokensOut", g."latencyMs", g.attempts, g."jobId" AS job, g."createdAt",
                g."rawReply", g."promptText" AS prompt, e.kind AS "endpointKind", g.params->>'source' AS source, g.params->'steps' AS steps
         FROM "Suggestion" g JOIN "Segment" s ON s.id = g."segmentId" ${SEG_JOIN} JOIN "ModelEndpoint" e ON e.id = g."endpointId"
         LEFT JOIN "Translation" t ON t.id = g."translationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
         LEFT JOIN "Mrw" m ON m.id = g."mrwId"
         WHERE g."projectId" = $1
         ORDER BY ${SEG_ORDER}, m.start NULLS FIRST, m."externalId" NULLS FIRST, sys.name NULLS FIRST, g.field, e.name, g."promptVersion"`,
        [projectId],
      ))
        yield r;
    }),
  };
}
