/**
 * The options of fields declared `shuffle: true` (lib/schemes/language/scheme-field.ts), in an
 * order of their own for each annotator and item: stable across visits (seeded from the annotator,
 * the item and the field or list), so a position never favours one option and a reload does not
 * reorder what the annotator has read. Fixed options are reordered in a copy of the definition;
 * options taken from the item (`optionsFrom`, cloze candidates) in a copy of the item's lists. The
 * keys follow the order shown (digits by position); the value stored is always the option itself,
 * and agreement counts positions in the item's published list (lib/reports/scheme-agreement.ts).
 * Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { stableShuffle } from "./blind-order";

export function optionsInAnnotatorOrder(
  definition: TSchemeDefinition,
  lists: Record<string, unknown>,
  seed: { annotatorId: string; segmentId: string },
): { definition: TSchemeDefinition; lists: Record<string, unknown> } {
  const base = `${seed.annotatorId}:${seed.segmentId}`;
  let changed = false;
  const outLists = { ...lists };
  const fields = definition.fields.map((f) => {
    if ((f.kind !== "choice" && f.kind !== "multi") || !f.shuffle) return f;
    if (f.options) {
      changed = true;
      return { ...f, options: stableShuffle(f.options, `${base}:field:${f.id}`) };
    }
    const name = f.optionsFrom!;
    const list = lists[name];
    if (Array.isArray(list) && outLists[name] === list) {
      changed = true;
      outLists[name] = stableShuffle(list, `${base}:list:${name}`);
    }
    return f;
  });
  return changed ? { definition: { ...definition, fields }, lists: outLists } : { definition, lists };
}
