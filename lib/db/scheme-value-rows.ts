// The stored values of a project's scheme fields as rows for schemeAgreementFigures
// (lib/reports/scheme-agreement.ts): one row per annotation, with the system of its translation
// (null when the value is not about a translation) and a unit key that is the same for every
// annotator's value about the same thing (segment + item key: translation and MRW).
import type { Pool } from "pg";
import type { TSchemeValueRow } from "@/lib/reports/scheme-agreement";

export async function getSchemeValueRows(pool: Pool, projectId: string, opts: { fields: readonly string[]; split?: "PILOT" | "TEST" }): Promise<TSchemeValueRow[]> {
  if (opts.fields.length === 0) return [];
  const { rows } = await pool.query<TSchemeValueRow>(
    `SELECT a.field, m.name AS system, a."segmentId" || '|' || a."itemKey" AS unit, u.email AS annotator, a.value
     FROM "Annotation" a
     JOIN "User" u ON u.id = a."annotatorId"
     JOIN "Segment" s ON s.id = a."segmentId"
     LEFT JOIN "Translation" t ON t.id = a."translationId"
     LEFT JOIN "MtSystem" m ON m.id = t."systemId"
     WHERE a."projectId" = $1 AND a.field = ANY($2::text[]) AND ($3::text IS NULL OR s.split::text = $3)
     ORDER BY a.field, unit, annotator`,
    [projectId, opts.fields, opts.split ?? null],
  );
  return rows;
}
