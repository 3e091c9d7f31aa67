// Every annotator's post-edits (issue 19 point 3: MetaHOPE's is exported as MMTE's are): MMTE's
// figurative and literal ones and MetaHOPE's reference, with the output each started from and its
// HTER-style edit rate against it (lib/scoring/edit-rate.ts; the MetaHOPE workbooks kept a
// Levenshtein column per system for the same purpose). Managers only, like every annotator's values.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export-cursor";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export-order";
import { editRate } from "@/lib/scoring/edit-rate";
import { postEditScheme } from "@/lib/workspace/field-scheme";
import type { TableRow } from "@/lib/export/table-lines";
import type { TableExport } from "@/lib/db/export-tables";

export const POST_EDIT_COLUMNS = ["doc", "segment", "source", "language", "annotator_id", "annotator", "scheme", "kind", "text", "base_system", "base_translation", "edit_rate", "version", "updated_at"] as const;

export function exportPostEdits(pool: Pool, projectId: string): TableExport {
  return {
    columns: POST_EDIT_COLUMNS,
    rows: withExportSession(pool, async function* (s) {
      for await (const r of s.rows<TableRow & { kind: string; text: string; language: string; base_translation: string | null }>(
        `SELECT d."externalId" AS doc, s."externalId" AS segment, s.text AS source, pe.language,
                pe."annotatorId" AS annotator_id, u.email AS annotator, pe.kind, pe.text, sys.name AS base_system, t.text AS base_translation,
                pe.version, pe."updatedAt" AS updated_at
         FROM "PostEdit" pe JOIN "Segment" s ON s.id = pe."segmentId" ${SEG_JOIN} JOIN "User" u ON u.id = pe."annotatorId"
         LEFT JOIN "Translation" t ON t.id = pe."baseTranslationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
         WHERE pe."projectId" = $1 ORDER BY ${SEG_ORDER}, pe.language, pe.kind, u.email`,
        [projectId],
      )) {
        const rate = r.base_translation !== null ? editRate(r.base_translation, r.text, { language: r.language }) : null;
        yield {
          ...r,
          scheme: postEditScheme(r.kind) === "METAHOPE" ? "MetaHOPE" : "MMTE",
          kind: r.kind.toLowerCase(),
          edit_rate: rate?.defined ? Number(rate.rate.toFixed(4)) : null,
        };
      }
    }),
  };
}
