import { describe, expect, it } from "vitest";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, enabledFieldNames, parseSchemeConfig, parseStoredSchemeConfig } from "./scheme-config";
import { presetOfParts } from "./presets/preset-of-parts";

describe("parseSchemeConfig", () => {
  it("fills defaults: MMTE on but its target words, MetaHOPE off, blind and shuffled, model suggestions hidden", () => {
    const r = parseSchemeConfig({});
    expect(r).toEqual({ ok: true, config: DEFAULT_SCHEME_CONFIG });
    expect(DEFAULT_SCHEME_CONFIG).toEqual({
      mmteQuality: true,
      mmteMrw: { equivalence: true, emotion: true, authenticity: true, targetWords: false },
      alignment: false,
      metahopeErrors: false,
      metahopePostEdit: false,
      postEdit: { figurative: true, literal: true },
      blindSystemNames: true,
      shuffleItems: true,
      showSuggestions: false,
    });
  });

  it("fills nested defaults when a part is given partially", () => {
    const r = parseSchemeConfig({ mmteMrw: { emotion: false } });
    expect(r.ok && r.config.mmteMrw).toEqual({ equivalence: true, emotion: false, authenticity: true, targetWords: false });
  });

  it("a configuration stored before MMTE's target words and MetaHOPE's post-edit parses with both off (issue 19)", () => {
    // the stored shape of a project created before the two parts existed
    const stored = { mmteQuality: true, mmteMrw: { equivalence: true, emotion: true, authenticity: true }, alignment: true, metahopeErrors: true, postEdit: { figurative: true, literal: true }, blindSystemNames: true, shuffleItems: true, showSuggestions: false };
    const r = parseSchemeConfig(stored);
    expect(r.ok && [r.config.mmteMrw.targetWords, r.config.metahopePostEdit]).toEqual([false, false]);
    expect(r.ok && enabledFieldNames(r.config)).not.toContain("TARGET_WORDS");
    expect(r.ok && enabledFieldNames(r.config)).not.toContain("METAHOPE_POSTEDIT");
    const on = parseSchemeConfig({ ...stored, mmteMrw: { ...stored.mmteMrw, targetWords: true }, metahopePostEdit: true });
    expect(on.ok && enabledFieldNames(on.config)).toEqual(expect.arrayContaining(["TARGET_WORDS", "METAHOPE_POSTEDIT"]));
    // the target words are required for submit once on (MMTE §3.3); MetaHOPE's post-edit is not (annotators MAY post-edit)
    const required = on.ok ? presetOfParts(on.config).fields.filter((f) => f.required).map((f) => f.id) : [];
    expect(required).toContain("TARGET_WORDS");
    expect(required).not.toContain("METAHOPE_POSTEDIT");
  });

  it("rejects unknown keys, wrong types and required fields that are switched off", () => {
    expect(parseSchemeConfig({ mmteQualty: true })).toMatchObject({ ok: false });
    expect(parseSchemeConfig({ shuffleItems: "yes" })).toMatchObject({ ok: false, issues: [{ path: "shuffleItems" }] });
    const off = parseSchemeConfig({ required: ["ALIGNMENT"] });
    expect(off).toMatchObject({ ok: false, issues: [{ path: "required.0", message: "ALIGNMENT is required but its part of the scheme is switched off" }] });
  });

  it("rejects a configuration with nothing switched on", () => {
    const r = parseSchemeConfig({ ...METAHOPE_SCHEME_CONFIG, alignment: false, metahopeErrors: false });
    expect(r).toMatchObject({ ok: false, issues: [{ message: "At least one part of a scheme must be switched on" }] });
  });
});

describe("enabled fields", () => {
  it("MetaHOPE preset", () => {
    expect(enabledFieldNames(METAHOPE_SCHEME_CONFIG)).toEqual(["ALIGNMENT", "METAHOPE_ERRORS"]);
  });
  it("an explicit required list of fields that are on is kept", () => {
    const r = parseSchemeConfig({ required: ["OVERALL", "EQUIVALENCE"] });
    expect(r.ok && r.config.required).toEqual(["OVERALL", "EQUIVALENCE"]);
  });
});

describe("parseStoredSchemeConfig", () => {
  it("accepts the all-parts-off configuration of a project that runs its own scheme, keeping its switches", () => {
    const off = { mmteQuality: false, mmteMrw: { equivalence: false, emotion: false, authenticity: false }, alignment: false, metahopeErrors: false, postEdit: { figurative: false, literal: false }, blindSystemNames: false };
    expect(parseSchemeConfig(off).ok).toBe(false);
    const r = parseStoredSchemeConfig(off);
    expect(r.ok && r.config.mmteQuality).toBe(false);
    expect(r.ok && r.config.blindSystemNames).toBe(false);
  });
  it("still refuses a stored configuration with any other problem", () => {
    expect(parseStoredSchemeConfig({ mmteQuality: "yes" }).ok).toBe(false);
    expect(parseStoredSchemeConfig({ typo: true, mmteQuality: false, mmteMrw: { equivalence: false, emotion: false, authenticity: false }, postEdit: { figurative: false, literal: false } }).ok).toBe(false);
  });
});
