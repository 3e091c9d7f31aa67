import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { matchKey } from "@/lib/keymap/keymap";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { SCHEME_WORKSPACE_KEYMAP, schemeCheatSheetKeymap } from "./scheme-workspace-keymap";

const idiom = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
const field = (key: string, mods: { shiftKey?: boolean; targetIsEditable?: boolean } = {}) => matchKey({ key, ...mods }, "field", SCHEME_WORKSPACE_KEYMAP)?.action.id;

describe("model suggestion keys of the scheme workspace", () => {
  it("Shift+Enter accepts and Shift+Backspace rejects; Enter and Backspace alone keep their meaning", () => {
    expect(field("Enter", { shiftKey: true })).toBe("suggestion.accept");
    expect(field("Backspace", { shiftKey: true })).toBe("suggestion.reject");
    expect(field("Enter")).toBe("field.edit");
    expect(field("Backspace")).toBe("field.clear");
    // typing in a text box: Shift+Enter is the box's own (a new line)
    expect(field("Enter", { shiftKey: true, targetIsEditable: true })).toBeUndefined();
  });

  it("the cheat sheet lists them only where the project shows suggestions", () => {
    const ids = (opts?: { suggestions?: boolean }) => schemeCheatSheetKeymap(idiom, undefined, opts).map((a) => a.id);
    expect(ids({ suggestions: true })).toEqual(expect.arrayContaining(["suggestion.accept", "suggestion.reject"]));
    expect(ids()).not.toContain("suggestion.accept");
    expect(ids()).not.toContain("suggestion.reject");
  });
});

describe("BIO tag keys on the cheat sheet", () => {
  it("meta4xnli: m starts a metaphor, Shift+m continues it", async () => {
    const { META4XNLI_PRESET } = await import("@/lib/schemes/presets/meta4xnli");
    const rows = schemeCheatSheetKeymap(META4XNLI_PRESET).filter((a) => a.description.startsWith("Metaphorical tokens"));
    expect(rows.map((a) => [a.keys[0], a.description])).toEqual([
      ["m", "Metaphorical tokens: tag the selected words metaphor (B-: a new one; again: clear)"],
      ["Shift+m", "Metaphorical tokens: continue the metaphor before the selection over it (I-METAPHOR)"],
    ]);
  });
});

describe("MetaHOPE's error keys in the scheme workspace", () => {
  it("0 ties the active span to the next MRW (the built-in workspace's error.cycle-mrw); the cheat sheet lists it and OMISSION's 6", async () => {
    const { METAHOPE_PRESET } = await import("@/lib/schemes/presets/metahope");
    expect(field("0")).toBe("span.cycle-mrw");
    const sheet = schemeCheatSheetKeymap(METAHOPE_PRESET);
    expect(sheet.map((a) => a.id)).toContain("span.cycle-mrw");
    expect(sheet.find((a) => a.description === "Alignment: pattern Omission")?.keys).toEqual(["6"]);
  });
});

describe("post-edit keys on the cheat sheet", () => {
  it("an MMTE post-edit lists its digits for the translation to start from; an edit of its own translation none", async () => {
    const { MMTE_PRESET } = await import("@/lib/schemes/presets/mmte");
    const rows = schemeCheatSheetKeymap(MMTE_PRESET).filter((a) => a.id.endsWith(".start-from"));
    expect(rows.map((a) => a.description)).toEqual([
      "Post-edit (figurative): start from Translation A, B, C … (the digit of its place)",
      "Post-edit (literal): start from Translation A, B, C … (the digit of its place)",
    ]);
    const own = { ...MMTE_PRESET, fields: MMTE_PRESET.fields.map((f) => (f.kind === "edit" ? { ...f, scope: "translation" as const, base: "translation" as const } : f)) };
    expect(schemeCheatSheetKeymap(own).some((a) => a.id.endsWith(".start-from"))).toBe(false);
  });
});
