/**
 * Where an edit field's text starts, for the scheme workspace's edit kind
 * (components/schemes/fields/edit-input.tsx), as the built-in workspace does for MMTE's and
 * MetaHOPE's post-edits (components/workspace/workspace.tsx `chooseBase`):
 *
 * - `any-translation` (the default at segment scope, MMTE's and MetaHOPE's post-edits): the
 *   annotator picks one of the segment's translations ("Start from Translation A", digits 1–N in
 *   the order shown); an empty box until then, never the source.
 * - `translation` (the default at translation scopes): the translation in scope; `source`: the
 *   source; `empty`: nothing.
 *
 * The stored value is the text alone (lib/schemes/language/validate-value.ts), so the translation an
 * edit started from is read back from the text: the one it is closest to (fewest token edits,
 * lib/scoring/edit-rate.ts), which is the one chosen unless the annotator rewrote it into another.
 * The diff and the HTER-style edit rate are shown against it. Pure.
 */
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { editTokens, levenshteinCounts } from "@/lib/scoring/edit-rate";

type TEdit = Extract<TSchemeField, { kind: "edit" }>;

export interface TEditBase {
  id: string;
  label: string;
  text: string;
  language: string;
}

/** The field's starting point, with the schema's defaults by scope. */
export function editBaseKind(field: Pick<TEdit, "base" | "scope">): "translation" | "any-translation" | "source" | "empty" {
  if (field.base) return field.base;
  return field.scope === "segment" ? "any-translation" : "translation";
}

/** Whether the annotator picks the translation to start from (buttons and digit keys). */
export const picksTranslation = (field: Pick<TEdit, "base" | "scope">) => editBaseKind(field) === "any-translation";

/** The text a field without a value shows: its starting text, or "" while a translation is still to be picked. */
export function editStartText(field: Pick<TEdit, "base" | "scope">, texts: { text: string; source?: string }): string {
  switch (editBaseKind(field)) {
    case "any-translation":
    case "empty":
      return "";
    case "source":
      return texts.source ?? texts.text;
    case "translation":
      return texts.text;
  }
}

/**
 * The text after picking `chosen` as the start: its text while the edit is still untouched (no
 * text, or exactly one of the translations), else the annotator's text unchanged (a pick never
 * discards their edits).
 */
export function startFrom(current: unknown, chosen: TEditBase, bases: readonly TEditBase[]): string {
  const text = typeof current === "string" ? current : "";
  const untouched = text === "" || bases.some((b) => b.text === text);
  return untouched ? chosen.text : text;
}

/** The translation a digit key picks (1 = the first shown), or null. */
export function baseForKey(key: string, bases: readonly TEditBase[]): TEditBase | null {
  if (!/^[1-9]$/.test(key)) return null;
  return bases[Number(key) - 1] ?? null;
}

/**
 * The translation the edit started from: the closest by token edits (characters for Chinese), the
 * first on a tie; null without a text or without translations.
 */
export function editBaseOf(text: unknown, bases: readonly TEditBase[]): TEditBase | null {
  if (typeof text !== "string" || text.trim() === "" || bases.length === 0) return null;
  let best: TEditBase | null = null;
  let bestEdits = Infinity;
  for (const b of bases) {
    const edits = levenshteinCounts(editTokens(b.text, b.language), editTokens(text, b.language)).edits;
    if (edits < bestEdits) {
      best = b;
      bestEdits = edits;
    }
  }
  return best;
}
