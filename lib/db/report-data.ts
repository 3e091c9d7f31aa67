// Reads everything the reports need for one project as plain rows (lib/reports/report-input.ts).
// Every query filters by the project id. The large tables (Annotation, ErrorSpan) are read over
// the shared pg pool in array row mode: at 10,000 segments × 4 systems × 3 annotators that is
// about a million annotation rows, which Prisma would materialise several times slower.
import type { Db } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { SEVERITY_PENALTY } from "@/lib/db/severity";
import { AppError } from "@/lib/errors";
import type { Severity } from "@/lib/generated/prisma/enums";
import type { MetahopeCategory } from "@/lib/import/types";
import type { TReportData, TSplitName } from "@/lib/reports/report-input";

/** Annotation fields the reports read (MMTE values and the MetaHOPE "reviewed" marker). */
export const REPORT_ANNOTATION_FIELDS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "EQUIVALENCE", "EMOTION", "AUTHENTICITY", "ALIGNMENT", "METAHOPE_ERRORS"];

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
    q<[string, string, string | null, string | null, string, unknown]>(
      `SELECT "annotatorId", "segmentId", "translationId", "mrwId", field, value FROM "Annotation" WHERE "projectId" = $1 AND field = ANY($2::text[])`,
      [projectId, REPORT_ANNOTATION_FIELDS],
    ),
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

  const annotatorIds = new Set<string>();
  for (const a of annotations) annotatorIds.add(a[0]);
  for (const e of spans) annotatorIds.add(e[0]);
  for (const [a] of withAssignments) annotatorIds.add(a);
  for (const [a] of deleted) annotatorIds.add(a);
  const users = await db.user.findMany({ where: { id: { in: [...annotatorIds] } }, select: { id: true, email: true } });

  return {
    project,
    annotators: users.sort((a, b) => a.email.localeCompare(b.email)),
    systems: systems.map(([id, name]) => ({ id, name })),
    segments: segments.map(([id, externalId, split, metaphorical]) => ({ id, externalId, split, metaphorical })),
    mrws: mrws.map(([id, segmentId, token, metaphorical, active]) => ({ id, segmentId, token, metaphorical, active })),
    translations: translations.map(([id, segmentId, systemId, text]) => ({ id, segmentId, systemId, text })),
    annotations: annotations.map(([annotatorId, segmentId, translationId, mrwId, field, value]) => ({ annotatorId, segmentId, translationId, mrwId, field, value })),
    errorSpans: spans.map(([annotatorId, translationId, mrwId, category, severity]) => ({ annotatorId, translationId, mrwId, category, penalty: SEVERITY_PENALTY[severity] })),
    adjudications: adjudications.map(([segmentId, translationId, mrwId, field, value, automatic]) => ({ segmentId, translationId, mrwId, field, value, automatic })),
    goldReferences: gold.map(([segmentId, kind, text]) => ({ segmentId, kind, text })),
    metahopeCoverage: {
      doneAssignments: done.map(([annotatorId, segmentId]) => ({ annotatorId, segmentId })),
      annotatorsWithAssignments: withAssignments.map(([a]) => a),
      annotatorsWithImportedSpans: imported.map(([a]) => a),
      annotatorsWithDeletedSpans: deleted.map(([a]) => a),
    },
  };
}
