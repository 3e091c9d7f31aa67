/**
 * Which scheme's assignment a saved value belongs to. An assignment is per
 * annotator × segment × scheme and the item page of a scheme shows only that
 * scheme's parts (scheme-view.ts): MMTE owns quality, the per-MRW labels and
 * the post-edits; MetaHOPE owns alignment, the error review mark and the error
 * spans. A save is accepted only under an open assignment of that scheme, so a
 * MetaHOPE value cannot be written by an annotator assigned MMTE only.
 */
import type { TFieldName } from "@/lib/schemes/fields";
import type { TWorkspaceScheme } from "./scheme-view";

const METAHOPE_FIELDS: ReadonlySet<TFieldName> = new Set(["ALIGNMENT", "METAHOPE_ERRORS"]);

export function schemeOfField(field: TFieldName): TWorkspaceScheme {
  return METAHOPE_FIELDS.has(field) ? "METAHOPE" : "MMTE";
}

/** Error spans are MetaHOPE's; post-edits are MMTE's (B.5). */
export const ERROR_SPAN_SCHEME: TWorkspaceScheme = "METAHOPE";
export const POST_EDIT_SCHEME: TWorkspaceScheme = "MMTE";

/** The assignment's scheme for messages; SCHEME is a project's own scheme (lib/schemes/scheme-runtime.ts). */
export function schemeLabel(scheme: TWorkspaceScheme | string): string {
  return scheme === "MMTE" ? "MMTE" : scheme === "METAHOPE" ? "MetaHOPE" : "this project's scheme";
}
