// The SQL conditions gold items impose (issue 31 points 1–2), shared by every read that must
// obey them, so that one definition decides what "a gold item" is:
// - goldItemExcludedSql: the study's figures and exports of its values never read a value of a
//   qualification item or a hidden gold check (lib/db/reports/scheme-report-data.ts,
//   report-data.ts, lib/db/export/tables.ts);
// - qualificationAllowsSql: an annotator opens and writes a main item only once they passed the
//   project's qualification (lib/db/workspace/context.ts, the save's check; item.ts and
//   assignment.ts ask lib/db/gold-checks/qualification.ts qualificationGate, the same rule).

/** SQL: the segment whose id is the SQL `segment` is no gold item. */
export const goldItemExcludedSql = (segment: string) => `NOT EXISTS (SELECT 1 FROM "GoldItem" gi WHERE gi."segmentId" = ${segment})`;

/**
 * SQL: `annotator` may work on `segment` of `project`: the project has no qualification set, or
 * the segment is one of its items, or the annotator passed an attempt.
 */
export const qualificationAllowsSql = (project: string, annotator: string, segment: string) =>
  `(NOT EXISTS (SELECT 1 FROM "GoldItem" gq WHERE gq."projectId" = ${project} AND gq.role = 'QUALIFICATION')
    OR EXISTS (SELECT 1 FROM "GoldItem" gq WHERE gq."segmentId" = ${segment} AND gq.role = 'QUALIFICATION')
    OR EXISTS (SELECT 1 FROM "QualificationAttempt" qa WHERE qa."projectId" = ${project} AND qa."annotatorId" = ${annotator} AND qa.passed))`;
