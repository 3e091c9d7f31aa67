import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition, type TSchemeDefinitionInput } from "./scheme-definition";
import { guidelinesTextChanges, guidelinesTexts } from "./guidelines-texts";

const INPUT: TSchemeDefinitionInput = JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8"));
const V1 = ZSchemeDefinition.parse(INPUT);
const edit = (f: (s: TSchemeDefinitionInput & { fields: Record<string, unknown>[] }) => void) => {
  const s = structuredClone(INPUT) as TSchemeDefinitionInput & { fields: Record<string, unknown>[] };
  f(s);
  return ZSchemeDefinition.parse(s);
};

describe("guidelinesTextChanges", () => {
  it("is empty for the same scheme and for a reordered field list", () => {
    expect(guidelinesTextChanges(V1, V1)).toEqual([]);
    expect(guidelinesTextChanges(V1, edit((s) => s.fields.reverse()))).toEqual([]);
  });

  it("names an edited task text, an added option description and a changed scale label by where the annotator finds them", () => {
    const v2 = edit((s) => {
      s.guidelines = "## Task\nRead the whole paragraph first.";
      (s.fields[1].options as Record<string, unknown>[])[1].description = "The image is gone, the meaning stays.";
      (s.fields[0].labels as Record<string, string>)["7"] = "fully transparent";
    });
    expect(guidelinesTextChanges(V1, v2)).toEqual([
      { key: "task", where: "Task guidelines", before: V1.guidelines, after: "## Task\nRead the whole paragraph first." },
      { key: "field:transparency/label:7#label", where: "Transparency of the idiom › 7: label", before: "transparent", after: "fully transparent" },
      { key: 'field:meaning/"literal"#description', where: "Figurative meaning › literalised: description", before: "", after: "The image is gone, the meaning stays." },
    ]);
  });

  it("lists a removed field's guidelines with an empty after", () => {
    const withGuide = edit((s) => (s.fields[4].guidelines = "Say why in one sentence."));
    const without = edit((s) => s.fields.splice(4, 1));
    expect(guidelinesTextChanges(withGuide, without)).toEqual([{ key: "field:note#guidelines", where: "Comment: guidelines", before: "Say why in one sentence.", after: "" }]);
    expect(guidelinesTexts(withGuide).map((t) => t.key)).toContain("field:note#guidelines");
  });
});
