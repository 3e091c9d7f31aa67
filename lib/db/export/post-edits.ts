// Every annotator's post-edits (issue 19 point 3: MetaHOPE's is exported as MMTE's are): MMTE's
// figurative and literal ones and MetaHOPE's reference, with the output each started from and its
// HTER-style edit rate against it (lib/scoring/edit-rate.ts; the MetaHOPE workbooks kept a
// Levenshtein column per system for the same purpose). Managers only, like every annotator's values.
//
// Under the one runtime a post-edit is the value of an edit field of the project's stored scheme
// (issue 28: the presets' POSTEDIT_FIGURATIVE / POSTEDIT_LITERAL / METAHOPE_POSTEDIT, or a lab's
// own edit field); the PostEdit rows of an earlier release were moved into such values
// (lib/db/upgrade/built-in-to-scheme-values.ts), except those of a kind the scheme has no field for, which
// stay and are exported as before. An edit value stores its text alone: the output it started from
// is read back as the closest translation (lib/workspace/edit-base.ts editBaseOf, what the
// workspace shows its diff and edit rate against), or the translation in scope for an edit of a
// translation.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export/order";
import { editRate } from "@/lib/scoring/edit-rate";
import { editBaseKind, editBaseOf } from "@/lib/workspace/edit-base";
import { PRESET_EDIT_FIELDS, presetEditScheme } from "@/lib/schemes/presets/preset-edit-fields";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TableRow } from "@/lib/export/table-lines";
import type { TableExport } from "@/lib/db/export/tables";
import { goldItemExcludedSql } from "@/lib/db/gold-checks/gold-item-sql";

export const POST_EDIT_COLUMNS = ["doc", "segment", "source", "language", "annotator_id", "annotator", "scheme", "kind", "text", "base_system", "base_translation", "edit_rate", "version", "updated_at"] as const;

/** An edit field of a scheme as the export names it. */
export interface TPostEditField {
  field: string;
  /** FIGURATIVE / LITERAL / REFERENCE for the presets' fields; the variant (capitals) or the field id otherwise */
  kind: string;
  /** the scheme column: MMTE or MetaHOPE for the presets' fields, the scheme's name otherwise */
  scheme: string;
  /** where the text started: a translation the annotator picked, the one in scope, or none to compare with */
  base: "any-translation" | "translation" | "none";
}

/** The scheme's edit fields, in scheme order (an id listed once). Pure. */
export function postEditFields(def: TSchemeDefinition): TPostEditField[] {
  const out: TPostEditField[] = [];
  for (const f of def.fields) {
    if (f.kind !== "edit" || out.some((x) => x.field === f.id)) continue;
    const preset = PRESET_EDIT_FIELDS[f.id];
    const kind = preset?.kind ?? (f.variant ? f.variant.toUpperCase() : f.id);
    const base = editBaseKind(f);
    out.push({
      field: f.id,
      kind,
      scheme: preset?.scheme ?? def.name,
      base: base === "any-translation" || base === "translation" ? base : "none",
    });
  }
  return out;
}

type TTranslation = { id: string; system: string; text: string; language: string };
type TRow = TableRow & {
  kind: string;
  text: string;
  language: string | null;
  scheme: string | null;
  base: TPostEditField["base"] | null;
  base_id: string | null;
  translation_id: string | null;
  translations: TTranslation[] | null;
};

/** `definition`: the project's stored scheme (its edit fields' values are exported); null for a project not yet moved onto it. */
export function exportPostEdits(pool: Pool, projectId: string, definition: TSchemeDefinition | null = null): TableExport {
  const fields = definition ? postEditFields(definition) : [];
  return {
    columns: POST_EDIT_COLUMNS,
    rows: withExportSession(pool, async function* (s) {
      for await (const r of s.rows<TRow>(
        `WITH fields AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS f(field text, kind text, scheme text, base text)),
         edits AS (
           SELECT pe."segmentId", pe."annotatorId", pe.kind::text AS kind, NULL::text AS scheme, NULL::text AS base, pe.text, pe.language,
                  pe."baseTranslationId" AS base_id, NULL::text AS translation_id, pe.version, pe."updatedAt"
           FROM "PostEdit" pe WHERE pe."projectId" = $1
           UNION ALL
           SELECT a."segmentId", a."annotatorId", f.kind, f.scheme, f.base, a.value #>> '{}', NULL, NULL, a."translationId", a.version, a."updatedAt"
           FROM "Annotation" a JOIN fields f ON f.field = a.field
           WHERE a."projectId" = $1 AND jsonb_typeof(a.value) = 'string' AND a.value #>> '{}' ~ '\\S' AND ${goldItemExcludedSql('a."segmentId"')})
         SELECT d."externalId" AS doc, s."externalId" AS segment, s.text AS source, e.language,
                e."annotatorId" AS annotator_id, u.email AS annotator, e.kind, e.scheme, e.base, e.text, e.base_id, e.translation_id,
                (SELECT json_agg(json_build_object('id', t.id, 'system', sys.name, 'text', t.text, 'language', t.language) ORDER BY sys.name, t.language)
                   FROM "Translation" t JOIN "MtSystem" sys ON sys.id = t."systemId" WHERE t."segmentId" = s.id) AS translations,
                e.version, e."updatedAt" AS updated_at
         FROM edits e JOIN "Segment" s ON s.id = e."segmentId" ${SEG_JOIN} JOIN "User" u ON u.id = e."annotatorId"
         ORDER BY ${SEG_ORDER}, e.language, e.kind, u.email`,
        [projectId, JSON.stringify(fields)],
      )) {
        const { scheme, base, base_id, translation_id, translations, ...row } = r;
        const all = translations ?? [];
        // the output it started from: stored (a PostEdit row), the translation in scope, or the closest one
        const from =
          base === null
            ? (all.find((t) => t.id === base_id) ?? null)
            : base === "translation"
              ? (all.find((t) => t.id === translation_id) ?? null)
              : base === "any-translation"
                ? (all.find((t) => t.id === editBaseOf(r.text, all.map((x) => ({ ...x, label: x.system })))?.id) ?? null)
                : null;
        const language = r.language ?? from?.language ?? null;
        const rate = from ? editRate(from.text, r.text, { language: language ?? from.language }) : null;
        yield {
          ...row,
          language,
          scheme: scheme ?? presetEditScheme(r.kind),
          kind: r.kind.toLowerCase(),
          base_system: from?.system ?? null,
          base_translation: from?.text ?? null,
          edit_rate: rate?.defined ? Number(rate.rate.toFixed(4)) : null,
        };
      }
    }),
  };
}
