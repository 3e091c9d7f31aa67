// Streaming tabular exports (gold references, annotations, adjudicated labels; the errors table's columns):
// each is a column list plus an async row generator over one snapshot cursor
// (lib/db/export/cursor.ts), so a million rows never sit in memory.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export/order";
import { MQM_HEADER } from "@/lib/export/mqm-tsv";
import type { TableRow } from "@/lib/export/table-lines";
import { goldItemExcludedSql } from "@/lib/db/gold-checks/gold-item-sql";

export interface TableExport {
  columns: readonly string[];
  rows: AsyncGenerator<TableRow>;
}

/** The gold export's columns (lib/db/export/scheme-gold.ts): provenance `system:<name>`, `post-edit:<annotator>:<kind>` or `manual`. */
export const GOLD_COLUMNS = ["doc", "segment", "source", "language", "kind", "text", "provenance", "source_system", "post_edit_annotator", "approved_by", "version", "updated_at"] as const;

/** The columns with `language` after `system`: the table of a study over several target languages. */
const withLanguage = (columns: readonly string[]) => columns.flatMap((c) => (c === "system" ? [c, "language"] : [c]));

/** The unit columns of the annotations table of a project that runs its own scheme, before one column per field. */
export const SCHEME_UNIT_COLUMNS = ["doc", "segment", "system", "mrw", "mrw_token", "role", "unit", "annotator_id", "annotator"] as const;

/** A field's column: its id, unless a unit column (`language` included) has that name (then `field:<id>`). */
export function schemeFieldColumn(fieldId: string): string {
  return (SCHEME_UNIT_COLUMNS as readonly string[]).includes(fieldId) || fieldId === "language" ? `field:${fieldId}` : fieldId;
}

/**
 * The annotations of a project that runs its own scheme, wide: one row per annotator × unit (the
 * segment, a translation, an MRW, an item text by role, the document: `unit` names which) with one
 * column per field of the scheme, in scheme order, empty where the field is not of that unit or has
 * no value. Structured values (multi, spans, vectors …) are written as their JSON text by the
 * serialiser. Values of fields the scheme no longer has are left out (the JSONL export keeps them).
 * `multilingual`: a study over several target languages; each row names its translation's language
 * (after `system`, as the built-in table does), so two languages' outputs of one system stay apart.
 */
export function exportSchemeAnnotations(pool: Pool, projectId: string, fieldIds: readonly string[], opts: { multilingual?: boolean } = {}): TableExport {
  const columns = [...(opts.multilingual ? withLanguage(SCHEME_UNIT_COLUMNS) : SCHEME_UNIT_COLUMNS), ...fieldIds.map(schemeFieldColumn)];
  return {
    columns,
    rows: withExportSession(pool, async function* (s) {
      for await (const r of s.rows<TableRow & { item_key: string; mrw: string | null; system: string | null; language: string | null; values: Record<string, unknown> }>(
        `SELECT d."externalId" AS doc, s."externalId" AS segment, sys.name AS system, t.language, m."externalId" AS mrw, m.token AS mrw_token,
                a."itemKey" AS item_key, a."annotatorId" AS annotator_id, u.email AS annotator, jsonb_object_agg(a.field, a.value) AS values
         FROM "Annotation" a JOIN "Segment" s ON s.id = a."segmentId" ${SEG_JOIN} JOIN "User" u ON u.id = a."annotatorId"
         LEFT JOIN "Translation" t ON t.id = a."translationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
         LEFT JOIN "Mrw" m ON m.id = a."mrwId"
         WHERE a."projectId" = $1 AND a.field = ANY($2::text[]) AND ${goldItemExcludedSql('a."segmentId"')}
         GROUP BY d."position", d."externalId", s."index", s."externalId", sys.name, t.language, m.start, m."externalId", m.token, a."itemKey", a."annotatorId", u.email
         ORDER BY ${SEG_ORDER}, a."itemKey" = 'document' DESC, a."itemKey" LIKE 'role:%', sys.name NULLS FIRST, t.language NULLS FIRST, m.start NULLS FIRST, m."externalId" NULLS FIRST, a."itemKey", u.email`,
        [projectId, [...fieldIds]],
      )) {
        const { role, unit } = unitOf(r.item_key, r.system, r.mrw);
        const row: TableRow = { doc: r.doc, segment: r.segment, system: r.system, ...(opts.multilingual ? { language: r.language } : {}), mrw: r.mrw, mrw_token: r.mrw_token, role, unit, annotator_id: r.annotator_id, annotator: r.annotator };
        for (const id of fieldIds) row[schemeFieldColumn(id)] = r.values[id] ?? null;
        yield row;
      }
    }),
  };
}

export const SCHEME_ADJUDICATED_COLUMNS = ["doc", "segment", "system", "mrw", "mrw_token", "role", "unit", "field", "value", "rationale", "adjudicator", "automatic", "version", "updated_at"] as const;

/**
 * Final values of a project: each decision with the unit (and role) it is of, its rationale and
 * who decided it; `multilingual`: with each row's translation language, as exportSchemeAnnotations.
 */
export function exportSchemeAdjudicated(pool: Pool, projectId: string, opts: { multilingual?: boolean } = {}): TableExport {
  return {
    columns: opts.multilingual ? withLanguage(SCHEME_ADJUDICATED_COLUMNS) : SCHEME_ADJUDICATED_COLUMNS,
    rows: withExportSession(pool, async function* (s) {
      for await (const r of s.rows<TableRow & { item_key: string; system: string | null; mrw: string | null }>(
        `SELECT d."externalId" AS doc, s."externalId" AS segment, sys.name AS system, t.language, m."externalId" AS mrw, m.token AS mrw_token, a."itemKey" AS item_key,
                a.field, a.value, a.rationale, u.email AS adjudicator, a.automatic, a.version, a."updatedAt" AS updated_at
         FROM "Adjudication" a JOIN "Segment" s ON s.id = a."segmentId" ${SEG_JOIN}
         LEFT JOIN "Translation" t ON t.id = a."translationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
         LEFT JOIN "Mrw" m ON m.id = a."mrwId" LEFT JOIN "User" u ON u.id = a."adjudicatorId"
         WHERE a."projectId" = $1 ORDER BY ${SEG_ORDER}, a."itemKey" = 'document' DESC, a."itemKey" LIKE 'role:%', sys.name NULLS FIRST, t.language NULLS FIRST, m.start NULLS FIRST, m."externalId" NULLS FIRST, a."itemKey", a.field`,
        [projectId],
      )) {
        const { item_key, ...rest } = r;
        yield { ...rest, ...unitOf(item_key, r.system, r.mrw) };
      }
    }),
  };
}

/** The unit a stored value is of, from its item key and anchors (see lib/schemes/language/value-anchor.ts). */
function unitOf(itemKey: string, system: string | null, mrw: string | null): { role: string | null; unit: string } {
  const role = itemKey.startsWith("role:") ? itemKey.slice("role:".length) : null;
  const unit = itemKey === "document" ? "document" : role ? "role" : system && mrw ? "mrw-translation" : system ? "translation" : mrw ? "mrw" : "segment";
  return { role, unit };
}

export const ERROR_COLUMNS = MQM_HEADER;
