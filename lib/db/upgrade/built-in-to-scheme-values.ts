/**
 * Moves a built-in project's error spans, reviews and post-edits into the scheme runtime's
 * storage, inside the transaction of the scheme change that moves the project there
 * (lib/db/projects/project-schemes.ts `moveAssignmentsBetweenRuntimes`). The mapping is
 * lib/schemes/built-in-to-scheme-values.ts; this file reads and writes.
 *
 * Each converted value is an Annotation row under the new scheme version, written as a save
 * writes it: a new row at version 1 with a History row (null → value), or a new version of the
 * row already there (a review mark `{ reviewed: true }` becomes the list) with a History row
 * (old → new). History's userId is whoever stores the scheme (the value is the annotator's; the
 * row's annotatorId says so). A post-edit keeps its id as the Annotation's, so its POST_EDIT
 * history rows and the new ANNOTATION ones name the same entity.
 *
 * Then the ErrorSpan and PostEdit rows are deleted: the scheme runtime reads only the Annotation
 * rows, and the exports and workspaces of the built-in runtime that read those tables would
 * otherwise count the same work twice should anything still reach them. Nothing is lost: every
 * complete span and every non-empty post-edit is in a value; every draft span (no category or
 * severity chosen yet: no value of the scheme runtime holds one, and the built-in workspace that
 * could finish it is gone) is recorded in full in the audit log row of the conversion
 * (`draftSpansSetAside`: annotator, translation and its segment, MRW, offsets, category and
 * severity as they were, comment, when made and last changed) and counted (`draftSpans`); drafts
 * never entered a figure, so no figure changes. The History rows of the spans
 * and post-edits stay, those of spans an annotator had deleted (soft-deleted rows, never read by
 * a figure) included (History is keyed by entity id, not by a foreign key). Gold references that name a post-edit as their
 * source lose that link (GoldReference.sourcePostEditId, set null by the foreign key), and an edit
 * value has no place for the post-edit's language and base translation; the audit log row of the
 * conversion keeps both (`goldSources`: gold id → the post-edit, now the value's id;
 * `postEditBases`: post-edit id → language and base translation).
 *
 * Left as they are, because the scheme runtime reads them as they are:
 * - GoldReference rows: the scheme runtime's paper tables read them first
 *   (lib/reports/analyses/paper/paper-data.ts `goldOf`), and decided edit values only where none exists;
 * - Alignment rows: the corpus's imported alignment (MRW → target words, pattern), not anybody's
 *   value. Annotators' alignments are already ALIGNMENT / TARGET_WORDS Annotation rows in the
 *   scheme's shape (`{ pattern, spans }`, `{ spans }`: the built-in runtime checked them against
 *   the preset's field), and setProjectScheme's
 *   orphan check refuses a version whose changed field would not accept them;
 * - decided per-category penalties (Adjudication METAHOPE_IMP …): a decided penalty is a sum per
 *   MRW and category, not spans with offsets, so it has no METAHOPE_ERRORS list to become; the
 *   paper tables read them as decided cells unchanged (scheme-paper-data.ts `adjudicatedCells`).
 */
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { convertBuiltInValues, editFieldOf, type TBuiltInPostEditRow, type TBuiltInSpanRow, type TDescribeItem, type TStoredValueRow } from "@/lib/schemes/built-in-to-scheme-values";

type TTx = Prisma.TransactionClient;

/**
 * Rows per write statement: bounds the JSON parameter, and keeps each statement within the report
 * change log's per-row keys (lib/db/reports/changes.ts: up to 5,000 rows), so a cached report
 * patches the converted values in instead of reading the project again.
 */
const ROWS_PER_STATEMENT = 5_000;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) yield rows.slice(i, i + ROWS_PER_STATEMENT);
}

export interface TConvertedCounts {
  /** METAHOPE_ERRORS values written (lists, empty ones included) */
  spanLists: number;
  /** complete error spans, now in those lists */
  errorSpans: number;
  /** draft error spans set aside: deleted, each recorded in the audit log row (`draftSpansSetAside`) */
  draftSpans: number;
  postEdits: number;
}

/** Nothing converted. */
export const NOTHING_CONVERTED: TConvertedCounts = Object.freeze({ spanLists: 0, errorSpans: 0, draftSpans: 0, postEdits: 0 });

