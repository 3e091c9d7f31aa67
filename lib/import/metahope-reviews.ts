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
import { isMetahopeField } from "@/lib/schemes/presets/metahope";
import { importCompletions } from "./completions";
import type { ImportResult, ImportedCompletion } from "./types";

export type TReviewedSentence = ImportedCompletion;

/** The reviewed sentences of a parsed file, without duplicates, in first-seen order. */
export function metahopeReviewedSentences(r: ImportResult): TReviewedSentence[] {
  return importCompletions(r, { annotation: (a) => isMetahopeField(a.field), postEdit: (p) => p.kind === "reference" });
}
