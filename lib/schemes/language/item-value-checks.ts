/**
 * The checks of a value that need the item it is stored on, which the definition's check
 * (validate-value.ts) cannot make without the text and the MRW: which alternatives of a field
 * apply to the MRW (MMTE's EQUIVALENCE takes its label set by the word's metaphoricity), and
 * whether a span of a translation-anchored spans or alignment value runs past the end of the
 * translation. The scheme runtime's save (lib/db/workspace/save-value.ts), decision
 * (lib/db/adjudication/scheme-decisions.ts) and import (lib/import/scheme-line-check.ts) make them alike, as
 * the built-in runtime's did for MMTE's and MetaHOPE's fields. Pure.
 */
import type { TSchemeField } from "./scheme-field";

/** The alternatives of one field id that apply to an MRW of this metaphoricity (null/undefined: not an MRW's value, or unknown: all). */
export function alternativesForMrw<F extends Pick<TSchemeField, "when">>(alternatives: readonly F[], mrwMetaphorical: boolean | null | undefined): F[] {
  if (mrwMetaphorical === null || mrwMetaphorical === undefined) return [...alternatives];
  return alternatives.filter((f) => !f.when || !("item" in f.when) || (f.when.in as readonly unknown[]).includes(mrwMetaphorical));
}

/**
 * A span of a translation-anchored spans or alignment value that runs past the end of the
 * translation, as a message (`span 2 [3, 40) runs past the end of the translation (length 10)`);
 * null when none does. Spans a spans field puts on the source (`on: "source"`) are not the translation's.
 */
export function spanPastTranslation(kind: string, value: unknown, length: number): string | null {
  const spans = kind === "spans" ? value : kind === "alignment" && value !== null && typeof value === "object" ? (value as { spans?: unknown }).spans : null;
  if (!Array.isArray(spans)) return null;
  const onTarget = (spans as { start: number; end: number; on?: string }[]).map((s, i) => ({ ...s, i })).filter((s) => s.on === undefined || s.on === "target");
  const past = onTarget.find((s) => s.end > length);
  return past ? `span ${past.i + 1} [${past.start}, ${past.end}) runs past the end of the translation (length ${length})` : null;
}
