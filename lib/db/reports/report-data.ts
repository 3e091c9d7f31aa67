// Reads everything the reports need for one project as plain rows (lib/reports/report-input.ts).
// Every query filters by the project id, over the shared pg pool in array row mode.
// Annotations (about a million rows at 10,000 segments × 4 systems × 3 annotators) come packed:
// one text per field of `translationId␟mrwId␟annotatorId␟segmentId␟value-as-JSON` records joined
// by ␞ (U+001E/U+001F never occur unescaped in JSON text, and ids are app-generated), parsed into
// dense integer columns (lib/reports/report-index.ts). The segment id is sent only for rows
// without a translation (the others take their translation's), and the parser compares the few
// distinct annotators and values in place: PostgreSQL's string building and the parser's id
// lookups are what this read costs. (Tried and dropped: positions instead of ids through joins
// with the lists, and 64-bit hashes of the ids: both cost PostgreSQL more than they saved.)
// One query per field, two at a time, each field parsed (in field order) as soon as it arrives,
// so PostgreSQL's work on the next fields overlaps the JS parsing on a 2-core machine.
// `data.annotations` (row objects) is still there, built on first access.
import type { Db } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { PENALTY_BY_SEVERITY_CODE, penaltyOf } from "@/lib/schemes/presets/built-in-codes";
import { AppError } from "@/lib/errors";
import { projectTargetLangs } from "@/lib/projects/target-languages";
import type { MetahopeCategory } from "@/lib/import/types";
import { parseAnnotationKey, patchAnnotationColumns } from "@/lib/reports/annotation-columns-patch";
import { REPORT_ANNOTATION_FIELDS, annotationColumns, emptyAnnotationColumns, withAnnotationColumns, type TAnnotationColumns } from "@/lib/reports/report-index";
import type { TMetahopeCoverageInput, TReportData, TReportMrw, TReportSegment, TReportTranslation, TSplitName } from "@/lib/reports/report-input";
import { goldItemExcludedSql } from "@/lib/db/gold-checks/gold-item-sql";

export { REPORT_ANNOTATION_FIELDS } from "@/lib/reports/report-index";

const RS = "\u001e";
/**
 * The packed text of one field (null when it has no rows), in the table's physical order. `||`
 * rather than concat() and no segment id when the row has a translation (the parser takes the
 * translation's): about a third less work for PostgreSQL, which is what bounds this read.
 */
const PACKED_FIELD_SQL = `SELECT string_agg(coalesce("translationId", '') || E'\\x1f' || coalesce("mrwId", '') || E'\\x1f' || "annotatorId" || E'\\x1f'
    || CASE WHEN "translationId" IS NULL THEN "segmentId" ELSE '' END || E'\\x1f' || value::text, E'\\x1e')
  FROM "Annotation" WHERE "projectId" = $1 AND field = $2 AND ${goldItemExcludedSql('"Annotation"."segmentId"')}`;

/** Rows in a packed text (0 for null). */
function packedRows(s: string | null): number {
  if (!s) return 0;
  let n = 1;
  for (let p = s.indexOf(RS); p >= 0; p = s.indexOf(RS, p + 1)) n++;
  return n;
}

const US_CODE = 0x1f;

/** Parses one field's packed text into the columns from row `k` on; returns the next row. */
function parsePackedField(c: TAnnotationColumns, translationSegment: Int32Array, s: string | null, f: number, k: number): number {
  if (!s) return k;
  const field = c.fields.add(REPORT_ANNOTATION_FIELDS[f]);
  const listed = translationSegment.length;
  const { translations, mrws, annotators, segments } = c;
  const n = s.length;
  let p = 0;
  while (p < n) {
    // each id is found and hashed in one pass (IdDict.scanTo); an empty one is null
    let t = -1;
    if (s.charCodeAt(p) !== US_CODE) {
      t = translations.scanTo(s, p, US_CODE);
      p = translations.end;
    }
    c.translation[k] = t;
    p++;
    let m = -1;
    if (s.charCodeAt(p) !== US_CODE) {
      m = mrws.scanTo(s, p, US_CODE);
      p = mrws.end;
    }
    c.mrw[k] = m;
    p++;
    c.annotator[k] = annotators.scanTo(s, p, US_CODE);
    p = annotators.end + 1;
    // the segment comes only for rows without a translation; a listed translation's is known,
    // an unlisted one's (created after the lists were read) is looked up afterwards (-2 until then)
    if (s.charCodeAt(p) !== US_CODE) {
      c.segment[k] = segments.scanTo(s, p, US_CODE);
      p = segments.end;
    } else c.segment[k] = t < 0 ? -2 : t < listed ? translationSegment[t] : -2;
    p++;
    let e = s.indexOf(RS, p);
    if (e < 0) e = n;
    c.value[k] = c.values.addText(s, p, e);
    c.field[k] = field;
    p = e + 1;
    k++;
  }
  return k;
}

