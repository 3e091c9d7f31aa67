import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { goldEditFields } from "./gold-fields";

describe("goldEditFields", () => {
  it("binds the presets' post-edit fields by id", () => {
    expect(goldEditFields(ZSchemeDefinition.parse(MMTE_PRESET))).toEqual([
      { field: "POSTEDIT_FIGURATIVE", kind: "FIGURATIVE" },
      { field: "POSTEDIT_LITERAL", kind: "LITERAL" },
    ]);
    expect(goldEditFields(ZSchemeDefinition.parse(METAHOPE_PRESET))).toEqual([{ field: "METAHOPE_POSTEDIT", kind: "REFERENCE" }]);
  });

  it("takes an edit field marked gold from adjudication, by its variant or its id; not an unmarked one", () => {
    const def = ZSchemeDefinition.parse({
      id: "own", name: "Own", version: 1,
      fields: [
        { id: "ref", label: "Reference", scope: "segment", kind: "edit", variant: "reference", gold: { from: "adjudication" } },
        { id: "simple", label: "Simplified", scope: "segment", kind: "edit", gold: { from: "adjudication" } },
        { id: "draft", label: "Draft", scope: "segment", kind: "edit" },
      ],
    });
    expect(goldEditFields(def)).toEqual([{ field: "ref", kind: "REFERENCE" }, { field: "simple", kind: "simple" }]);
  });
});
