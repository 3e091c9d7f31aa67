/**
 * Which annotators reviewed which translation for MetaHOPE, so that "no error"
 * (penalty 0) can be told apart from "not reviewed" (missing).
 *
 * MetaHOPE stores errors only; a reviewed translation without errors has no
 * ErrorSpan. An annotator counts as having reviewed translation t when any of:
 * 1. they have a METAHOPE_ERRORS annotation on t (the workspace's "review done"
 *    marker, value `{ reviewed: true }`);
 * 2. they have a non-deleted ErrorSpan on t;
 * 3. their METAHOPE assignment for t's segment is DONE — submitted in the
 *    workspace, or brought finished by an import (origin 'import': a MetaHOPE
 *    workbook has one row per MRW for every system and leaves "no error" blank,
 *    so its annotator reviewed every sentence of the sheet; MetaHOPE tables
 *    3–4 treat a blank cell as 0; see lib/import/completions.ts).
 * Nothing else counts. (Until 2026-11-25 an annotator with imported spans and
 * no MetaHOPE assignment at all was taken to have reviewed every translation
 * of the project, so creating an assignment for them moved the figures; the
 * migration 20261125000000_import_completions wrote that rule down as DONE
 * assignments.)
 * The MetaHOPE annotators of a project are those with an ErrorSpan (even a
 * deleted one), a METAHOPE_ERRORS annotation or a DONE METAHOPE assignment:
 * an assignment not yet done adds nobody, so creating one moves no figure.
 *
 * Computed over the dense indexes of report-index.ts: one byte per
 * (translation, annotator) and (segment, annotator), no string keys.
 */
import { buildReportIndex, type TReportIndex } from "../../report-index";
import type { TReportData } from "../../report-input";

export interface TMetahopeCoverage {
  /** annotator ids, ordered by email */
  annotators: string[];
  /** annotator dictionary index (report-index.ts) → position in `annotators`, -1 = not a MetaHOPE annotator */
  positionOf: Int32Array;
  covers(annotatorId: string, translationId: string, segmentId: string): boolean;
  /** the annotators who reviewed the translation, in `annotators` order */
  reviewersOf(translationId: string, segmentId: string): string[];
  /** positions (in `annotators`) of the reviewers of translation index `t` (memoised; do not modify) */
  reviewerPositions(t: number): Int32Array;
}

export function metahopeCoverage(data: TReportData): TMetahopeCoverage {
  return metahopeCoverageOf(buildReportIndex(data));
}

export function metahopeCoverageOf(ix: TReportIndex): TMetahopeCoverage {
  const memoKey = "metahopeCoverage";
  const hit = ix.memo.get(memoKey) as TMetahopeCoverage | undefined;
  if (hit) return hit;
  const { data, cols, spans } = ix;
  const cov = data.metahopeCoverage;
  const markerField = cols.fields.get("METAHOPE_ERRORS") ?? -1;
  const ids = new Set<string>();
  for (let i = 0; i < cols.length; i++) {
    if (cols.field[i] === markerField && cols.translation[i] >= 0) {
      ids.add(cols.annotators.ids[cols.annotator[i]]);
    }
  }
  for (let i = 0; i < spans.length; i++) ids.add(cols.annotators.ids[spans.annotator[i]]);
  for (const d of cov.doneAssignments) ids.add(d.annotatorId);
  for (const a of cov.annotatorsWithDeletedSpans) ids.add(a);
  for (const a of cov.annotatorsWithImportedSpans) ids.add(a);
  const email = new Map(data.annotators.map((a) => [a.id, a.email]));
  const annotators = [...ids].sort((a, b) => (email.get(a) ?? a).localeCompare(email.get(b) ?? b));
  const A = annotators.length;
  for (const a of annotators) cols.annotators.add(a);
  const positionOf = new Int32Array(cols.annotators.size).fill(-1);
  annotators.forEach((a, p) => (positionOf[cols.annotators.get(a)!] = p));

  for (const d of cov.doneAssignments) cols.segments.add(d.segmentId);
  const T = cols.translations.size;
  const marker = new Uint8Array(T * A);
  for (let i = 0; i < cols.length; i++) {
    const t = cols.translation[i];
    if (cols.field[i] === markerField && t >= 0) marker[t * A + positionOf[cols.annotator[i]]] = 1;
  }
  for (let i = 0; i < spans.length; i++) marker[spans.translation[i] * A + positionOf[spans.annotator[i]]] = 1;
  const done = new Uint8Array(cols.segments.size * A);
  for (const d of cov.doneAssignments) {
    const p = positionOf[cols.annotators.add(d.annotatorId)] ?? -1;
    if (p >= 0) done[cols.segments.get(d.segmentId)! * A + p] = 1;
  }
  const coversAt = (p: number, t: number, s: number) => (t >= 0 && marker[t * A + p] === 1) || (s >= 0 && done[s * A + p] === 1);
  const memo: (Int32Array | undefined)[] = new Array(T);
  const reviewerPositions = (t: number): Int32Array => {
    let r = memo[t];
    if (!r) {
      const s = ix.tSegment[t];
      const list: number[] = [];
      for (let p = 0; p < A; p++) if (coversAt(p, t, s)) list.push(p);
      memo[t] = r = Int32Array.from(list);
    }
    return r;
  };
  const out: TMetahopeCoverage = {
    annotators,
    positionOf,
    covers: (annotatorId, translationId, segmentId) => {
      const p = annotators.indexOf(annotatorId);
      return p >= 0 && coversAt(p, cols.translations.get(translationId) ?? -1, cols.segments.get(segmentId) ?? -1);
    },
    reviewersOf: (translationId, segmentId) => {
      const t = cols.translations.get(translationId) ?? -1;
      const s = cols.segments.get(segmentId) ?? -1;
      return annotators.filter((_, p) => coversAt(p, t, s));
    },
    reviewerPositions,
  };
  ix.memo.set(memoKey, out);
  return out;
}
