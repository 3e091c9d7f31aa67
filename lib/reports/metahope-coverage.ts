/**
 * Which annotators reviewed which translation for MetaHOPE, so that "no error"
 * (penalty 0) can be told apart from "not reviewed" (missing).
 *
 * MetaHOPE stores errors only; a reviewed translation without errors has no
 * ErrorSpan. An annotator counts as having reviewed translation t when any of:
 * 1. they have a METAHOPE_ERRORS annotation on t (the workspace's "review done"
 *    marker, value `{ reviewed: true }`);
 * 2. they have a non-deleted ErrorSpan on t;
 * 3. their METAHOPE assignment for t's segment is DONE;
 * 4. imported sheets: they hold no METAHOPE assignment and no "reviewed"
 *    marker in the project at all and have imported ErrorSpans — then they
 *    reviewed every translation of the
 *    project, because the MetaHOPE workbooks have one row per MRW for every
 *    system and leave "no error" blank (MetaHOPE tables 3–4 treat a blank cell
 *    as 0).
 * The MetaHOPE annotators of a project are those with an ErrorSpan (even a
 * deleted one), a METAHOPE_ERRORS annotation or a METAHOPE assignment.
 */
import type { TReportData } from "./report-input";

export interface TMetahopeCoverage {
  /** annotator ids, ordered by email */
  annotators: string[];
  covers(annotatorId: string, translationId: string, segmentId: string): boolean;
  /** the annotators who reviewed the translation, in `annotators` order (memoised: hot in the 10k-segment bench) */
  reviewersOf(translationId: string, segmentId: string): string[];
}

export function metahopeCoverage(data: TReportData): TMetahopeCoverage {
  const cov = data.metahopeCoverage;
  const marker = new Set<string>();
  const ids = new Set<string>();
  const withMarkers = new Set<string>();
  for (const a of data.annotations) {
    if (a.field === "METAHOPE_ERRORS" && a.translationId) {
      marker.add(`${a.annotatorId}|${a.translationId}`);
      ids.add(a.annotatorId);
      withMarkers.add(a.annotatorId);
    }
  }
  for (const e of data.errorSpans) {
    marker.add(`${e.annotatorId}|${e.translationId}`);
    ids.add(e.annotatorId);
  }
  const done = new Set(cov.doneAssignments.map((d) => `${d.annotatorId}|${d.segmentId}`));
  for (const a of cov.annotatorsWithAssignments) ids.add(a);
  for (const a of cov.annotatorsWithDeletedSpans) ids.add(a);
  for (const a of cov.annotatorsWithImportedSpans) ids.add(a);
  const withAssignments = new Set(cov.annotatorsWithAssignments);
  const importedAll = new Set(cov.annotatorsWithImportedSpans.filter((a) => !withAssignments.has(a) && !withMarkers.has(a)));
  const email = new Map(data.annotators.map((a) => [a.id, a.email]));
  const annotators = [...ids].sort((a, b) => (email.get(a) ?? a).localeCompare(email.get(b) ?? b));
  const covers = (annotatorId: string, translationId: string, segmentId: string) =>
    importedAll.has(annotatorId) || marker.has(`${annotatorId}|${translationId}`) || done.has(`${annotatorId}|${segmentId}`);
  const memo = new Map<string, string[]>();
  return {
    annotators,
    covers,
    reviewersOf: (translationId, segmentId) => {
      let r = memo.get(translationId);
      if (!r) memo.set(translationId, (r = annotators.filter((a) => covers(a, translationId, segmentId))));
      return r;
    },
  };
}
