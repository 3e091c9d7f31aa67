// Reads everything the reports need for one project as plain rows (lib/reports/report-input.ts).
// Every query filters by the project id, over the shared pg pool in array row mode.
// Annotations (about a million rows at 10,000 segments × 4 systems × 3 annotators) come packed:
// one text per field, `translationId␟mrwId␟annotatorId␟segmentId␟value-as-JSON` records joined by
// ␞ (U+001E/U+001F never occur unescaped in JSON text, and ids are app-generated), parsed into
// dense integer columns (lib/reports/report-index.ts). A million row objects and their
// six-million strings cost more than all the statistics; `data.annotations` is still there,
// built on first access.
import type { Db } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { SEVERITY_PENALTY } from "@/lib/db/severity";
import { AppError } from "@/lib/errors";
import type { Severity } from "@/lib/generated/prisma/enums";
import type { MetahopeCategory } from "@/lib/import/types";
import { REPORT_ANNOTATION_FIELDS, emptyAnnotationColumns, withAnnotationColumns, type TAnnotationColumns } from "@/lib/reports/report-index";
import type { TReportData, TReportMrw, TReportSegment, TReportTranslation, TSplitName } from "@/lib/reports/report-input";

export { REPORT_ANNOTATION_FIELDS } from "@/lib/reports/report-index";

const RS = "\u001e";
const US = "\u001f";
/** One packed text per field (null when the field has no rows). */
const PACKED_ANNOTATIONS_SQL = `SELECT ${REPORT_ANNOTATION_FIELDS.map(
  (_, i) =>
    `string_agg(concat("translationId", E'\\x1f', "mrwId", E'\\x1f', "annotatorId", E'\\x1f', "segmentId", E'\\x1f', value::text), E'\\x1e') FILTER (WHERE field = $${i + 3})`,
).join(", ")} FROM "Annotation" WHERE "projectId" = $1 AND field = ANY($2::text[])`;

/** Parses the packed annotation texts into columns (dictionaries seeded with the report's lists). */
export function parsePackedAnnotations(packed: (string | null)[], lists: { segments: TReportSegment[]; translations: TReportTranslation[]; mrws: TReportMrw[] }): TAnnotationColumns {
  let capacity = 0;
  for (const s of packed) {
    if (!s) continue;
    capacity++;
    for (let p = s.indexOf(RS); p >= 0; p = s.indexOf(RS, p + 1)) capacity++;
  }
  const c = emptyAnnotationColumns(lists, capacity);
  let k = 0;
  packed.forEach((s, f) => {
    if (!s) return;
    const field = c.fields.add(REPORT_ANNOTATION_FIELDS[f]);
    const n = s.length;
    let p = 0;
    while (p < n) {
      let e = s.indexOf(US, p);
      c.translation[k] = e === p ? -1 : c.translations.addSlice(s, p, e);
      p = e + 1;
      e = s.indexOf(US, p);
      c.mrw[k] = e === p ? -1 : c.mrws.addSlice(s, p, e);
      p = e + 1;
      e = s.indexOf(US, p);
      c.annotator[k] = c.annotators.addSlice(s, p, e);
      p = e + 1;
      e = s.indexOf(US, p);
      c.segment[k] = c.segments.addSlice(s, p, e);
      p = e + 1;
      e = s.indexOf(RS, p);
      if (e < 0) e = n;
      c.value[k] = c.values.addText(s, p, e);
      c.field[k] = field;
      p = e + 1;
      k++;
    }
  });
  if (k !== capacity) throw new Error(`report data: parsed ${k} of ${capacity} packed annotation rows (an id holds U+001E or U+001F?)`);
  c.length = k;
  return c;
}

