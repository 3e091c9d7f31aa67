/**
 * The annotator workspace keymap: one list of named actions with keys,
 * descriptions and scopes. The cheat sheet (`?`), tooltips and the key
 * handler all read from it, so what the help says is what the keys do.
 *
 * Key syntax: modifiers joined with "+", then the key as `KeyboardEvent.key`
 * reports it ("1", "i", "?", "Enter", "Tab", "ArrowDown", "Escape").
 * "Mod" means Ctrl on Windows/Linux and ⌘ (Meta) on macOS; either is
 * accepted. For a single printable character Shift is not part of the match
 * ("?" is Shift+/ on a US layout, "I" is Shift+i) and letters match in either
 * case; for named keys Shift is significant ("Shift+Tab").
 *
 * Scopes: the workspace tells `matchKey` what has focus —
 * - "workspace": always active inside the annotator workspace;
 * - "field":     a Likert or label field is focused (digits choose a value);
 * - "errorSpan": a MetaHOPE error span is selected (letters choose the
 *                category, digits the severity).
 * An action of scope "workspace" matches in every scope; a more specific
 * scope is tried first, so digits mean "severity" while a span is selected.
 *
 * Typing: when the event target is editable (post-edit textarea, comment),
 * only actions marked `allowInEditable` match (submit, leave field). Plain
 * keys type text, and Ctrl+Z stays the text box's own undo.
 */
import { METAHOPE_CATEGORIES, METAHOPE_CATEGORY_DEFINITIONS, METAHOPE_SEVERITIES } from "@/lib/schemes/metahope";

/** An error span scheme's keys: its categories (labels) and severities (the severity attribute's options). */
export interface TErrorKeys {
  categories: readonly { value: string; name: string; key?: string }[];
  severities: readonly { name: string; penalty: number; key?: string }[];
}

export type TKeyScope = "workspace" | "field" | "errorSpan";

export interface TKeyAction {
  id: string;
  keys: readonly string[];
  description: string;
  scope: TKeyScope;
  /** Cheat-sheet section. */
  group: "Values" | "Navigation" | "MetaHOPE" | "Item" | "Help";
  /** Matches even while typing in a text field (must then use a modifier or Escape). */
  allowInEditable?: boolean;
  /** Payload for parameterised actions: the digit's position (1-based) or the MetaHOPE code/penalty. */
  arg?: number | string;
}

const digitActions: TKeyAction[] = [1, 2, 3, 4, 5].map((d) => ({
  id: `field.choose-${d}`,
  keys: [String(d)],
  description: `Choose value ${d}: Likert ${d}, or the ${["1st", "2nd", "3rd", "4th", "5th"][d - 1]} label in definition order`,
  scope: "field" as const,
  group: "Values" as const,
  arg: d,
}));

/** The category and severity keys of an error span scheme; a category or severity without a key gets none. */
function errorActions(keys: TErrorKeys): { categories: TKeyAction[]; severities: TKeyAction[] } {
  return {
    categories: keys.categories.map((c) => ({
      id: `error.category-${c.value}`,
      keys: c.key ? [c.key] : [],
      description: `Error category ${c.value} (${c.name})`,
      scope: "errorSpan" as const,
      group: "MetaHOPE" as const,
      arg: c.value,
    })),
    severities: keys.severities.map((s) => ({
      id: `error.severity-${s.name}`,
      keys: s.key ? [s.key] : [],
      description: `Severity ${s.name} (penalty ${s.penalty})`,
      scope: "errorSpan" as const,
      group: "MetaHOPE" as const,
      arg: s.penalty,
    })),
  };
}

/**
 * The MetaHOPE keys of lib/schemes/metahope.ts: the default for callers without a project (the
 * cheat sheet's fallback, tests). The built-in workspace builds its keymap from the project's
 * definition instead (buildKeymap; lib/workspace/workspace-keymap.ts), which says the same for the
 * preset (lib/schemes/presets/metahope.test.ts).
 */
const METAHOPE_KEYS: TErrorKeys = {
  categories: METAHOPE_CATEGORIES.map((c) => ({ value: c, name: METAHOPE_CATEGORY_DEFINITIONS[c].name, key: METAHOPE_CATEGORY_DEFINITIONS[c].key })),
  severities: METAHOPE_SEVERITIES.map((s) => ({ name: s.name, penalty: s.penalty, key: s.key })),
};

