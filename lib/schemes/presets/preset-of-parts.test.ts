// The preset a project runs before it stores a scheme, by its configuration; and whether a stored
// scheme is that preset as shipped, whose parts the Settings form switches.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "../language/scheme-definition";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, ZSchemeConfig } from "../scheme-config";
import { schemeConfigFor } from "./parts-choice";
import { isPresetOfParts, MMTE_METAHOPE_PRESET, nextPresetOfParts, presetOfParts, switchableFieldsOf, withPapersAgreementExportListed } from "./preset-of-parts";
import { METAHOPE_PRESET } from "./metahope";
import { MMTE_PRESET } from "./mmte";

const ids = (s: { fields: { id: string }[] }) => [...new Set(s.fields.map((f) => f.id))];

describe("presetOfParts", () => {
  it("MMTE and MetaHOPE configurations run their presets without the parts off by default; both runs every other field", () => {
    // MMTE's target words and MetaHOPE's post-edit are off unless a project switches them on (issue 19)
    const optional = ["TARGET_WORDS", "METAHOPE_POSTEDIT"];
    const mmte = presetOfParts(DEFAULT_SCHEME_CONFIG);
    expect({ ...mmte, fields: undefined }).toEqual({ ...MMTE_PRESET, fields: undefined });
    expect(ids(mmte)).toEqual(ids(MMTE_PRESET).filter((id) => !optional.includes(id)));
    expect(ids(presetOfParts(METAHOPE_SCHEME_CONFIG))).toEqual(ids(METAHOPE_PRESET).filter((id) => !optional.includes(id)));
    expect(ids(presetOfParts(schemeConfigFor("both")))).toEqual(ids(MMTE_METAHOPE_PRESET).filter((id) => !optional.includes(id)));
    expect(ids(MMTE_METAHOPE_PRESET)).toEqual([
      "FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "TARGET_WORDS", "EQUIVALENCE", "EMOTION", "AUTHENTICITY", "POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL", "ALIGNMENT", "METAHOPE_ERRORS", "METAHOPE_POSTEDIT",
    ]);
    // switched on, a preset runs whole
    expect(presetOfParts(ZSchemeConfig.parse({ mmteMrw: { targetWords: true } }))).toBe(MMTE_PRESET);
    expect(presetOfParts({ ...METAHOPE_SCHEME_CONFIG, metahopePostEdit: true })).toBe(METAHOPE_PRESET);
  });

  it("parts switched off leave their fields out (both alternatives of EQUIVALENCE go together)", () => {
    const s = presetOfParts(ZSchemeConfig.parse({ mmteMrw: { equivalence: false }, postEdit: { literal: false }, alignment: true }));
    expect(ids(s)).toEqual(["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "EMOTION", "AUTHENTICITY", "POSTEDIT_FIGURATIVE", "ALIGNMENT"]);
    expect(s.id).toBe("built-in");
  });
});

const variant = (edit: (s: Record<string, unknown> & { fields: Record<string, unknown>[] }) => void) => {
  const s = structuredClone(MMTE_PRESET) as unknown as Record<string, unknown> & { fields: Record<string, unknown>[] };
  edit(s);
  return ZSchemeDefinition.parse(s);
};

describe("isPresetOfParts", () => {
  it("the presets as they are, together, or with parts off: a preset of parts (the Settings form switches them)", () => {
    for (const s of [MMTE_PRESET, METAHOPE_PRESET, MMTE_METAHOPE_PRESET, presetOfParts(METAHOPE_SCHEME_CONFIG)]) expect(isPresetOfParts(s), s.name).toBe(true);
    expect(isPresetOfParts(variant((s) => (s.fields = s.fields.filter((f) => f.id !== "POSTEDIT_LITERAL"))))).toBe(true);
  });

  it("a variant that keeps the field names but changes what they are is the lead's own scheme, not a preset of parts", () => {
    const fluency = (s: { fields: Record<string, unknown>[] }) => s.fields.find((f) => f.id === "FLUENCY")!;
    const cases = {
      "another scale": variant((s) => Object.assign(fluency(s), { max: 7, labels: { "1": "poor", "7": "perfect" } })),
      "another label text": variant((s) => Object.assign(fluency(s), { label: "Fluency (how natural it reads)" })),
      "its own guideline wording": variant((s) => (s.guidelines = `${String(s.guidelines)}\n\nRead the source aloud first.`)),
      "one more option": variant((s) => {
        const emotion = s.fields.find((f) => f.id === "EMOTION")! as { options: Record<string, unknown>[] };
        emotion.options = [...emotion.options, { value: "MIXED", label: "mixed" }];
      }),
    };
    for (const [name, s] of Object.entries(cases)) {
      expect(isPresetOfParts(s), name).toBe(false);
      // its fields are no parts to switch, and switching parts stores no version over it
      expect(switchableFieldsOf(s), name).toEqual([]);
      expect(nextPresetOfParts(s, DEFAULT_SCHEME_CONFIG), name).toBeNull();
    }
    const idiom = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
    expect(isPresetOfParts(idiom)).toBe(false);
  });
});

describe("nextPresetOfParts", () => {
  it("the preset of the parts, keeping the workflow in force and the name of the same preset", () => {
    expect(nextPresetOfParts(null, DEFAULT_SCHEME_CONFIG)).toEqual(presetOfParts(DEFAULT_SCHEME_CONFIG));
    const renamed = { ...MMTE_METAHOPE_PRESET, name: "Built-in (MMTE and MetaHOPE)", workflow: MMTE_PRESET.workflow };
    const next = nextPresetOfParts(renamed, schemeConfigFor("both"))!;
    expect([next.name, next.workflow, ids(next)]).toEqual([renamed.name, MMTE_PRESET.workflow, ids(presetOfParts(schemeConfigFor("both")))]);
    expect(nextPresetOfParts(MMTE_PRESET, METAHOPE_SCHEME_CONFIG)!.name).toBe(METAHOPE_PRESET.name);
  });
});

describe("withPapersAgreementExportListed (the upgrade of a database of the previous release)", () => {
  const without = (d: typeof MMTE_PRESET) => ({ ...d, analyses: d.analyses.filter((a) => a !== "papers.agreement-export") });
  it("a preset as shipped that does not list the export lists it, where the preset does", () => {
    for (const p of [MMTE_PRESET, METAHOPE_PRESET, MMTE_METAHOPE_PRESET, presetOfParts(METAHOPE_SCHEME_CONFIG), { ...MMTE_METAHOPE_PRESET, name: "Built-in (MMTE and MetaHOPE)" }])
      expect(withPapersAgreementExportListed(without(p)), p.name).toEqual(p);
    expect(withPapersAgreementExportListed(MMTE_PRESET)).toBeNull();
  });
  it("a lead's own scheme, a variant of a preset included, is left alone", () => {
    expect(withPapersAgreementExportListed(without(variant((s) => (s.guidelines = "Ours."))))).toBeNull();
  });
});
