import { describe, expect, it } from "vitest";
import { KEYMAP, cheatSheet, findConflicts, formatKey, matchKey, parseKey } from "./keymap";

const key = (k: string, extra: Partial<Parameters<typeof matchKey>[0]> = {}) => ({ key: k, ...extra });
const id = (m: ReturnType<typeof matchKey>) => m?.action.id ?? null;

describe("keymap integrity", () => {
  it("every key spec parses and no key is bound twice in one scope", () => {
    for (const a of KEYMAP) for (const k of a.keys) expect(() => parseKey(k)).not.toThrow();
    expect(findConflicts()).toEqual([]);
  });
  it("action ids are unique and described", () => {
    expect(new Set(KEYMAP.map((a) => a.id)).size).toBe(KEYMAP.length);
    for (const a of KEYMAP) expect(a.description.length).toBeGreaterThan(5);
  });
  it("rejects unknown modifiers", () => {
    expect(() => parseKey("Hyper+x")).toThrow(/unknown modifier/);
  });
});

describe("matchKey", () => {
  it("submit with Ctrl+Enter or ⌘+Enter, even while typing; not with both or with plain Enter", () => {
    expect(id(matchKey(key("Enter", { ctrlKey: true }), "workspace"))).toBe("item.submit-next");
    expect(id(matchKey(key("Enter", { metaKey: true, targetIsEditable: true }), "field"))).toBe("item.submit-next");
    expect(matchKey(key("Enter", { ctrlKey: true, metaKey: true }), "workspace")).toBeNull();
    expect(matchKey(key("Enter"), "workspace")).toBeNull();
  });

  it("help: ? (Shift+/) and g", () => {
    expect(id(matchKey(key("?", { shiftKey: true }), "workspace"))).toBe("help.cheat-sheet");
    expect(id(matchKey(key("g"), "field"))).toBe("help.guidelines");
  });

  it("undo / redo", () => {
    expect(id(matchKey(key("z", { ctrlKey: true }), "workspace"))).toBe("item.undo");
    expect(id(matchKey(key("Z", { metaKey: true, shiftKey: true }), "workspace"))).toBe("item.redo");
    expect(id(matchKey(key("y", { ctrlKey: true }), "workspace"))).toBe("item.redo");
  });

  it("ignores plain keys while typing; Ctrl+Z stays the text box's undo; Escape leaves the field", () => {
    for (const k of ["g", "?", "z"]) {
      expect(matchKey(key(k, { targetIsEditable: true }), "field")).toBeNull();
    }
    expect(matchKey(key("z", { ctrlKey: true, targetIsEditable: true }), "workspace")).toBeNull();
    expect(id(matchKey(key("Escape", { targetIsEditable: true }), "workspace"))).toBe("nav.leave-field");
  });

  it("does not fire plain-key actions with Ctrl/Alt held (browser shortcuts pass through)", () => {
    expect(matchKey(key("g", { ctrlKey: true }), "workspace")).toBeNull();
    expect(matchKey(key("?", { altKey: true }), "field")).toBeNull();
  });
});

describe("display", () => {
  it("formats keys per platform", () => {
    expect(formatKey("Mod+Enter")).toBe("Ctrl+Enter");
    expect(formatKey("Mod+Enter", "mac")).toBe("⌘↵");
    expect(formatKey("Mod+Shift+z", "mac")).toBe("⌘⇧Z");
    expect(formatKey("Shift+Tab")).toBe("Shift+Tab");
  });
  it("cheat sheet lists every action once, grouped", () => {
    const sheet = cheatSheet();
    expect(sheet.map((g) => g.group)).toEqual(["Navigation", "Item", "Help"]);
    expect(sheet.flatMap((g) => g.rows).length).toBe(KEYMAP.length);
  });
});
