// Reads everything the reports need for one project as plain rows (lib/reports/report-input.ts).
// Every query filters by the project id, over the shared pg pool in array row mode.
// Annotations (about a million rows at 10,000 segments × 4 systems × 3 annotators) come packed:
// one text per field, `translationId␟mrwId␟annotatorId␟segmentId␟value-as-JSON` records joined by
// ␞ (U+001E/U+001F never occur unescaped in JSON text, and ids are app-generated), parsed into
// dense integer columns (lib/reports/report-index.ts). One query per field, two at a time, each
// field parsed (in field order) as soon as it arrives, so PostgreSQL's aggregation of the next
// fields overlaps the JS parsing on a 2-core machine. A million row objects and their
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
/** The packed text of one field (null when it has no rows), in the table's physical order. */
const PACKED_FIELD_SQL = `SELECT string_agg(concat("translationId", E'\\x1f', "mrwId", E'\\x1f', "annotatorId", E'\\x1f', "segmentId", E'\\x1f', value::text), E'\\x1e')
  FROM "Annotation" WHERE "projectId" = $1 AND field = $2`;

/** Rows in a packed text (0 for null). */
function packedRows(s: string | null): number {
  if (!s) return 0;
  let n = 1;
  for (let p = s.indexOf(RS); p >= 0; p = s.indexOf(RS, p + 1)) n++;
  return n;
}

/** Parses one field's packed text into the columns from row `k` on; returns the next row. */
function parsePackedField(c: TAnnotationColumns, s: string | null, f: number, k: number): number {
  if (!s) return k;
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
  return k;
}

type TLists = { segments: TReportSegment[]; translations: TReportTranslation[]; mrws: TReportMrw[] };

/** Parses the packed annotation texts (one per REPORT_ANNOTATION_FIELDS entry) into columns (dictionaries seeded with the report's lists). */
export function parsePackedAnnotations(packed: (string | null)[], lists: TLists): TAnnotationColumns {
  const capacity = packed.reduce((n, s) => n + packedRows(s), 0);
  const c = emptyAnnotationColumns(lists, capacity);
  let k = 0;
  packed.forEach((s, f) => (k = parsePackedField(c, s, f, k)));
  if (k !== capacity) throw new Error(`report data: parsed ${k} of ${capacity} packed annotation rows (an id holds U+001E or U+001F?)`);
  c.length = k;
  return c;
}

/**
 * Same columns as `parsePackedAnnotations` of the awaited texts, but each field is parsed as soon
 * as it and the fields before it have arrived (so the parsing overlaps PostgreSQL's work on the
 * later fields); rows land in field order, exactly as in one pass over all texts.
 */
async function parsePackedAnnotationsAsync(packed: Promise<string | null>[], lists: Promise<TLists>): Promise<TAnnotationColumns> {
  const l = await lists;
  const dicts = emptyAnnotationColumns(l, 0);
  const parts: { c: TAnnotationColumns; n: number }[] = [];
  for (let f = 0; f < packed.length; f++) {
    const s = await packed[f];
    const cap = packedRows(s);
    if (cap === 0) continue;
    // the dictionaries are shared: one set for all fields, ids numbered in row order
    const c: TAnnotationColumns = { ...dicts, length: 0, field: new Int32Array(cap), annotator: new Int32Array(cap), segment: new Int32Array(cap), translation: new Int32Array(cap), mrw: new Int32Array(cap), value: new Int32Array(cap) };
    const n = parsePackedField(c, s, f, 0);
    if (n !== cap) throw new Error(`report data: parsed ${n} of ${cap} packed annotation rows (an id holds U+001E or U+001F?)`);
    parts.push({ c, n });
  }
  const total = parts.reduce((n, p) => n + p.n, 0);
  const out: TAnnotationColumns = { ...dicts, length: 0, field: new Int32Array(total), annotator: new Int32Array(total), segment: new Int32Array(total), translation: new Int32Array(total), mrw: new Int32Array(total), value: new Int32Array(total) };
  let k = 0;
  for (const { c, n } of parts) {
    for (const col of ["field", "annotator", "segment", "translation", "mrw", "value"] as const) out[col].set(c[col], k);
    k += n;
  }
  out.length = total;
  return out;
}

/** Concurrent annotation queries: PostgreSQL works on the next fields while JS parses the first. */
const ANNOTATION_LANES = 2;

export async function getReportData(db: Db, projectId: string, opts: { withTranslationText?: boolean } = {}): Promise<TReportData> {
  const project = await db.project.findUnique({ where: { id: projectId }, select: { id: true, sourceLang: true, targetLang: true } });
  if (!project) throw new AppError("NOT_FOUND", "Project not found.");
  const pool = getPgPool();
  const q = <R extends unknown[]>(text: string, values: unknown[] = [projectId]) =>
    pool.query<R>({ text, values, rowMode: "array" }).then((r) => r.rows);

  const segmentsQ = q<[string, string, TSplitName | null, boolean]>(
    `SELECT s.id, s."externalId", s.split, s.metaphorical FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
     WHERE s."projectId" = $1 ORDER BY d.position, d.id, s.index`,
  );
  const mrwsQ = q<[string, string, string, boolean, boolean]>(`SELECT id, "segmentId", token, metaphorical, active FROM "Mrw" WHERE "projectId" = $1 ORDER BY "segmentId", start, id`);
  const translationsQ = q<[string, string, string, string]>(
    `SELECT t.id, t."segmentId", t."systemId", ${opts.withTranslationText === false ? "''" : "t.text"} FROM "Translation" t
     JOIN "Segment" s ON s.id = t."segmentId" WHERE s."projectId" = $1`,
  );
  const listsQ = Promise.all([segmentsQ, mrwsQ, translationsQ]).then(([segments, mrws, translations]) => ({
    segments: segments.map(([id, externalId, split, metaphorical]) => ({ id, externalId, split, metaphorical })),
    mrws: mrws.map(([id, segmentId, token, metaphorical, active]) => ({ id, segmentId, token, metaphorical, active })),
    translations: translations.map(([id, segmentId, systemId, text]) => ({ id, segmentId, systemId, text })),
  }));
  // one query per field, ANNOTATION_LANES at a time, in field order
  const packed: Promise<string | null>[] = [];
  REPORT_ANNOTATION_FIELDS.forEach((field, f) => {
    const prev = f >= ANNOTATION_LANES ? packed[f - ANNOTATION_LANES].catch(() => null) : Promise.resolve(null);
    const p = prev.then(() => q<[string | null]>(PACKED_FIELD_SQL, [projectId, field])).then((rows) => rows[0]?.[0] ?? null);
    p.catch(() => {}); // handled where awaited (a failure of another query must not leave it unhandled)
    packed.push(p);
  });
  const columnsQ = parsePackedAnnotationsAsync(packed, listsQ);

  const [systems, lists, columns, spans, adjudications, gold, done, withAssignments, imported, deleted] = await Promise.all([
    q<[string, string]>(`SELECT id, name FROM "MtSystem" WHERE "projectId" = $1 ORDER BY name`),
    listsQ,
    columnsQ,
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
  await Promise.allSettled(packed); // none left running on the pool

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