type TLists = { segments: TReportSegment[]; translations: TReportTranslation[]; mrws: TReportMrw[] };

/**
 * Parses the packed texts (field f of REPORT_ANNOTATION_FIELDS at position f) into one set of
 * columns, each field as soon as it and the fields before it have arrived (so the parsing
 * overlaps PostgreSQL's work on the later fields); rows land in field order.
 */
async function parsePackedAnnotations(packed: Promise<string | null>[], l: TLists): Promise<TAnnotationColumns> {
  const dicts = emptyAnnotationColumns(l, 0);
  const translationSegment = Int32Array.from(l.translations, (t) => dicts.segments.add(t.segmentId));
  const parts: { c: TAnnotationColumns; n: number }[] = [];
  for (let f = 0; f < packed.length; f++) {
    const s = await packed[f];
    const cap = packedRows(s);
    if (cap === 0) continue;
    // the dictionaries are shared: one set for all fields, ids numbered in row order
    const c: TAnnotationColumns = { ...dicts, length: 0, field: new Int32Array(cap), annotator: new Int32Array(cap), segment: new Int32Array(cap), translation: new Int32Array(cap), mrw: new Int32Array(cap), value: new Int32Array(cap) };
    const n = parsePackedField(c, translationSegment, s, f, 0);
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

/**
 * Rows on a translation created after the lists were read carry no segment yet (-2): looks the
 * translations up; rows whose translation is gone by now (deleted, and its annotations with it)
 * are dropped, as a read a moment later would not have them either.
 */
export async function resolveUnlistedSegments(c: TAnnotationColumns, listed: number, lookup: (ids: string[]) => Promise<[string, string][]>) {
  let missing = false;
  for (let i = 0; i < c.length && !missing; i++) missing = c.segment[i] === -2;
  if (!missing) return;
  const found = new Map(await lookup(c.translations.ids.slice(listed)));
  let k = 0;
  for (let i = 0; i < c.length; i++) {
    let seg = c.segment[i];
    if (seg === -2) {
      const id = found.get(c.translations.ids[c.translation[i]]);
      if (id === undefined) continue;
      seg = c.segments.add(id);
    }
    for (const col of ["field", "annotator", "translation", "mrw", "value"] as const) c[col][k] = c[col][i];
    c.segment[k++] = seg;
  }
  c.length = k;
}

/** Concurrent annotation queries: PostgreSQL works on the next fields while JS parses the first. */
const ANNOTATION_LANES = 2;

type TQuery = <R extends unknown[]>(text: string, values?: unknown[]) => Promise<R[]>;

/** Array-mode queries on the shared pool, `$1` = the project id unless values are given. */
function projectQuery(projectId: string): TQuery {
  const pool = getPgPool();
  return <R extends unknown[]>(text: string, values: unknown[] = [projectId]) => pool.query<R>({ text, values, rowMode: "array" }).then((r) => r.rows);
}

async function readProject(db: Db, projectId: string): Promise<TReportData["project"]> {
  const project = await db.project.findUnique({ where: { id: projectId }, select: { id: true, sourceLang: true, targetLang: true, targetLangs: true } });
  if (!project) throw new AppError("NOT_FOUND", "Project not found.");
  return { ...project, targetLangs: projectTargetLangs(project) };
}

type TSpanParts = Pick<TReportData, "errorSpans"> & Pick<TMetahopeCoverageInput, "annotatorsWithImportedSpans" | "annotatorsWithDeletedSpans">;
type TAssignmentParts = Pick<TMetahopeCoverageInput, "doneAssignments" | "annotatorsWithAssignments">;

async function readSpans(q: TQuery): Promise<TSpanParts> {
  const [spans, imported, deleted] = await Promise.all([
    q<[string, string, string | null, MetahopeCategory, string]>(
      // drafts (category or severity not chosen yet, issue 13 point 7) never enter a figure
      `SELECT "annotatorId", "translationId", "mrwId", category, severity FROM "ErrorSpan" WHERE "projectId" = $1 AND "deletedAt" IS NULL AND category IS NOT NULL AND severity IS NOT NULL`,
    ),
    q<[string]>(`SELECT DISTINCT "annotatorId" FROM "ErrorSpan" WHERE "projectId" = $1 AND "externalId" IS NOT NULL`),
    q<[string]>(`SELECT DISTINCT "annotatorId" FROM "ErrorSpan" WHERE "projectId" = $1 AND "deletedAt" IS NOT NULL`),
  ]);
  return {
    // ErrorSpan rows are left only in a project the move onto its scheme refused (lib/db/upgrade/move-onto-scheme-runtime.ts),
    // e.g. for a severity code the preset does not list: no figure of the one runtime reads them, and such a row
    // must not stop the report store's upkeep, which reads every project
    errorSpans: spans.flatMap(([annotatorId, translationId, mrwId, category, severity]) => (PENALTY_BY_SEVERITY_CODE.has(severity) ? [{ annotatorId, translationId, mrwId, category, penalty: penaltyOf(severity) }] : [])),
    annotatorsWithImportedSpans: imported.map(([a]) => a),
    annotatorsWithDeletedSpans: deleted.map(([a]) => a),
  };
}

async function readAdjudications(q: TQuery): Promise<TReportData["adjudications"]> {
  const rows = await q<[string, string | null, string | null, string, unknown, boolean]>(
    `SELECT "segmentId", "translationId", "mrwId", field, value, automatic FROM "Adjudication" WHERE "projectId" = $1`,
  );
  return rows.map(([segmentId, translationId, mrwId, field, value, automatic]) => ({ segmentId, translationId, mrwId, field, value, automatic }));
}

async function readGold(q: TQuery): Promise<TReportData["goldReferences"]> {
  const rows = await q<[string, string, TReportData["goldReferences"][number]["kind"], string]>(`SELECT "segmentId", language, kind, text FROM "GoldReference" WHERE "projectId" = $1`);
  return rows.map(([segmentId, language, kind, text]) => ({ segmentId, language, kind, text }));
}

/**
 * MetaHOPE assignments (rule 3 of lib/reports/analyses/paper/metahope-coverage.ts): none any more. An assignment
 * is annotator × item for the whole scheme, and migration 20261129000000_assignment_per_item wrote
 * each DONE MetaHOPE assignment of the earlier release as review marks of its segment's
 * translations (rule 1), which the annotation columns carry.
 */
const NO_METAHOPE_ASSIGNMENTS: TAssignmentParts = Object.freeze({ doneAssignments: [], annotatorsWithAssignments: [] });

/** The annotators: everyone with an annotation row or a span (deleted or not), by email. */
async function readAnnotators(db: Db, columns: TAnnotationColumns, spans: TSpanParts, assignments: TAssignmentParts): Promise<TReportData["annotators"]> {
  const present = new Uint8Array(columns.annotators.size);
  for (let i = 0; i < columns.length; i++) present[columns.annotator[i]] = 1;
  const ids = new Set<string>();
  present.forEach((p, a) => p && ids.add(columns.annotators.ids[a]));
  for (const e of spans.errorSpans) ids.add(e.annotatorId);
  for (const a of assignments.annotatorsWithAssignments) ids.add(a);
  for (const a of spans.annotatorsWithDeletedSpans) ids.add(a);
  const users = await db.user.findMany({ where: { id: { in: [...ids] } }, select: { id: true, email: true } });
  return users.sort((a, b) => a.email.localeCompare(b.email));
}

function assemble(
  parts: Pick<TReportData, "project" | "systems" | "segments" | "mrws" | "translations" | "adjudications" | "goldReferences" | "annotators">,
  spans: TSpanParts,
  assignments: TAssignmentParts,
  columns: TAnnotationColumns,
): TReportData {
  const { errorSpans, annotatorsWithImportedSpans, annotatorsWithDeletedSpans } = spans;
  return withAnnotationColumns(
    {
      ...parts,
      errorSpans,
      metahopeCoverage: { ...assignments, annotatorsWithImportedSpans, annotatorsWithDeletedSpans },
    },
    columns,
  );
}

const languages = new Map<string, string>();
const interned = (s: string) => languages.get(s) ?? (languages.set(s, s), s);

/** The project's segments, MRWs and translations (texts only when asked for), in report order. */
function readLists(q: TQuery, withTranslationText: boolean): Promise<TLists> {
  const segmentsQ = q<[string, string, TSplitName | null, boolean]>(
    `SELECT s.id, s."externalId", s.split, s.metaphorical FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
     WHERE s."projectId" = $1 ORDER BY d.position, d.id, s.index`,
  );
  const mrwsQ = q<[string, string, string, boolean, boolean]>(`SELECT id, "segmentId", token, metaphorical, active FROM "Mrw" WHERE "projectId" = $1 ORDER BY "segmentId", start, id`);
  // in report order (segments' order, then system name): without ORDER BY the rows came in whatever
  // order the plan gave (a hash join after an ANALYZE, rows moved by updates), and the score tables'
  // means, which add translations in this order, changed in their last bits with nothing annotated
  const translationsQ = q<[string, string, string, string, string]>(
    `SELECT t.id, t."segmentId", t."systemId", t.language, ${withTranslationText ? "t.text" : "''"} FROM "Translation" t
     JOIN "Segment" s ON s.id = t."segmentId" JOIN "Document" d ON d.id = s."documentId" JOIN "MtSystem" m ON m.id = t."systemId"
     WHERE s."projectId" = $1 ORDER BY d.position, d.id, s.index, m.name, t.language, t.id`,
  );
  return Promise.all([segmentsQ, mrwsQ, translationsQ]).then(([segments, mrws, translations]) => ({
    segments: segments.map(([id, externalId, split, metaphorical]) => ({ id, externalId, split, metaphorical })),
    mrws: mrws.map(([id, segmentId, token, metaphorical, active]) => ({ id, segmentId, token, metaphorical, active })),
    // one string per language (a project has a handful), not one per row
    translations: translations.map(([id, segmentId, systemId, language, text]) => ({ id, segmentId, systemId, language: interned(language), text })),
  }));
}

async function readSystems(q: TQuery): Promise<TReportData["systems"]> {
  const rows = await q<[string, string]>(`SELECT id, name FROM "MtSystem" WHERE "projectId" = $1 ORDER BY name`);
  return rows.map(([id, name]) => ({ id, name }));
}

/** Reads the report data of one project now (the cached entry point is lib/db/reports/report-data-cache.ts). */
export async function readReportData(db: Db, projectId: string, opts: { withTranslationText?: boolean } = {}): Promise<TReportData> {
  const project = await readProject(db, projectId);
  const q = projectQuery(projectId);
  const listsQ = readLists(q, opts.withTranslationText !== false);
  // one query per field, ANNOTATION_LANES at a time, in field order
  const packed: Promise<string | null>[] = [];
  REPORT_ANNOTATION_FIELDS.forEach((field, f) => {
    const prev = f >= ANNOTATION_LANES ? packed[f - ANNOTATION_LANES].catch(() => null) : Promise.resolve(null);
    const p = prev.then(() => q<[string | null]>(PACKED_FIELD_SQL, [projectId, field])).then((rows) => rows[0]?.[0] ?? null);
    p.catch(() => {}); // handled where awaited (a failure of another query must not leave it unhandled)
    packed.push(p);
  });
  const columnsQ = listsQ.then((l) => parsePackedAnnotations(packed, l));

  const [systems, lists, columns, spans, adjudications, goldReferences, assignments] = await Promise.all([
    readSystems(q),
    listsQ,
    columnsQ,
    readSpans(q),
    readAdjudications(q),
    readGold(q),
    NO_METAHOPE_ASSIGNMENTS,
  ]);
  await Promise.allSettled(packed); // none left running on the pool
  await resolveUnlistedSegments(columns, lists.translations.length, (ids) =>
    q<[string, string]>(`SELECT id, "segmentId" FROM "Translation" WHERE id = ANY($1::text[])`, [ids]),
  );
  const annotators = await readAnnotators(db, columns, spans, assignments);
  return assemble({ project, systems, ...lists, adjudications, goldReferences, annotators }, spans, assignments, columns);
}

const REPORT_FIELD_SET: ReadonlySet<string> = new Set(REPORT_ANNOTATION_FIELDS);

/** Tables whose changes mean reading the project row, the lists and the systems again. */
const LIST_TABLES: ReadonlySet<string> = new Set(["Project", "Document", "Segment", "Mrw", "Translation", "MtSystem"]);

/** Tables whose changes `refreshReportData` can apply; any other change needs `readReportData`. */
export const REFRESHABLE_TABLES: ReadonlySet<string> = new Set(["Annotation", "ErrorSpan", "Adjudication", "GoldReference", "Assignment", "User", ...LIST_TABLES]);

/**
 * The report data `prev` brought up to date with what changed since it was read: the changed
 * annotation rows (by their unique keys, as the ReportChange trigger lists them) patched into its
 * columns, and only the changed tables read again (the lists, systems and project row together,
 * a few hundred milliseconds at 40,000 translations; kept when none of them changed).
 * `changedTables` must all be REFRESHABLE_TABLES. The columns refer to segments, translations
 * and MRWs through their dictionaries, not through positions in the lists, so new lists only
 * add their new ids to the dictionaries; rows of deleted items went with them (their annotations'
 * keys are among the changes).
 */
export async function refreshReportData(
  db: Db,
  prev: TReportData,
  changedTables: ReadonlySet<string>,
  annotationKeys: string[],
  opts: { withTranslationText: boolean },
): Promise<TReportData> {
  for (const t of changedTables) if (!REFRESHABLE_TABLES.has(t)) throw new Error(`report data: a change to ${t} needs a full read`);
  const projectId = prev.project.id;
  const q = projectQuery(projectId);
  // only the fields the built-in reports read: a project's own scheme stores other fields, with item
  // keys such as "document" or "role:premise" that are not "<translation>:<mrw>" (field ids hold no space)
  const keys = [...new Set(annotationKeys)].filter((k) => REPORT_FIELD_SET.has(k.slice(k.lastIndexOf(" ") + 1)));
  const prevSpans: TSpanParts = {
    errorSpans: prev.errorSpans,
    annotatorsWithImportedSpans: prev.metahopeCoverage.annotatorsWithImportedSpans,
    annotatorsWithDeletedSpans: prev.metahopeCoverage.annotatorsWithDeletedSpans,
  };
  const listsChanged = [...changedTables].some((t) => LIST_TABLES.has(t));
  const [rows, spans, adjudications, goldReferences, assignments, project, systems, lists] = await Promise.all([
    keys.length
      ? q<[string, string, string | null, string | null, string, string]>(
          `SELECT a."annotatorId", a."segmentId", a."translationId", a."mrwId", a.field, a.value::text
           FROM unnest($2::text[]) AS k(key) JOIN "Annotation" a ON a."annotatorId" = split_part(k.key, ' ', 1) AND a."segmentId" = split_part(k.key, ' ', 2)
             AND a."itemKey" = split_part(k.key, ' ', 3) AND a.field = split_part(k.key, ' ', 4)
           WHERE a."projectId" = $1 AND a.field = ANY($3::text[]) AND ${goldItemExcludedSql('a."segmentId"')}`,
          [projectId, keys, REPORT_ANNOTATION_FIELDS],
        )
      : Promise.resolve([]),
    changedTables.has("ErrorSpan") ? readSpans(q) : prevSpans,
    changedTables.has("Adjudication") ? readAdjudications(q) : prev.adjudications,
    changedTables.has("GoldReference") ? readGold(q) : prev.goldReferences,
    NO_METAHOPE_ASSIGNMENTS,
    listsChanged ? readProject(db, projectId) : prev.project,
    listsChanged ? readSystems(q) : prev.systems,
    listsChanged ? readLists(q, opts.withTranslationText) : ({ segments: prev.segments, mrws: prev.mrws, translations: prev.translations } satisfies TLists),
  ]);
  const columns = keys.length
    ? patchAnnotationColumns(
        annotationColumns(prev),
        keys.map(parseAnnotationKey),
        rows.map(([annotatorId, segmentId, translationId, mrwId, field, valueText]) => ({ annotatorId, segmentId, translationId, mrwId, field, valueText })),
      )
    : annotationColumns(prev);
  if (listsChanged) {
    // (append-only: the dictionaries may be shared with the previous copy)
    for (const x of lists.segments) columns.segments.add(x.id);
    for (const x of lists.translations) columns.translations.add(x.id);
    for (const x of lists.mrws) columns.mrws.add(x.id);
  }
  const annotators = await readAnnotators(db, columns, spans, assignments);
  return assemble({ project, systems, ...lists, adjudications, goldReferences, annotators }, spans, assignments, columns);
}
