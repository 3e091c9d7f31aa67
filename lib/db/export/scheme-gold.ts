// `tropos export --what gold` of a project under the scheme runtime (issue 28 point 3: gold
// references are decisions of the fields a scheme marks as gold, lib/adjudication/gold-fields.ts).
// The rows (GOLD_COLUMNS, in segment order): the stored GoldReference rows, then, where a segment has none of a kind, the decided value of the
// gold edit field of that kind — the rule MMTE table 3 reads its references by
// (lib/reports/analyses/paper/paper-data.ts), so the export and BLEU/ROUGE agree:
// - a decision counts when it is a non-blank text, in the project's one target language (a
//   segment-scope edit names no language, so a study over several has none; as the tables);
// - one per segment and kind: the first gold field of that kind in scheme order;
// - provenance: `post-edit:<annotator>:<kind>` when the decided text is an annotator's value of the
//   same field and item (the adjudicator used it), `system:<name>` when it is a translation of the
//   segment, `manual` otherwise; approved_by: the adjudicator (none for an automatic acceptance).
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import { GOLD_COLUMNS, type TableExport } from "@/lib/db/export/tables";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export/order";
import type { TableRow } from "@/lib/export/table-lines";
import { goldEditFields } from "@/lib/adjudication/gold-fields";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

type TGoldRow = TableRow & { source_system: string | null; post_edit_annotator: string | null; pe_kind: string | null };

export function exportSchemeGold(pool: Pool, projectId: string, def: TSchemeDefinition, targetLanguages: readonly string[]): TableExport {
  const fields = goldEditFields(def).map((g, rank) => ({ ...g, rank }));
  const language = targetLanguages.length === 1 ? targetLanguages[0] : null;
  return {
    columns: GOLD_COLUMNS,
    rows: withExportSession(pool, async function* (s) {
      for await (const r of s.rows<TGoldRow>(
        `WITH kinds AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS k(field text, kind text, rank int)),
         decided AS (
           SELECT a.*, k.kind, a.value #>> '{}' AS text,
                  row_number() OVER (PARTITION BY a."segmentId", k.kind ORDER BY k.rank, a."itemKey") AS nth
           FROM "Adjudication" a JOIN kinds k ON k.field = a.field
           WHERE a."projectId" = $1 AND $3::text IS NOT NULL AND jsonb_typeof(a.value) = 'string' AND a.value #>> '{}' ~ '\\S'),
         gold AS (
           SELECT g."segmentId", g.language, g.kind, g.text, sys.name AS source_system, pu.email AS post_edit_annotator,
                  lower(pe.kind::text) AS pe_kind, au.email AS approved_by, g.version, g."updatedAt" AS updated_at
           FROM "GoldReference" g
           LEFT JOIN "Translation" t ON t.id = g."sourceTranslationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
           LEFT JOIN "PostEdit" pe ON pe.id = g."sourcePostEditId" LEFT JOIN "User" pu ON pu.id = pe."annotatorId"
           LEFT JOIN "User" au ON au.id = g."approvedById"
           WHERE g."projectId" = $1
           UNION ALL
           SELECT x."segmentId", $3::text, x.kind, x.text,
                  (SELECT sys.name FROM "Translation" t JOIN "MtSystem" sys ON sys.id = t."systemId"
                    WHERE t."segmentId" = x."segmentId" AND t.language = $3::text AND t.text = x.text ORDER BY sys.name LIMIT 1),
                  (SELECT u.email FROM "Annotation" an JOIN "User" u ON u.id = an."annotatorId"
                    WHERE an."projectId" = $1 AND an."segmentId" = x."segmentId" AND an."itemKey" = x."itemKey" AND an.field = x.field
                      AND an.value #>> '{}' = x.text ORDER BY u.email LIMIT 1),
                  lower(x.kind), au.email, x.version, x."updatedAt"
           FROM decided x LEFT JOIN "User" au ON au.id = x."adjudicatorId"
           WHERE x.nth = 1 AND NOT EXISTS (SELECT 1 FROM "GoldReference" g WHERE g."segmentId" = x."segmentId" AND g.language = $3::text AND g.kind = x.kind))
         SELECT d."externalId" AS doc, s."externalId" AS segment, s.text AS source, gold.language, lower(gold.kind) AS kind, gold.text,
                gold.source_system, gold.post_edit_annotator, gold.pe_kind, gold.approved_by, gold.version, gold.updated_at
         FROM gold JOIN "Segment" s ON s.id = gold."segmentId" ${SEG_JOIN}
         ORDER BY ${SEG_ORDER}, gold.language, gold.kind`,
        [projectId, JSON.stringify(fields), language],
      )) {
        // the provenance words of the GoldReference rows
        const provenance = r.post_edit_annotator ? `post-edit:${r.post_edit_annotator}:${r.pe_kind}` : r.source_system ? `system:${r.source_system}` : "manual";
        yield { ...r, provenance };
      }
    }),
  };
}
