// The MQM and Marot exports of a project's error spans (lib/export/mqm-rows.ts says what is
// written): the values of the scheme's translation-scope spans field, one per rater and
// translation, streamed in document order, segment position, system and rater. Lines are written
// raw, tab-separated: these files are read by Marot and by scripts, not by spreadsheets, and a
// protected cell (a leading ') would change the text outside the markers.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import { AppError } from "@/lib/errors";
import { MAROT_COLUMNS, MQM_COLUMNS, marotRows, mqmRows, type TMqmRated, type TMqmSpan } from "@/lib/export/mqm-rows";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { mqmErrorField, mqmSeverityAttribute } from "@/lib/import/parse-mqm";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { goldItemExcludedSql } from "@/lib/db/gold-checks/gold-item-sql";

interface TRow {
  doc: string;
  index: number;
  segmentId: string;
  source: string;
  system: string;
  target: string;
  rater: string;
  value: unknown;
  updatedAt: Date;
  email: string;
  corrected: string | null;
}

/** Checks the scheme before the stream starts, so a wrong request is a clear error, not a broken download. */
export function mqmExportField(definition: TSchemeDefinition | null) {
  const field = mqmErrorField(definition);
  if (!field) throw new AppError("BAD_REQUEST", "The MQM and Marot exports need a project whose scheme has a spans field at translation scope (e.g. the mqm preset).");
  return field;
}

export async function* exportMqmLines(pool: Pool, projectId: string, definition: TSchemeDefinition, format: "mqm" | "marot"): AsyncGenerator<string> {
  const field = mqmExportField(definition);
  const severity = mqmSeverityAttribute(field)?.id ?? "severity";
  // Marot's corrected_translation: the rater's edit of the translation, when the scheme has such a field
  const edit = definition.fields.find((f) => f.kind === "edit" && f.scope === "translation")?.id ?? null;
  const sql = `
    SELECT d."externalId" AS doc, s.index, s."externalId" AS "segmentId", s.text AS source, m.name AS system, t.text AS target,
           coalesce(u.name, u.email) AS rater, u.email, a.value, a."updatedAt",
           (SELECT e.value #>> '{}' FROM "Annotation" e WHERE e."annotatorId" = a."annotatorId" AND e."translationId" = a."translationId" AND e.field = $3) AS corrected
    FROM "Annotation" a
    JOIN "Segment" s ON s.id = a."segmentId"
    JOIN "Document" d ON d.id = s."documentId"
    JOIN "Translation" t ON t.id = a."translationId"
    JOIN "MtSystem" m ON m.id = t."systemId"
    JOIN "User" u ON u.id = a."annotatorId"
    WHERE a."projectId" = $1 AND a.field = $2 AND jsonb_typeof(a.value) = 'array' AND ${goldItemExcludedSql('a."segmentId"')}
    ORDER BY d.position, d."externalId", s.index, m.name, coalesce(u.name, u.email)`;
  yield `${(format === "mqm" ? MQM_COLUMNS : MAROT_COLUMNS).join("\t")}\n`;
  const rated = (r: TRow): TMqmRated => ({
    doc: r.doc,
    index: r.index,
    segmentId: r.segmentId,
    source: r.source,
    system: r.system,
    target: r.target,
    rater: r.rater,
    spans: r.value as TMqmSpan[],
    // an imported rater (an account without sign-in) never saved this value: its updatedAt is the
    // import's time, which Marot would show as when the rating was made
    ...(isImportedAnnotatorEmail(r.email) ? {} : { timestamp: new Date(r.updatedAt).getTime() }),
    ...(r.corrected !== null ? { correctedTranslation: r.corrected } : {}),
  });
  const line = (cells: string[]) => `${cells.join("\t")}\n`;
  yield* withExportSession(pool, async function* (session) {
    let group: TMqmRated[] = [];
    const flush = function* () {
      for (const cells of marotRows(group, severity)) yield line(cells);
      group = [];
    };
    for await (const r of session.rows<TRow>(sql, [projectId, field.id, edit])) {
      const x = rated(r);
      if (format === "mqm") {
        for (const cells of mqmRows(x, severity)) yield line(cells);
        continue;
      }
      const g = group[0];
      if (g && (g.doc !== x.doc || g.index !== x.index || g.system !== x.system)) yield* flush();
      group.push(x);
    }
    yield* flush();
  });
}