/** Words for an item in a refusal: segment external id, system and language, annotator email. */
async function itemDescriber(tx: TTx, projectId: string): Promise<TDescribeItem> {
  const [segments, translations, users] = await Promise.all([
    tx.$queryRawUnsafe<{ id: string; externalId: string }[]>(`SELECT id, "externalId" FROM "Segment" WHERE "projectId" = $1`, projectId),
    tx.$queryRawUnsafe<{ id: string; system: string; language: string }[]>(
      `SELECT t.id, m.name AS system, t.language FROM "Translation" t JOIN "MtSystem" m ON m.id = t."systemId" WHERE m."projectId" = $1`,
      projectId,
    ),
    tx.$queryRawUnsafe<{ id: string; email: string }[]>(
      `SELECT u.id, u.email FROM "User" u WHERE u.id IN (SELECT "annotatorId" FROM "ErrorSpan" WHERE "projectId" = $1 UNION SELECT "annotatorId" FROM "PostEdit" WHERE "projectId" = $1 UNION SELECT "annotatorId" FROM "Annotation" WHERE "projectId" = $1)`,
      projectId,
    ),
  ]);
  const seg = new Map(segments.map((s) => [s.id, s.externalId]));
  const tr = new Map(translations.map((t) => [t.id, `${t.system} (${t.language})`]));
  const email = new Map(users.map((u) => [u.id, u.email]));
  return ({ annotatorId, segmentId, translationId }) =>
    `segment ${seg.get(segmentId) ?? segmentId}${translationId ? `, translation ${tr.get(translationId) ?? translationId}` : ""}, annotator ${email.get(annotatorId) ?? annotatorId}`;
}

/**
 * Converts and stores, or throws AppError("CONFLICT") naming the item and field of the first
 * value the new definition refuses (the caller's transaction then rolls back: nothing is stored).
 */
