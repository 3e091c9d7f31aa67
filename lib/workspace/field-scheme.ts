/**
 * Which scheme's assignment a saved value belongs to. An assignment is per
 * annotator × segment × scheme and the item page of a scheme shows only that
 * scheme's parts (scheme-view.ts): MMTE owns quality, the per-MRW labels and
 * target words, and its figurative/literal post-edits; MetaHOPE owns alignment,
 * the error review mark, the error spans and its post-edit (kind REFERENCE). A save is accepted only under an open assignment of that scheme, so a
 * MetaHOPE value cannot be written by an annotator assigned MMTE only.
 */
import type { TFieldName } from "@/lib/schemes/fields";
import type { TWorkspaceScheme } from "./scheme-view";

const METAHOPE_FIELDS: ReadonlySet<TFieldName> = new Set(["ALIGNMENT", "METAHOPE_ERRORS", "METAHOPE_POSTEDIT"]);

export function schemeOfField(field: TFieldName): TWorkspaceScheme {
  return METAHOPE_FIELDS.has(field) ? "METAHOPE" : "MMTE";
}

/** Error spans are MetaHOPE's. */
export const ERROR_SPAN_SCHEME: TWorkspaceScheme = "METAHOPE";

/** A post-edit's scheme by its kind: MetaHOPE's REFERENCE, MMTE's figurative and literal ones (B.5). */
export function postEditScheme(kind: string): TWorkspaceScheme {
  return kind === "REFERENCE" ? "METAHOPE" : "MMTE";
}

/** The assignment's scheme for messages; SCHEME is a project's own scheme (lib/schemes/scheme-runtime.ts). */
export function schemeLabel(scheme: TWorkspaceScheme | string): string {
  return scheme === "MMTE" ? "MMTE" : scheme === "METAHOPE" ? "MetaHOPE" : "this project's scheme";
}
