// A project created from a scheme file: which built-in parts it switches on.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "./language/scheme-definition";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, parseSchemeConfig } from "./scheme-config";
import { schemeConfigForDefinition, withPartsOf } from "./scheme-config-for-definition";
import { METAHOPE_PRESET } from "./presets/metahope";
import { MMTE_PRESET } from "./presets/mmte";

describe("schemeConfigForDefinition", () => {
  it("the presets switch on the parts the built-in presets do, and the optional parts their files list", () => {
    // MMTE's target words and MetaHOPE's post-edit are off in the built-in presets' configurations
    // (issue 19); a file that lists their fields (the whole preset as JSON) switches them on
    const without = (p: typeof MMTE_PRESET, id: string) => ZSchemeDefinition.parse({ ...p, fields: p.fields.filter((f) => f.id !== id) });
    expect(schemeConfigForDefinition(without(MMTE_PRESET, "TARGET_WORDS"))).toEqual(DEFAULT_SCHEME_CONFIG);
    expect(schemeConfigForDefinition(without(METAHOPE_PRESET, "METAHOPE_POSTEDIT"))).toEqual(METAHOPE_SCHEME_CONFIG);
    expect(schemeConfigForDefinition(MMTE_PRESET)).toEqual({ ...DEFAULT_SCHEME_CONFIG, mmteMrw: { ...DEFAULT_SCHEME_CONFIG.mmteMrw, targetWords: true } });
    expect(schemeConfigForDefinition(METAHOPE_PRESET)).toEqual({ ...METAHOPE_SCHEME_CONFIG, metahopePostEdit: true });
  });

  it("a variant keeping some MMTE field names switches on only their parts", () => {
    const variant = ZSchemeDefinition.parse({ ...MMTE_PRESET, fields: MMTE_PRESET.fields.filter((f) => f.id === "FLUENCY" || f.id === "EMOTION") });
    const c = schemeConfigForDefinition(variant);
    expect([c.mmteQuality, c.mmteMrw, c.postEdit, c.alignment]).toEqual([true, { equivalence: false, emotion: true, authenticity: false, targetWords: false }, { figurative: false, literal: false }, false]);
    expect(parseSchemeConfig(c).ok).toBe(true);
  });

  it("a scheme without built-in fields has every part off, which the built-in runtime refuses to run", () => {
    const example = ZSchemeDefinition.parse(JSON.parse(readFileSync(path.join(__dirname, "language/fixtures/idiom-judgement.json"), "utf8")));
    const c = schemeConfigForDefinition(example);
    expect(c.mmteQuality || c.alignment || c.metahopeErrors).toBe(false);
    expect([c.blindSystemNames, c.shuffleItems, c.showSuggestions]).toEqual([true, true, false]);
    expect(parseSchemeConfig(c)).toEqual({ ok: false, issues: [{ path: "(root)", message: "At least one part of a scheme must be switched on" }] });
  });
});

describe("withPartsOf", () => {
  it("shows the parts of the version in force whatever the stored configuration still lists, and keeps its presentation switches", () => {
    // stored: MMTE on, MetaHOPE off, names shown, no shuffle; in force: the MetaHOPE preset
    const stored = { ...DEFAULT_SCHEME_CONFIG, blindSystemNames: false, shuffleItems: false, showSuggestions: true, required: ["OVERALL" as const] };
    const shown = withPartsOf(stored, METAHOPE_PRESET);
    expect([shown.mmteQuality, shown.mmteMrw.equivalence, shown.alignment, shown.metahopeErrors, shown.metahopePostEdit, shown.postEdit.figurative]).toEqual([false, false, true, true, true, false]);
    expect([shown.blindSystemNames, shown.shuffleItems, shown.showSuggestions, shown.required]).toEqual([false, false, true, undefined]);
  });
});