/** The workspace keymap with the category and severity keys of `errors` (an error span scheme). */
export function buildKeymap(errors: TErrorKeys = METAHOPE_KEYS): readonly TKeyAction[] {
  const { categories: categoryActions, severities: severityActions } = errorActions(errors);
  return [
  ...digitActions,
  { id: "field.clear", keys: ["Backspace", "Delete"], description: "Clear the focused value", scope: "field", group: "Values" },

  { id: "nav.next-field", keys: ["Tab", "ArrowDown"], description: "Next field", scope: "workspace", group: "Navigation" },
  { id: "nav.prev-field", keys: ["Shift+Tab", "ArrowUp"], description: "Previous field", scope: "workspace", group: "Navigation" },
  { id: "nav.next-translation", keys: ["ArrowRight", "]"], description: "Next translation", scope: "workspace", group: "Navigation" },
  { id: "nav.prev-translation", keys: ["ArrowLeft", "["], description: "Previous translation", scope: "workspace", group: "Navigation" },
  { id: "nav.next-missing", keys: ["n"], description: "Jump to the next missing value", scope: "workspace", group: "Navigation" },
  {
    id: "nav.leave-field",
    keys: ["Escape"],
    description: "Leave the text field / close the open panel",
    scope: "workspace",
    group: "Navigation",
    allowInEditable: true,
  },

  { id: "error.new", keys: ["e"], description: "New MetaHOPE error on the selected text (empty selection: omission)", scope: "workspace", group: "MetaHOPE" },
  ...categoryActions,
  ...severityActions,
  { id: "error.delete", keys: ["Backspace", "Delete"], description: "Delete the selected error span", scope: "errorSpan", group: "MetaHOPE" },

  {
    id: "item.submit-next",
    keys: ["Mod+Enter"],
    description: "Submit this item and open the next one (jumps to the first missing value instead if incomplete)",
    scope: "workspace",
    group: "Item",
    allowInEditable: true,
  },
  { id: "item.undo", keys: ["Mod+z"], description: "Undo the last change", scope: "workspace", group: "Item" },
  { id: "item.redo", keys: ["Mod+Shift+z", "Mod+y"], description: "Redo the last undone change", scope: "workspace", group: "Item" },

  { id: "help.cheat-sheet", keys: ["?"], description: "Show or hide this keyboard cheat sheet", scope: "workspace", group: "Help" },
  { id: "help.guidelines", keys: ["g"], description: "Show or hide the guidelines panel (definitions and examples)", scope: "workspace", group: "Help" },
  ];
}

export const KEYMAP: readonly TKeyAction[] = buildKeymap();

/**
 * Model suggestions (issue 15 point 4), in every workspace that shows them: Shift with the keys
 * that already mean "take" (Enter) and "clear" (Backspace), so neither changes meaning; on the
 * field whose suggestion is shown. A workspace adds them only where its project shows
 * suggestions, so the cheat sheet lists them exactly there.
 */
export const SUGGESTION_KEYS: readonly TKeyAction[] = [
  { id: "suggestion.accept", keys: ["Shift+Enter"], description: "Model suggestion on this field: accept it (saved as your value, then the next field)", scope: "field", group: "Values" },
  { id: "suggestion.reject", keys: ["Shift+Backspace"], description: "Model suggestion on this field: reject it (hidden; your decision is recorded)", scope: "field", group: "Values" },
];

// ---------------------------------------------------------------------------
// Parsing and matching
// ---------------------------------------------------------------------------

export interface TKeyEventLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
  /** The event target is an input, textarea, select or contenteditable. */
  targetIsEditable?: boolean;
}

export interface TParsedKey {
  key: string;
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
  alt: boolean;
}

const isPrintable = (key: string) => Array.from(key).length === 1;

/** @throws Error for an unknown modifier, so a typo in the keymap fails its test. */
export function parseKey(spec: string): TParsedKey {
  // "+" itself as a key: "Mod++" or "+"
  const parts = spec === "+" ? ["+"] : spec.endsWith("++") ? [...spec.slice(0, -2).split("+"), "+"] : spec.split("+");
  const key = parts.pop()!;
  const p: TParsedKey = { key, mod: false, ctrl: false, meta: false, shift: false, alt: false };
  for (const m of parts) {
    switch (m) {
      case "Mod":
        p.mod = true;
        break;
      case "Ctrl":
        p.ctrl = true;
        break;
      case "Meta":
        p.meta = true;
        break;
      case "Shift":
        p.shift = true;
        break;
      case "Alt":
        p.alt = true;
        break;
      default:
        throw new Error(`keymap: unknown modifier "${m}" in "${spec}"`);
    }
  }
  if (key === "") throw new Error(`keymap: empty key in "${spec}"`);
  return p;
}

export function keyMatches(spec: string, e: TKeyEventLike): boolean {
  const p = parseKey(spec);
  const ctrl = !!e.ctrlKey;
  const meta = !!e.metaKey;
  if (p.mod) {
    // exactly one of Ctrl/Meta, so Ctrl+Meta+Z is not mistaken for undo
    if (ctrl === meta) return false;
  } else if (ctrl !== p.ctrl || meta !== p.meta) {
    return false;
  }
  if (!!e.altKey !== p.alt) return false;
  if (isPrintable(p.key)) {
    if (p.mod || p.ctrl || p.meta) {
      // With a command modifier, Shift is meaningful (Mod+Shift+z is redo), and the key may arrive upper-cased.
      if (!!e.shiftKey !== p.shift) return false;
    }
    return e.key.toLowerCase() === p.key.toLowerCase();
  }
  if (!!e.shiftKey !== p.shift) return false;
  return e.key === p.key;
}

