/**
 * The scheme runtime's workspace keys: the shared actions of lib/keymap (submit, undo, help, leave
 * a text box) with their descriptions, the moves of this workspace (fields in display order,
 * items, a token selection for spans, tags and alignments), and — for the cheat sheet — every key
 * the scheme's fields bind (lib/schemes/language/field-keys.ts). A field's own keys win over the
 * workspace's while that field is active: on a boolean field "n" answers no, elsewhere it opens
 * the next item (Alt+→ always does). A model suggestion on the active field is accepted with
 * Shift+Enter and rejected with Shift+Backspace (Enter and Backspace alone keep their meaning).
 */
import { findAction, KEYMAP, SUGGESTION_KEYS, type TKeyAction } from "@/lib/keymap/keymap";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { fieldKeyBindings } from "@/lib/schemes/language/field-keys";
import { picksTranslation } from "./edit-base";

const shared = (id: string): TKeyAction => {
  const a = findAction(id, KEYMAP);
  if (!a) throw new Error(`keymap: no shared action ${id}`);
  return a;
};

export const SCHEME_WORKSPACE_KEYMAP: readonly TKeyAction[] = [
  { id: "nav.next-field", keys: ["j", "ArrowDown", "Tab"], description: "Next field (in the order shown)", scope: "workspace", group: "Navigation" },
  { id: "nav.prev-field", keys: ["k", "ArrowUp", "Shift+Tab"], description: "Previous field", scope: "workspace", group: "Navigation" },
  { id: "nav.next-item", keys: ["n", "Alt+ArrowRight"], description: "Next item of your queue (n: unless the active field uses n)", scope: "workspace", group: "Navigation" },
  { id: "nav.prev-item", keys: ["p", "Alt+ArrowLeft"], description: "Previous item of your queue (p: unless the active field uses p)", scope: "workspace", group: "Navigation" },
  { id: "nav.parallel", keys: ["l"], description: "Open this item's version in the other language (parallel items, when it is in your queue; l: unless the active field uses l)", scope: "workspace", group: "Navigation" },
  { id: "token.next", keys: ["ArrowRight"], description: "Spans, tags, alignment: move the word selection right", scope: "field", group: "Navigation" },
  { id: "token.prev", keys: ["ArrowLeft"], description: "Spans, tags, alignment: move the word selection left", scope: "field", group: "Navigation" },
  { id: "token.extend-next", keys: ["Shift+ArrowRight"], description: "Spans, tags, alignment: extend the selection right", scope: "field", group: "Navigation" },
  { id: "token.extend-prev", keys: ["Shift+ArrowLeft"], description: "Spans, tags, alignment: extend the selection left", scope: "field", group: "Navigation" },
  shared("nav.leave-field"),
  { id: "token.toggle", keys: [" "], description: "Alignment: add or remove the selected words as its target", scope: "field", group: "Values" },
  { id: "span.cycle-mrw", keys: ["0"], description: "Spans tied to MRWs (MetaHOPE's errors): tie the active span to the next MRW, or make it sentence level (0: unless the active field uses 0)", scope: "field", group: "Values" },
  { id: "field.edit", keys: ["Enter"], description: "Text, number, edit, long scale, vector: go into the input (typing a character other than these keys does too); Esc leaves it", scope: "field", group: "Values" },
  { id: "field.clear", keys: ["Backspace", "Delete"], description: "Clear the value (tags: the selected words; spans: the active span; a pre-filled alignment: start from no words)", scope: "field", group: "Values" },
  // model suggestions (issue 15 point 4): Shift with the keys that already mean "take" and "clear"
  ...SUGGESTION_KEYS,
  shared("item.submit-next"),
  shared("item.undo"),
  shared("item.redo"),
  shared("help.cheat-sheet"),
  shared("help.guidelines"),
];

const SUGGESTION_IDS = new Set(SUGGESTION_KEYS.map((a) => a.id));

/**
 * The workspace keys and every key the scheme's fields bind, for the cheat sheet; the model
 * suggestion keys only where the project shows suggestions.
 */
export function schemeCheatSheetKeymap(definition: TSchemeDefinition, lists?: Record<string, unknown[]>, opts: { suggestions?: boolean } = {}): TKeyAction[] {
  const seen = new Set<string>();
  const fieldKeys: TKeyAction[] = [];
  definition.fields.forEach((f, i) => {
    for (const b of fieldKeyBindings(f, lists)) {
      const description = `${f.label}: ${b.description}`;
      if (seen.has(description)) continue;
      seen.add(description);
      fieldKeys.push({ id: `field.${i}.${b.key}`, keys: [b.key], description, scope: "field", group: "Values" });
    }
    // an edit that starts from a translation the annotator picks: its digits (lib/workspace/edit-base.ts)
    if (f.kind === "edit" && picksTranslation(f)) {
      fieldKeys.push({ id: `field.${i}.start-from`, keys: ["1", "2", "3"], description: `${f.label}: start from Translation A, B, C … (the digit of its place)`, scope: "field", group: "Values" });
    }
  });
  return [...fieldKeys, ...SCHEME_WORKSPACE_KEYMAP.filter((a) => opts.suggestions || !SUGGESTION_IDS.has(a.id))];
}
