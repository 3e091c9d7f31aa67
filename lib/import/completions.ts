/**
 * Which items an import brings finished, per annotator (issue 13.1: imported work counts as
 * submitted, and what a figure includes must not depend on later operations such as creating
 * assignments). A parser that knows what its file covers lists it in `ImportResult.completed` (a
 * MetaHOPE workbook has a row for every MRW and system of every sentence, blank where there is no
 * error, so its annotator reviewed every sentence of the sheet). Otherwise the rows themselves say
 * it: an annotator's value, error span or post-edit on a segment is finished work on that segment.
 * An assignment is annotator × item for the project's whole scheme, so every field counts.
 */
import type { ImportResult, ImportedCompletion } from "./types";

/** Which rows are finished work (every one unless a caller narrows it, e.g. MetaHOPE's reviews). */
export interface TCompletionRows {
  annotation?: (a: ImportResult["annotations"][number]) => boolean;
  postEdit?: (p: ImportResult["postEdits"][number]) => boolean;
}

/** The completions of a parsed file, without duplicates, in first-seen order. */
export function importCompletions(r: ImportResult, rows: TCompletionRows = {}): ImportedCompletion[] {
  const seen = new Map<string, ImportedCompletion>();
  const add = (annotator: string, segmentId: string) => {
    const key = `${annotator}\u0000${segmentId}`;
    if (!seen.has(key)) seen.set(key, { annotator, segmentId });
  };
  if (r.completed) {
    for (const c of r.completed) add(c.annotator, c.segmentId);
    return [...seen.values()];
  }
  for (const a of r.annotations) if (rows.annotation?.(a) ?? true) add(a.annotator, a.segmentId);
  for (const e of r.errorSpans) add(e.annotator, e.segmentId);
  for (const p of r.postEdits) if (rows.postEdit?.(p) ?? true) add(p.annotator, p.segmentId);
  return [...seen.values()];
}
