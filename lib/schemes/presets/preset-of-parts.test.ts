// The preset a project runs before it stores a scheme, by its configuration.
import { describe, expect, it } from "vitest";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, ZSchemeConfig } from "../scheme-config";
import { schemeConfigFor } from "./parts-choice";
import { MMTE_METAHOPE_PRESET, presetOfParts } from "./preset-of-parts";
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
