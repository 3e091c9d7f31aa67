// Every annotator's post-edits: the values of the scheme's edit fields (MMTE's figurative and
// literal ones, MetaHOPE's reference, a lab's own), with their HTER-style edit rate
// (lib/scoring/edit-rate.ts; the MetaHOPE workbooks kept a Levenshtein column per system for the
// same purpose). The workspace does not store which output an annotator started from, so the rate
// is taken against the segment's translation the post-edit is closest to, which is named
// (`base_system`): for an edit made from one output that is that output, and it is the usual
// TER-to-closest-reference reading otherwise. Managers only, like every annotator's values.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export-cursor";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export-order";
import { editRate } from "@/lib/scoring/edit-rate";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TableRow } from "@/lib/export/table-lines";
import type { TableExport } from "@/lib/db/export-tables";

export const POST_EDIT_COLUMNS = ["doc", "segment", "source", "language", "annotator_id", "annotator", "field", "kind", "text", "base_system", "base_translation", "edit_rate", "version", "updated_at"] as const;

export function exportPostEdits(pool: Pool, projectId: string, definition: TSchemeDefinition): TableExport {
  const edits = new Map(definition.fields.flatMap((f) => (f.kind === "edit" ? [[f.id, f.variant ?? ""] as const] : [])));
  return {
    columns: POST_EDIT_COLUMNS,
    rows: withExportSession(pool, async function* (s) {
      if (edits.size === 0) return;
      for await (const r of s.rows<TableRow & { field: string; text: string; translations: { system: string; language: string; text: string }[] | null }>(
        `SELECT d."externalId" AS doc, s."externalId" AS segment, s.text AS source,
                a."annotatorId" AS annotator_id, u.email AS annotator, a.field, a.value #>> '{}' AS text, a.version, a."updatedAt" AS updated_at,
                (SELECT json_agg(json_build_object('system', sys.name, 'language', t.language, 'text', t.text) ORDER BY sys.name, t.language)
                   FROM "Translation" t JOIN "MtSystem" sys ON sys.id = t."systemId"
                  WHERE t."segmentId" = a."segmentId" AND (a."translationId" IS NULL OR t.id = a."translationId")) AS translations
         FROM "Annotation" a JOIN "Segment" s ON s.id = a."segmentId" ${SEG_JOIN} JOIN "User" u ON u.id = a."annotatorId"
         WHERE a."projectId" = $1 AND a.field = ANY($2::text[]) AND jsonb_typeof(a.value) = 'string'
         ORDER BY ${SEG_ORDER}, a.field, u.email`,
        [projectId, [...edits.keys()]],
      )) {
        const { translations, ...row } = r;
        let best: { system: string; language: string; text: string; rate: number | null } | null = null;
        for (const t of translations ?? []) {
          const e = editRate(t.text, r.text, { language: t.language });
          const rate = e.defined ? e.rate : null;
          if (!best || (rate !== null && (best.rate === null || rate < best.rate))) best = { ...t, rate };
        }
        yield {
          ...row,
          language: best?.language ?? null,
          kind: edits.get(r.field) || r.field.toLowerCase(),
          base_system: best?.system ?? null,
          base_translation: best?.text ?? null,
          edit_rate: best?.rate === null || best === null ? null : Number(best.rate.toFixed(4)),
        };
      }
    }),
  };
}
