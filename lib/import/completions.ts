/**
 * Which items an import brings finished, per annotator and scheme (issue 13.1: imported work
 * counts as submitted, and what a figure includes must not depend on later operations such as
 * creating assignments). A parser that knows what its file covers lists it in
 * `ImportResult.completed` (a MetaHOPE workbook has a row for every MRW and system of every
 * sentence, blank where there is no error, so its annotator reviewed every sentence of the sheet).
 * Otherwise the rows themselves say it: an annotator's value, error span or post-edit on a segment
 * is finished work on that segment for the scheme that owns the field. A project that runs its own
 * scheme has one assignment per annotator × item (scheme SCHEME), whatever the field.
 */
import type { ImportResult, ImportedCompletion } from "./types";

/** MetaHOPE owns the error spans, the realisation alignment and the workbook's extra columns; MMTE the rest. */
export function schemeOfField(field: string): ImportedCompletion["scheme"] | null {
  if (field === "ALIGNMENT" || field.startsWith("METAHOPE_")) return "METAHOPE";
  if (["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "TARGET_WORDS", "EQUIVALENCE", "EMOTION", "AUTHENTICITY"].includes(field)) return "MMTE";
  return null;
}

/** The completions of a parsed file, without duplicates, in first-seen order; `ownScheme`: the project runs its own scheme. */
export function importCompletions(r: ImportResult, opts: { ownScheme?: boolean } = {}): ImportedCompletion[] {
  const seen = new Map<string, ImportedCompletion>();
  const add = (annotator: string, segmentId: string, builtIn: ImportedCompletion["scheme"] | null) => {
    const scheme = opts.ownScheme ? "SCHEME" : builtIn;
    if (!scheme) return;
    const key = `${annotator}\u0000${segmentId}\u0000${scheme}`;
    if (!seen.has(key)) seen.set(key, { annotator, segmentId, scheme });
  };
  if (r.completed) {
    for (const c of r.completed) add(c.annotator, c.segmentId, c.scheme);
    return [...seen.values()];
  }
  for (const a of r.annotations) add(a.annotator, a.segmentId, schemeOfField(a.field));
  for (const e of r.errorSpans) add(e.annotator, e.segmentId, "METAHOPE");
  // MMTE's figurative and literal post-edits; MetaHOPE's reference post-edit
  for (const p of r.postEdits) add(p.annotator, p.segmentId, p.kind === "reference" ? "METAHOPE" : "MMTE");
  return [...seen.values()];
}
