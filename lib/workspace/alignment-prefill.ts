/**
 * Alignments imported for the project (the `Alignment` table: an MRW's realisation in a
 * translation, read for the built-in workspace by lib/db/workspace-item.ts `prefill`) as the
 * starting point of the scheme workspace's alignment fields: where the annotator has no value
 * yet, the field shows the imported pattern and target words, which its keys and clicks then edit.
 * Nothing is saved until the annotator acts (a pattern key keeps the words; a change saves), so
 * the slot stays "needed" until then and undo goes back to the pre-fill, as in the built-in
 * workspace. Only a value the field accepts is offered (a pattern the scheme does not name is
 * not). Pure.
 */
import type { TSchemeSlot } from "@/lib/schemes/language/scheme-completeness";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";

export interface TImportedAlignment {
  pattern: string;
  spans: { start: number; end: number }[];
}

/** The pre-fill of each alignment slot with an imported alignment, by value key. `imported` is by item key ("<translation>:<mrw>"). */
export function alignmentPrefills(slots: readonly TSchemeSlot[], imported: Readonly<Record<string, TImportedAlignment>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of slots) {
    if (s.field.kind !== "alignment") continue;
    const a = imported[s.unit.itemKey];
    if (!a) continue;
    // with patterns the pattern and its words; without (MMTE's target words) the words, if any
    const value = s.field.patterns ? { pattern: a.pattern, spans: a.spans } : a.spans.length > 0 ? { spans: a.spans } : null;
    if (value && validateSchemeValue(s.field, value, {}, { withoutItem: true }).ok) out[s.valueKey] = value;
  }
  return out;
}
