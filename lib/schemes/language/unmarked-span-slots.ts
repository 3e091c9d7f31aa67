/**
 * The spans slots an annotator submits with nothing marked (issue 30.3): shown at the item, not
 * answered (no value), and not required (a required one is missing, and the submit is refused).
 * Submitting says "I found nothing to mark here", so the server stores the empty list for each:
 * a value that counts in agreement (every character coded "none", lib/reports/scheme-agreement.ts),
 * distinct from the missing value of an item not done. Pure.
 */
import type { TSchemeDefinition } from "./scheme-definition";
import { shownSlots, type TSchemeCompletenessItem, type TSchemeSlot, type TSchemeValues } from "./scheme-completeness";

export function unmarkedSpanSlots(definition: TSchemeDefinition, item: TSchemeCompletenessItem, values: TSchemeValues): TSchemeSlot[] {
  const out = new Map<string, TSchemeSlot>();
  for (const s of shownSlots(definition, item, values)) {
    // spans are never at document scope (scheme-field.ts), so every slot is stored at the item's segment
    if (s.field.kind !== "spans" || s.field.required) continue;
    const v = values[s.valueKey];
    if (v !== undefined && v !== null) continue;
    // alternatives of one id share the value: one empty list for them all
    if (!out.has(s.valueKey)) out.set(s.valueKey, s);
  }
  return [...out.values()];
}
