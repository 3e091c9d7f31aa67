// Stores imported metric scores (issue 19 point 2) inside the import's transaction: each row names a
// translation by segment external id, system and language (default: the project's target language);
// one that is not in the project refuses the whole file, naming file, line and field. Importing the
// same (translation, metric) again replaces its value.
import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import { bulkUpsert } from "@/lib/db/import/bulk-upsert";
import type { ImportedMetricScore } from "@/lib/import/types";

export async function loadMetricScores(
  client: PoolClient,
  opts: { projectId: string; fileName: string; scores: readonly ImportedMetricScore[]; refuse: (message: string, line: number | undefined, field: string) => Error },
): Promise<number> {
  if (opts.scores.length === 0) return 0;
  const project = await client.query<{ targetLang: string }>(`SELECT "targetLang" FROM "Project" WHERE id = $1`, [opts.projectId]);
  const targetLang = project.rows[0]?.targetLang ?? "";
  const segments = [...new Set(opts.scores.map((s) => s.segmentId))];
  const found = await client.query<{ id: string; segment: string; system: string; language: string }>(
    `SELECT t.id, s."externalId" AS segment, m.name AS system, t.language
     FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" JOIN "MtSystem" m ON m.id = t."systemId"
     WHERE s."projectId" = $1 AND s."externalId" = ANY($2::text[])`,
    [opts.projectId, segments],
  );
  const key = (segment: string, system: string, language: string) => `${segment}\u0000${system}\u0000${language}`;
  const byKey = new Map(found.rows.map((r) => [key(r.segment, r.system, r.language), r.id]));
  const segmentsFound = new Set(found.rows.map((r) => r.segment));
  const rows: unknown[][] = [];
  for (const s of opts.scores) {
    const language = s.language ?? targetLang;
    const id = byKey.get(key(s.segmentId, s.system, language));
    if (!id) {
      if (!segmentsFound.has(s.segmentId)) throw opts.refuse(`segment "${s.segmentId}" has no translation in this project (or does not exist).`, s.line, "segmentId");
      throw opts.refuse(`segment "${s.segmentId}" has no ${language} translation by system "${s.system}".`, s.line, "system");
    }
    rows.push([randomUUID(), opts.projectId, id, s.metric, s.value, opts.fileName]);
  }
  await bulkUpsert(
    client,
    {
      table: "MetricScore",
      columns: [
        { name: "id", type: "text" },
        { name: "projectId", type: "text" },
        { name: "translationId", type: "text" },
        { name: "metric", type: "text" },
        { name: "value", type: "float8" },
        { name: "source", type: "text" },
      ],
      conflict: ["translationId", "metric"],
      update: ["value", "source"],
      touchUpdatedAt: true,
      returning: ["id"],
    },
    rows,
  );
  return rows.length;
}
