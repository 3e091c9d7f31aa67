/**
 * The sentences an import's annotators reviewed under MetaHOPE's rule: the sentence is MetaHOPE's
 * unit of review (its annotator reads the source with every system's output), so a translation of
 * a reviewed sentence without a span is "no error" (penalty 0), not "not reviewed" (MetaHOPE §3,
 * tables 3–6; lib/reports/analyses/paper/metahope-coverage.ts). lib/db/import/scheme-values.ts gives each such
 * translation an empty METAHOPE_ERRORS list where none is stored.
 *
 * A file that lists the items it brings finished (`ImportResult.completed`: a MetaHOPE workbook,
 * every sentence of its sheet) says which. Otherwise its rows do, MetaHOPE's only: an error span,
 * a value of a MetaHOPE field (ALIGNMENT, METAHOPE_*) or a reference post-edit by an annotator on
 * a sentence. An MMTE value alone is no MetaHOPE review. Pure.
 */
import type { ImportResult } from "./types";

export interface TReviewedSentence {
  annotator: string;
  /** segment externalId */
  segmentId: string;
}

/** MetaHOPE's fields in an import's rows: the realisation alignment, the error spans and the workbook's extra columns. */
export function isMetahopeField(field: string): boolean {
  return field === "ALIGNMENT" || field.startsWith("METAHOPE_");
}

/** The reviewed sentences of a parsed file, without duplicates, in first-seen order. */
export function metahopeReviewedSentences(r: ImportResult): TReviewedSentence[] {
  const seen = new Map<string, TReviewedSentence>();
  const add = (annotator: string, segmentId: string) => {
    const key = `${annotator}\u0000${segmentId}`;
    if (!seen.has(key)) seen.set(key, { annotator, segmentId });
  };
  if (r.completed) {
    for (const c of r.completed) add(c.annotator, c.segmentId);
    return [...seen.values()];
  }
  for (const a of r.annotations) if (isMetahopeField(a.field)) add(a.annotator, a.segmentId);
  for (const e of r.errorSpans) add(e.annotator, e.segmentId);
  for (const p of r.postEdits) if (p.kind === "reference") add(p.annotator, p.segmentId);
  return [...seen.values()];
}
