/**
 * What of an item the scheme runtime never sends to an annotator because it is a field's gold, or
 * may have been derived from it (issue 16 point 1). Fail closed: the rule looks at the scheme,
 * not at how a particular item was imported, since the stored rows do not say where a flag or an
 * MRW came from.
 *
 * - The item lists a field takes its gold from (`gold: { from: "item", key }`), always.
 * - The MRWs, when a `tags` field takes its gold from the item: the CoNLL reader builds one MRW
 *   per B-…I- run of the very tags that are the gold (lib/import/parse-conll.ts), so highlighting
 *   them would hand the annotator the answer. (A scheme that also has fields at an MRW scope then
 *   shows them nowhere; such a scheme asks the annotator to tag what it already shows.)
 * - The segment's `metaphorical` flag, when any field takes its gold from the item: importers
 *   derive it from that gold (CoNLL: a sentence with a B- tag; the Meta4XNLI interpretation TSV:
 *   the subset the file is, i.e. the gold metaphor role). The flag is sent as null then; a
 *   `when: { item: "metaphorical" }` is satisfied by neither value (scheme-completeness.ts).
 * Adjudicators and managers see all of it on their own pages; annotators never do, before or after
 * adjudication. Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { GOLD_RATIONALE_KEY } from "@/lib/gold-checks/gold-rationale";

/** The list keys fields take their gold from (`gold: { from: "item", key }`). */
export function itemGoldKeys(definition: TSchemeDefinition): Set<string> {
  return new Set(definition.fields.flatMap((f) => (f.gold?.from === "item" ? [f.gold.key] : [])));
}

export interface TWithheldGold {
  /** item list keys left out of the payload */
  listKeys: Set<string>;
  /** no MRWs are sent */
  mrws: boolean;
  /** the segment's flag is sent as null */
  metaphorical: boolean;
}

export function withheldGold(definition: TSchemeDefinition): TWithheldGold {
  const goldKeys = itemGoldKeys(definition);
  return {
    // a gold value's rationale (shown with a wrong qualification answer once scored) is gold too;
    // withheld from every item, so that no item is told apart by lacking it
    listKeys: new Set([...goldKeys, GOLD_RATIONALE_KEY]),
    mrws: definition.fields.some((f) => f.kind === "tags" && f.gold?.from === "item"),
    metaphorical: goldKeys.size > 0,
  };
}
