/**
 * The keys every annotator workspace shares (submit, undo, redo, leave a text box, help) and the
 * matching, display and conflict checks of a keymap: one list of named actions with keys,
 * descriptions and scopes, so that the cheat sheet (`?`), tooltips and the key handler read the
 * same thing. The workspace's own moves and every key a scheme's fields bind are
 * lib/workspace/scheme-workspace-keymap.ts and lib/schemes/language/field-keys.ts.
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
 * - "field":     a field is focused (its own keys choose a value).
 * An action of scope "workspace" matches in every scope; a more specific
 * scope is tried first, so a field's keys win while it is focused.
 *
 * Typing: when the event target is editable (post-edit textarea, comment),
 * only actions marked `allowInEditable` match (submit, leave field). Plain
 * keys type text, and Ctrl+Z stays the text box's own undo.
 */

export type TKeyScope = "workspace" | "field";

export interface TKeyAction {
  id: string;
  keys: readonly string[];
  description: string;
  scope: TKeyScope;
  /** Cheat-sheet section. */
  group: "Values" | "Navigation" | "Item" | "Help";
  /** Matches even while typing in a text field (must then use a modifier or Escape). */
  allowInEditable?: boolean;
}

/** The actions every workspace shares. */
export const KEYMAP: readonly TKeyAction[] = [
  {
    id: "nav.leave-field",
    keys: ["Escape"],
    description: "Leave the text field / close the open panel",
    scope: "workspace",
    group: "Navigation",
    allowInEditable: true,
  },
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
 * wins by design (a field's own keys while it is focused).
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
