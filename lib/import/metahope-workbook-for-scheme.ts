/**
 * A parsed MetaHOPE workbook fitted to a project that runs its own scheme (a variant of the
 * MetaHOPE preset, lib/schemes/scheme-runtime.ts), before the loader checks it against that scheme:
 * - the "Human Gold Standard" column is MetaHOPE's post-edit: the scheme's edit field of variant
 *   "reference" (the preset's METAHOPE_POSTEDIT) where it has one, else a figurative one (an MMTE
 *   scheme), else left out with a warning that says how to keep it;
 * - the workbook's note columns (METAHOPE_COMMENT, METAHOPE_SEGMENT_PENALTY) are values only where
 *   the scheme has a field of that id; otherwise they are left out with one warning per column,
 *   rather than refusing the sheet's error spans for notes the scheme never asked for.
 * Error spans and alignments are left to the loader (checked against the scheme, line by line).
 *
 * Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { editFieldOf } from "@/lib/schemes/built-in-to-scheme-values";
import type { ImportResult } from "./types";

export function metahopeWorkbookForScheme(fileName: string, result: ImportResult, def: TSchemeDefinition): ImportResult {
  const kind = editFieldOf(def, "reference") ? "reference" : editFieldOf(def, "figurative") ? "figurative" : null;
  const fields = new Set(def.fields.map((f) => f.id));
  const left = new Map<string, number>();
  for (const a of result.annotations) if (!fields.has(a.field)) left.set(a.field, (left.get(a.field) ?? 0) + 1);
  // no edit field to hold the gold column: left out with one warning, as the note columns are,
  // rather than refusing the sheet's spans and alignments for a column the scheme never asked for
  const goldLeft = kind ? 0 : result.postEdits.length;
  return {
    ...result,
    postEdits: kind ? result.postEdits.map((p) => ({ ...p, kind })) : [],
    annotations: left.size ? result.annotations.filter((a) => fields.has(a.field)) : result.annotations,
    warnings: [
      ...result.warnings,
      ...[...left].map(([field, n]) => ({ file: fileName, field, message: `${n} ${field} value${n === 1 ? "" : "s"} of the workbook not stored: the scheme "${def.id}" has no ${field} field` })),
      ...(goldLeft > 0 ? [{ file: fileName, field: "Human Gold Standard", message: `${goldLeft} post-edit${goldLeft === 1 ? "" : "s"} of the workbook's "Human Gold Standard" column not stored: the scheme "${def.id}" has no post-edit field (add one, e.g. MetaHOPE's METAHOPE_POSTEDIT, and import again to keep them)` }] : []),
    ],
  };
}