export async function getReportData(db: Db, projectId: string, opts: { withTranslationText?: boolean } = {}): Promise<TReportData> {
  const project = await db.project.findUnique({ where: { id: projectId }, select: { id: true, sourceLang: true, targetLang: true } });
  if (!project) throw new AppError("NOT_FOUND", "Project not found.");
  const pool = getPgPool();
  const q = <R extends unknown[]>(text: string, values: unknown[] = [projectId]) =>
    pool.query<R>({ text, values, rowMode: "array" }).then((r) => r.rows);

  const [systems, segments, mrws, translations, annotations, spans, adjudications, gold, done, withAssignments, imported, deleted] = await Promise.all([
    q<[string, string]>(`SELECT id, name FROM "MtSystem" WHERE "projectId" = $1 ORDER BY name`),
    q<[string, string, TSplitName | null, boolean]>(
      `SELECT s.id, s."externalId", s.split, s.metaphorical FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
       WHERE s."projectId" = $1 ORDER BY d.position, d.id, s.index`,
    ),
    q<[string, string, string, boolean, boolean]>(`SELECT id, "segmentId", token, metaphorical, active FROM "Mrw" WHERE "projectId" = $1 ORDER BY "segmentId", start, id`),
    q<[string, string, string, string]>(
      `SELECT t.id, t."segmentId", t."systemId", ${opts.withTranslationText === false ? "''" : "t.text"} FROM "Translation" t
       JOIN "Segment" s ON s.id = t."segmentId" WHERE s."projectId" = $1`,
    ),
    q<(string | null)[]>(PACKED_ANNOTATIONS_SQL, [projectId, REPORT_ANNOTATION_FIELDS, ...REPORT_ANNOTATION_FIELDS]).then((rows) => rows[0]),
    q<[string, string, string | null, MetahopeCategory, Severity]>(
      `SELECT "annotatorId", "translationId", "mrwId", category, severity FROM "ErrorSpan" WHERE "projectId" = $1 AND "deletedAt" IS NULL`,
    ),
    q<[string, string | null, string | null, string, unknown, boolean]>(
      `SELECT "segmentId", "translationId", "mrwId", field, value, automatic FROM "Adjudication" WHERE "projectId" = $1`,
    ),
    q<[string, "FIGURATIVE" | "LITERAL", string]>(`SELECT "segmentId", kind, text FROM "GoldReference" WHERE "projectId" = $1`),
    q<[string, string]>(`SELECT "annotatorId", "segmentId" FROM "Assignment" WHERE "projectId" = $1 AND scheme = 'METAHOPE' AND status = 'DONE'`),
    q<[string]>(`SELECT DISTINCT "annotatorId" FROM "Assignment" WHERE "projectId" = $1 AND scheme = 'METAHOPE'`),
    q<[string]>(`SELECT DISTINCT "annotatorId" FROM "ErrorSpan" WHERE "projectId" = $1 AND "externalId" IS NOT NULL`),
    q<[string]>(`SELECT DISTINCT "annotatorId" FROM "ErrorSpan" WHERE "projectId" = $1 AND "deletedAt" IS NOT NULL`),
  ]);

  const lists = {
    segments: segments.map(([id, externalId, split, metaphorical]) => ({ id, externalId, split, metaphorical })),
    mrws: mrws.map(([id, segmentId, token, metaphorical, active]) => ({ id, segmentId, token, metaphorical, active })),
    translations: translations.map(([id, segmentId, systemId, text]) => ({ id, segmentId, systemId, text })),
  };
  const columns = parsePackedAnnotations(annotations, lists);
  const annotatorIds = new Set<string>(columns.annotators.ids);
  for (const e of spans) annotatorIds.add(e[0]);
  for (const [a] of withAssignments) annotatorIds.add(a);
  for (const [a] of deleted) annotatorIds.add(a);
  const users = await db.user.findMany({ where: { id: { in: [...annotatorIds] } }, select: { id: true, email: true } });

  return withAnnotationColumns(
    {
    project,
    annotators: users.sort((a, b) => a.email.localeCompare(b.email)),
    systems: systems.map(([id, name]) => ({ id, name })),
    ...lists,
    errorSpans: spans.map(([annotatorId, translationId, mrwId, category, severity]) => ({ annotatorId, translationId, mrwId, category, penalty: SEVERITY_PENALTY[severity] })),
    adjudications: adjudications.map(([segmentId, translationId, mrwId, field, value, automatic]) => ({ segmentId, translationId, mrwId, field, value, automatic })),
    goldReferences: gold.map(([segmentId, kind, text]) => ({ segmentId, kind, text })),
    metahopeCoverage: {
      doneAssignments: done.map(([annotatorId, segmentId]) => ({ annotatorId, segmentId })),
      annotatorsWithAssignments: withAssignments.map(([a]) => a),
      annotatorsWithImportedSpans: imported.map(([a]) => a),
      annotatorsWithDeletedSpans: deleted.map(([a]) => a),
    },
    },
    columns,
  );
}
