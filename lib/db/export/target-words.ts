// MMTE's target words (issue 19 point 4): per annotator, MRW and translation, the words marked as
// rendering the MRW, in MMTE's own notation (app. D marks the target word `@word@` in the source and
// in the translation) besides the offsets: `rendered` false is the annotator's "not rendered".
// Managers only, like every annotator's values.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export/order";
import { markSpans } from "@/lib/export/mark-spans";
import type { TableRow } from "@/lib/export/table-lines";
import type { TableExport } from "@/lib/db/export/tables";
import { goldItemExcludedSql } from "@/lib/db/gold-checks/gold-item-sql";

export const TARGET_WORDS_COLUMNS = ["doc", "segment", "system", "language", "mrw", "mrw_token", "annotator_id", "annotator", "rendered", "target", "source_marked", "translation_marked", "spans", "version", "updated_at"] as const;

type TSpan = { start: number; end: number };

export function exportTargetWords(pool: Pool, projectId: string): TableExport {
  return {
    columns: TARGET_WORDS_COLUMNS,
    rows: withExportSession(pool, async function* (s) {
      for await (const r of s.rows<TableRow & { value: { spans?: TSpan[] } | null; source: string; translation: string; mrw_spans: TSpan[] }>(
        `SELECT d."externalId" AS doc, s."externalId" AS segment, sys.name AS system, t.language, m."externalId" AS mrw, m.token AS mrw_token,
                a."annotatorId" AS annotator_id, u.email AS annotator, a.value, s.text AS source, t.text AS translation, m.spans AS mrw_spans,
                a.version, a."updatedAt" AS updated_at
         FROM "Annotation" a JOIN "Segment" s ON s.id = a."segmentId" ${SEG_JOIN} JOIN "User" u ON u.id = a."annotatorId"
         JOIN "Translation" t ON t.id = a."translationId" JOIN "MtSystem" sys ON sys.id = t."systemId"
         JOIN "Mrw" m ON m.id = a."mrwId"
         WHERE a."projectId" = $1 AND a.field = 'TARGET_WORDS' AND a.value IS NOT NULL AND a.value <> 'null'::jsonb AND ${goldItemExcludedSql('a."segmentId"')}
         ORDER BY ${SEG_ORDER}, sys.name, m.start, m."externalId", u.email`,
        [projectId],
      )) {
        const { value, source, translation, mrw_spans, ...row } = r;
        const spans = [...(value?.spans ?? [])].sort((a, b) => a.start - b.start || a.end - b.end);
        yield {
          ...row,
          rendered: spans.length > 0,
          target: spans.map((x) => translation.slice(x.start, x.end)).join(" / "),
          source_marked: markSpans(source, mrw_spans),
          translation_marked: markSpans(translation, spans),
          spans: JSON.stringify(spans),
        };
      }
    }),
  };
}
