/**
 * Workspace-only key actions on top of lib/keymap (which stays the one source
 * for the shared actions): a sixth digit for the six realisation patterns,
 * a token cursor for marking spans without a mouse, Enter to edit a text,
 * and 0 to cycle which MRW an error span is tied to. The cheat sheet shows
 * both lists (and the model suggestion keys where the project shows suggestions).
 */
import { buildKeymap, KEYMAP, SUGGESTION_KEYS, type TKeyAction } from "@/lib/keymap/keymap";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { errorSchemeOf } from "./built-in-fields";

export const WORKSPACE_EXTRA_KEYS: readonly TKeyAction[] = [
  { id: "field.choose-6", keys: ["6"], description: "Choose the 6th value (realisation pattern OMISSION)", scope: "field", group: "Values", arg: 6 },
  { id: "span.cursor-next", keys: ["Shift+ArrowRight"], description: "Move the token cursor right in the translation marked “keys act here”", scope: "workspace", group: "Navigation" },
  { id: "span.cursor-prev", keys: ["Shift+ArrowLeft"], description: "Move the token cursor left in the translation marked “keys act here”", scope: "workspace", group: "Navigation" },
  { id: "span.toggle", keys: [" "], description: "Space: add/remove the token under the cursor to the focused alignment, else to the error selection (the translation marked “keys act here” says which)", scope: "workspace", group: "MetaHOPE" },
  { id: "field.edit", keys: ["Enter"], description: "Edit the post-edit text (Esc to leave it)", scope: "field", group: "Values" },
  { id: "error.cycle-mrw", keys: ["0"], description: "Tie the selected error to the next MRW, or make it sentence-level", scope: "errorSpan", group: "MetaHOPE" },
];

export const WORKSPACE_KEYMAP: readonly TKeyAction[] = [...KEYMAP, ...WORKSPACE_EXTRA_KEYS];

/**
 * The built-in workspace's keymap for a project: the error category and severity keys from its
 * definition, and the model suggestion keys (Shift+Enter, Shift+Backspace) where the project
 * shows suggestions (`suggestions`), so the cheat sheet lists them only there.
 */
export function builtInWorkspaceKeymap(definition: TSchemeDefinition, opts: { suggestions?: boolean } = {}): readonly TKeyAction[] {
  const errors = errorSchemeOf(definition);
  const base = errors ? [...buildKeymap(errors), ...WORKSPACE_EXTRA_KEYS] : WORKSPACE_KEYMAP;
  return opts.suggestions ? [...base, ...SUGGESTION_KEYS] : base;
}