export async function convertBuiltInValuesToScheme(
  tx: TTx,
  projectId: string,
  next: TSchemeDefinition,
  version: number,
  actorId: string | null,
  /** the definition in force before the move (null: none stored, the preset of the project's parts) */
  previous: TSchemeDefinition | null = null,
): Promise<TConvertedCounts> {
  // the project's spans and post-edits, locked against a built-in save landing meanwhile
  const spans = await tx.$queryRawUnsafe<(TBuiltInSpanRow & { createdAt: Date; updatedAt: Date })[]>(
    `SELECT id, "annotatorId", "translationId", "mrwId", category, severity, start, "end", comment, "createdAt", "updatedAt" FROM "ErrorSpan"
     WHERE "projectId" = $1 AND "deletedAt" IS NULL ORDER BY id FOR UPDATE`,
    projectId,
  );
  const allPostEdits = await tx.$queryRawUnsafe<(TBuiltInPostEditRow & { language: string; baseTranslationId: string | null })[]>(
    `SELECT id, "annotatorId", "segmentId", kind, text, language, "baseTranslationId" FROM "PostEdit" WHERE "projectId" = $1 ORDER BY id FOR UPDATE`,
    projectId,
  );
  // Post-edits of a kind that neither the scheme in force nor the new one has a field for (a MetaHOPE
  // project without its post-edit part keeps the workbooks' "Human Gold Standard" as figurative
  // post-edits: imported beside the scheme, shown nowhere) stay where they are, untouched: refusing
  // would block every edit of such a project's scheme, converting would invent a field.
  const outside = (kind: string) => previous !== null && editFieldOf(previous, kind) === null && editFieldOf(next, kind) === null;
  const postEdits = allPostEdits.filter((p) => !outside(p.kind));
  const keptOutside = allPostEdits.length - postEdits.length;
  // reviewed without a span: a review mark (a DONE MetaHOPE assignment of the earlier release left
  // one on every translation of its segment: migration 20261129000000_assignment_per_item)
  const reviewed = await tx.$queryRawUnsafe<{ annotatorId: string; translationId: string }[]>(
    `SELECT "annotatorId", "translationId" FROM "Annotation" WHERE "projectId" = $1 AND field = 'METAHOPE_ERRORS' AND "translationId" IS NOT NULL`,
    projectId,
  );
  const translations = await tx.$queryRawUnsafe<{ id: string; segmentId: string }[]>(
    `SELECT t.id, t."segmentId" FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" WHERE s."projectId" = $1`,
    projectId,
  );
  const editIds = next.fields.filter((f) => f.kind === "edit").map((f) => f.id);
  const stored = await tx.$queryRawUnsafe<TStoredValueRow[]>(
    `SELECT id, "annotatorId", "segmentId", "itemKey", field, value FROM "Annotation" WHERE "projectId" = $1 AND field = ANY($2::text[]) FOR UPDATE`,
    projectId,
    ["METAHOPE_ERRORS", ...editIds],
  );
  if (spans.length === 0 && postEdits.length === 0 && reviewed.length === 0) return { ...NOTHING_CONVERTED };
  const describe = await itemDescriber(tx, projectId);
  const segmentOf = new Map(translations.map((t) => [t.id, t.segmentId]));
  const conversion = convertBuiltInValues({ spans, postEdits, reviewed, segmentOf, stored }, next, describe);
  if (!conversion.ok) throw new AppError("CONFLICT", `The project's built-in values cannot move to this scheme version: ${conversion.message}`, { projectId });

  const rows = conversion.values;
  const fresh = rows.filter((r) => r.existing === null);
  const updates = rows.filter((r) => r.existing !== null);
  for (const part of chunks(fresh)) {
    await tx.$executeRawUnsafe(
      `WITH v AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(id text, "annotatorId" text, "segmentId" text, "translationId" text, "itemKey" text, field text, value jsonb)),
       ins AS (
         INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value, version, "schemeVersion", "updatedAt")
         SELECT coalesce(v.id, gen_random_uuid()::text), $1, v."annotatorId", v."segmentId", v."translationId", NULL, v."itemKey", v.field, v.value, 1, $3, now() FROM v
         RETURNING id, version, value)
       INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
       SELECT gen_random_uuid()::text, $1, $4, 'ANNOTATION', ins.id, ins.version, NULL, ins.value FROM ins`,
      projectId,
      JSON.stringify(part.map((r) => ({ id: r.newId, annotatorId: r.annotatorId, segmentId: r.segmentId, translationId: r.translationId, itemKey: r.itemKey, field: r.field, value: r.value }))),
      version,
      actorId,
    );
  }
  for (const part of chunks(updates)) {
    await tx.$executeRawUnsafe(
      `WITH v AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(id text, value jsonb, old jsonb)),
       upd AS (
         UPDATE "Annotation" a SET value = v.value, version = a.version + 1, "schemeVersion" = $3, "updatedAt" = now()
         FROM v WHERE a.id = v.id AND a."projectId" = $1
         RETURNING a.id, a.version, a.value, v.old)
       INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
       SELECT gen_random_uuid()::text, $1, $4, 'ANNOTATION', upd.id, upd.version, upd.old, upd.value FROM upd`,
      projectId,
      JSON.stringify(part.map((r) => ({ id: r.existing!.id, value: r.value, old: r.existing!.value }))),
      version,
      actorId,
    );
  }
  const goldSources = await tx.$queryRawUnsafe<{ id: string; sourcePostEditId: string }[]>(
    `SELECT id, "sourcePostEditId" FROM "GoldReference" WHERE "projectId" = $1 AND "sourcePostEditId" IS NOT NULL`,
    projectId,
  );
  // the built-in rows, now values: deleted so nothing reads them twice (the file's comment)
  await tx.$executeRawUnsafe(`DELETE FROM "ErrorSpan" WHERE "projectId" = $1`, projectId);
  await tx.$executeRawUnsafe(`DELETE FROM "PostEdit" WHERE "projectId" = $1 AND id = ANY($2::text[])`, projectId, postEdits.map((p) => p.id));
  // the drafts, deleted with the other rows above: recorded here in full, never silently dropped
  const fullRow = new Map(spans.map((s) => [s.id, s]));
  const draftSpansSetAside = conversion.setAside.map((d) => {
    const s = fullRow.get(d.id)!;
    return {
      id: s.id,
      annotatorId: s.annotatorId,
      translationId: s.translationId,
      segmentId: segmentOf.get(s.translationId) ?? null,
      mrwId: s.mrwId,
      start: s.start,
      end: s.end,
      category: s.category,
      severity: s.severity,
      comment: s.comment,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    };
  });
  const counts: TConvertedCounts = {
    spanLists: rows.filter((r) => r.field === "METAHOPE_ERRORS").length,
    errorSpans: spans.length - draftSpansSetAside.length,
    draftSpans: draftSpansSetAside.length,
    postEdits: rows.filter((r) => r.field !== "METAHOPE_ERRORS").length,
  };
  await tx.auditLog.create({
    data: { projectId, userId: actorId, action: "scheme.convert-built-in-values", detail: {
        version,
        ...counts,
        ...(keptOutside > 0 ? { postEditsKeptOutsideTheScheme: keptOutside } : {}),
        goldSources: Object.fromEntries(goldSources.map((g) => [g.id, g.sourcePostEditId])),
        postEditBases: Object.fromEntries(postEdits.map((p) => [p.id, { language: p.language, baseTranslationId: p.baseTranslationId }])),
        draftSpansSetAside,
      },
    },
  });
  return counts;
}