export interface TKeyMatch {
  action: TKeyAction;
  /** The spec that matched, e.g. "Mod+Enter". */
  keys: string;
}

/** The action this key triggers in the given scope, or null. More specific scopes win over "workspace". */
export function matchKey(e: TKeyEventLike, scope: TKeyScope, keymap: readonly TKeyAction[] = KEYMAP): TKeyMatch | null {
  const order: TKeyScope[] = scope === "workspace" ? ["workspace"] : [scope, "workspace"];
  for (const s of order) {
    for (const action of keymap) {
      if (action.scope !== s) continue;
      if (e.targetIsEditable && !action.allowInEditable) continue;
      for (const k of action.keys) if (keyMatches(k, e)) return { action, keys: k };
    }
  }
  return null;
}

export function findAction(id: string, keymap: readonly TKeyAction[] = KEYMAP): TKeyAction | undefined {
  return keymap.find((a) => a.id === id);
}

/**
 * Keys bound to two actions of the same scope. A key shared between
 * "workspace" and a specific scope is not a conflict: the specific scope
 * wins by design (digits are severities while an error span is selected).
 */
export function findConflicts(keymap: readonly TKeyAction[] = KEYMAP): { key: string; scope: TKeyScope; actions: string[] }[] {
  const seen = new Map<string, string[]>();
  for (const a of keymap) {
    for (const k of a.keys) {
      const p = parseKey(k);
      const norm = `${a.scope}|${p.mod ? "Mod+" : ""}${p.ctrl ? "Ctrl+" : ""}${p.meta ? "Meta+" : ""}${p.alt ? "Alt+" : ""}${p.shift ? "Shift+" : ""}${isPrintable(p.key) ? p.key.toLowerCase() : p.key}`;
      seen.set(norm, [...(seen.get(norm) ?? []), a.id]);
    }
  }
  return [...seen.entries()]
    .filter(([, ids]) => ids.length > 1)
    .map(([norm, actions]) => {
      const [scope, key] = norm.split("|");
      return { key, scope: scope as TKeyScope, actions };
    });
}

/** Display form of a key spec: "Mod+Enter" → "Ctrl+Enter" or "⌘↵". */
export function formatKey(spec: string, platform: "mac" | "other" = "other"): string {
  const p = parseKey(spec);
  const names: Record<string, [string, string]> = {
    Enter: ["↵", "Enter"],
    ArrowUp: ["↑", "↑"],
    ArrowDown: ["↓", "↓"],
    ArrowLeft: ["←", "←"],
    ArrowRight: ["→", "→"],
    Escape: ["Esc", "Esc"],
    Backspace: ["⌫", "Backspace"],
    Delete: ["⌦", "Del"],
    Tab: ["⇥", "Tab"],
  };
  const mac = platform === "mac";
  const key = names[p.key]?.[mac ? 0 : 1] ?? (isPrintable(p.key) ? p.key.toUpperCase() : p.key);
  const mods: string[] = [];
  if (p.mod) mods.push(mac ? "⌘" : "Ctrl");
  if (p.ctrl) mods.push(mac ? "⌃" : "Ctrl");
  if (p.meta) mods.push(mac ? "⌘" : "Meta");
  if (p.alt) mods.push(mac ? "⌥" : "Alt");
  if (p.shift) mods.push(mac ? "⇧" : "Shift");
  return mac ? mods.join("") + key : [...mods, key].join("+");
}

/** Cheat-sheet rows grouped by section, in keymap order. */
export function cheatSheet(platform: "mac" | "other" = "other", keymap: readonly TKeyAction[] = KEYMAP) {
  const groups = new Map<TKeyAction["group"], { id: string; keys: string[]; description: string; scope: TKeyScope }[]>();
  for (const a of keymap) {
    const rows = groups.get(a.group) ?? [];
    rows.push({ id: a.id, keys: a.keys.map((k) => formatKey(k, platform)), description: a.description, scope: a.scope });
    groups.set(a.group, rows);
  }
  return [...groups.entries()].map(([group, rows]) => ({ group, rows }));
}

/**
 * The value a digit chooses for a field: `choices` in definition order (as
 * lib/schemes `choicesFor` returns them), digit 1 = first. Null when the
 * digit is past the end (e.g. 4 on the three literal-source labels).
 */
export function choiceForDigit<T>(choices: readonly T[], digit: number): T | null {
  return Number.isInteger(digit) && digit >= 1 && digit <= choices.length ? choices[digit - 1] : null;
}
