// The preset a project runs before it stores a scheme, by its configuration.
import { describe, expect, it } from "vitest";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, ZSchemeConfig } from "../scheme-config";
import { schemeConfigFor } from "../scheme-preset";
import { BUILT_IN_FIELDS_SCHEME, builtInSchemeFor } from "./built-in-scheme-for-config";
import { METAHOPE_PRESET } from "./metahope";
import { MMTE_PRESET } from "./mmte";

const ids = (s: { fields: { id: string }[] }) => [...new Set(s.fields.map((f) => f.id))];

describe("builtInSchemeFor", () => {
  it("MMTE and MetaHOPE configurations run their presets unchanged; both runs every field", () => {
    expect(builtInSchemeFor(DEFAULT_SCHEME_CONFIG)).toBe(MMTE_PRESET);
    expect(builtInSchemeFor(METAHOPE_SCHEME_CONFIG)).toBe(METAHOPE_PRESET);
    expect(ids(builtInSchemeFor(schemeConfigFor("both")))).toEqual(ids(BUILT_IN_FIELDS_SCHEME));
    expect(ids(BUILT_IN_FIELDS_SCHEME)).toEqual([
      "FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "EQUIVALENCE", "EMOTION", "AUTHENTICITY", "POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL", "ALIGNMENT", "METAHOPE_ERRORS",
    ]);
  });

  it("parts switched off leave their fields out (both alternatives of EQUIVALENCE go together)", () => {
    const s = builtInSchemeFor(ZSchemeConfig.parse({ mmteMrw: { equivalence: false }, postEdit: { literal: false }, alignment: true }));
    expect(ids(s)).toEqual(["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "EMOTION", "AUTHENTICITY", "POSTEDIT_FIGURATIVE", "ALIGNMENT"]);
    expect(s.id).toBe("built-in");
  });
});
