// The built-in workspace reads its fields from the project's stored preset (issue 14 point 4):
// these tests hold what it reads against the constants it used to read, so the page's buttons,
// titles, keys, order and error choices are the same as before for the presets.
import { describe, expect, it } from "vitest";
import { buttonsOf, editKindOf, errorSchemeOf, kindOf, patternSpanRule, suggestionTextOf, valuesOf, walkOrder } from "./built-in-fields";
import { builtInWorkspaceKeymap, WORKSPACE_KEYMAP } from "./workspace-keymap";
import { BUILT_IN_FIELDS_SCHEME } from "@/lib/schemes/presets/built-in-scheme-for-config";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { choicesFor } from "@/lib/schemes/fields";
import { LIKERT_SCALE } from "@/lib/schemes/mmte";
import { METAHOPE_CATEGORIES, METAHOPE_CATEGORY_DEFINITIONS, METAHOPE_SEVERITIES, REALISATION_PATTERNS, REALISATION_PATTERN_DEFINITIONS } from "@/lib/schemes/metahope";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { findConflicts, matchKey } from "@/lib/keymap/keymap";

const DEF = BUILT_IN_FIELDS_SCHEME;

describe("the built-in workspace's fields from the definition", () => {
  it("dispatches on kinds, not names", () => {
    expect(["FLUENCY", "EQUIVALENCE", "ALIGNMENT", "METAHOPE_ERRORS", "POSTEDIT_LITERAL"].map((f) => kindOf(DEF, f))).toEqual(["scale", "choice", "alignment", "spans", "edit"]);
    expect([editKindOf(DEF, "POSTEDIT_FIGURATIVE"), editKindOf(DEF, "POSTEDIT_LITERAL")]).toEqual(["FIGURATIVE", "LITERAL"]);
    expect(REALISATION_PATTERNS.filter((p) => patternSpanRule(DEF, "ALIGNMENT", p) === "none")).toEqual(["OMISSION"]);
  });

  it("gives the buttons the page showed: Likert anchors with their definitions, codes of labels and patterns", () => {
    for (const f of ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "AUTHENTICITY"]) {
      expect(buttonsOf(DEF, f)).toEqual(LIKERT_SCALE.map((l) => ({ value: l.value, label: l.name, title: l.definition })));
    }
    expect(buttonsOf(DEF, "ALIGNMENT")).toEqual(REALISATION_PATTERNS.map((p) => ({ value: p, label: p, title: REALISATION_PATTERN_DEFINITIONS[p].definition })));
    for (const m of [true, false]) {
      expect(valuesOf(DEF, "EQUIVALENCE", m)).toEqual(choicesFor("EQUIVALENCE", { sourceMetaphorical: m }));
      expect(buttonsOf(DEF, "EQUIVALENCE", m)).toEqual(choicesFor("EQUIVALENCE", { sourceMetaphorical: m }).map((c) => ({ value: c, label: String(c) })));
    }
    expect(valuesOf(DEF, "EMOTION")).toEqual(choicesFor("EMOTION"));
    expect(valuesOf(DEF, "FLUENCY")).toEqual(choicesFor("FLUENCY"));
  });

  it("walks in the page's order: quality, per MRW alignment first, the review, post-edits last", () => {
    expect(walkOrder(DEF)).toEqual({
      translation: ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"],
      mrw: ["TARGET_WORDS", "ALIGNMENT", "EQUIVALENCE", "EMOTION", "AUTHENTICITY"],
      review: ["METAHOPE_ERRORS"],
      segment: ["POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL", "METAHOPE_POSTEDIT"],
    });
  });

  it("error categories, severities and their keys: the MetaHOPE constants, and the keymap built from them", () => {
    const e = errorSchemeOf(DEF)!;
    expect(e.categories.map((c) => [c.value, c.name, c.key])).toEqual(METAHOPE_CATEGORIES.map((c) => [c, METAHOPE_CATEGORY_DEFINITIONS[c].name, METAHOPE_CATEGORY_DEFINITIONS[c].key]));
    expect(e.severities.map((s) => [s.name, s.penalty, s.key])).toEqual(METAHOPE_SEVERITIES.map((s) => [s.name, s.penalty, s.key]));
    expect(builtInWorkspaceKeymap(DEF)).toEqual(WORKSPACE_KEYMAP);
  });

  it("a definition with other keys gives other keys (the keymap reads the definition)", () => {
    const json = JSON.parse(JSON.stringify(METAHOPE_PRESET));
    const errors = json.fields.find((f: { id: string }) => f.id === "METAHOPE_ERRORS");
    errors.labels[0].key = "x";
    const keymap = builtInWorkspaceKeymap(ZSchemeDefinition.parse(json));
    expect(keymap.find((a) => a.id === "error.category-IMP")?.keys).toEqual(["x"]);
  });
});

describe("model suggestions in the built-in workspace (issue 15 point 4)", () => {
  it("shows a suggested value as its button with the label: a Likert point and its anchor, a label code and its name by the MRW's set", () => {
    expect(suggestionTextOf(DEF, "FLUENCY", 3)).toBe("3 (Acceptable)"); // MMTE app. B.1 anchors
    expect(suggestionTextOf(DEF, "AUTHENTICITY", 5)).toBe("5 (Very Good)");
    expect(suggestionTextOf(DEF, "EQUIVALENCE", "PART", true)).toBe("PART (Part-Equivalence)");
    expect(suggestionTextOf(DEF, "EQUIVALENCE", "LITERAL", false)).toBe("LITERAL (Literal)");
    expect(suggestionTextOf(DEF, "EMOTION", "LESS")).toBe("LESS (Less)");
  });

  it("Shift+Enter accepts and Shift+Backspace rejects only where the project shows suggestions; digits, Enter and Backspace keep their meaning", () => {
    const on = builtInWorkspaceKeymap(DEF, { suggestions: true });
    const field = (keymap: typeof on, key: string, shiftKey = false) => matchKey({ key, shiftKey }, "field", keymap)?.action.id;
    expect(field(on, "Enter", true)).toBe("suggestion.accept");
    expect(field(on, "Backspace", true)).toBe("suggestion.reject");
    expect([field(on, "Enter"), field(on, "Backspace"), field(on, "3"), field(on, "Tab", true)]).toEqual(["field.edit", "field.clear", "field.choose-3", "nav.prev-field"]);
    expect(findConflicts(on)).toEqual([]);
    // off: the keymap (and so the cheat sheet) is the one without them
    expect(builtInWorkspaceKeymap(DEF)).toEqual(WORKSPACE_KEYMAP);
    expect(field(builtInWorkspaceKeymap(DEF), "Enter", true)).toBeUndefined();
  });
});
