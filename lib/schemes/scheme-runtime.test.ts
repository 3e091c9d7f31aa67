import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "./language/scheme-definition";
import { MMTE_PRESET } from "./presets/mmte";
import { METAHOPE_PRESET } from "./presets/metahope";
import { MMTE_METAHOPE_PRESET, presetOfParts } from "./presets/preset-of-parts";
import { METAHOPE_SCHEME_CONFIG } from "./scheme-config";
import { isPresetOfParts, schemeRuntimeOf } from "./scheme-runtime";

const variant = (edit: (s: Record<string, unknown> & { fields: Record<string, unknown>[] }) => void) => {
  const s = structuredClone(MMTE_PRESET) as unknown as Record<string, unknown> & { fields: Record<string, unknown>[] };
  edit(s);
  return ZSchemeDefinition.parse(s);
};

describe("the runtime of a stored scheme, and whether it is a preset as shipped", () => {
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
      expect(schemeRuntimeOf({ version: 2, definition: s }).kind, name).toBe("scheme");
    }
    const idiom = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
    expect(isPresetOfParts(idiom)).toBe(false);
  });

  it("every stored version runs as a scheme, the presets as shipped included", () => {
    expect(schemeRuntimeOf({ version: 3, definition: MMTE_PRESET })).toEqual({ kind: "scheme", version: 3, definition: MMTE_PRESET });
  });
});
