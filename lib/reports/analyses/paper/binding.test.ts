import { describe, expect, it } from "vitest";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { bindPaperAnalyses, missingFieldNotes } from "./binding";

type TEditable = { fields: Record<string, unknown>[]; analyses: string[] };
function edited(preset: unknown, edit: (s: TEditable) => void): TSchemeDefinition {
  const s = structuredClone(preset) as TEditable;
  edit(s);
  return ZSchemeDefinition.parse(s);
}

describe("binding the paper analyses to a scheme's fields", () => {
  it("the presets bind every analysis they list, with nothing to say", () => {
    for (const p of [MMTE_PRESET, METAHOPE_PRESET]) {
      const b = bindPaperAnalyses(p);
      expect(b.length).toBeGreaterThan(0);
      expect(b.every((x) => x.bound && x.missing.length === 0 && x.notes.length === 0)).toBe(true);
    }
  });

  it("a missing field is named; an analysis that does not need it still binds", () => {
    const def = edited(MMTE_PRESET, (s) => (s.fields = s.fields.filter((f) => f.id !== "EMOTION")));
    const b = bindPaperAnalyses(def);
    expect(b.map((x) => [x.name, x.bound])).toEqual([
      ["mmte.table3", true],
      ["mmte.figures3-5", false],
    ]);
    expect(missingFieldNotes(b)).toEqual(["mmte.figures3-5 not computed: field EMOTION is missing from the scheme."]);
  });

  it("a field of another kind or scale is named with what it is", () => {
    const def = edited(MMTE_PRESET, (s) => {
      const f = s.fields.find((x) => x.id === "FLUENCY")!;
      f.max = 7;
      f.labels = {};
    });
    expect(missingFieldNotes(bindPaperAnalyses(def))[0]).toBe("mmte.table3 not computed: field FLUENCY is a 1–7 scale, the table reads 1–5.");
  });

  it("an extra MMTE option and an extra MetaHOPE category are named", () => {
    const mmte = edited(MMTE_PRESET, (s) => {
      const f = s.fields.find((x) => x.id === "EMOTION") as { options: Record<string, unknown>[] };
      f.options.push({ value: "MIXED", label: "Mixed" });
    });
    expect(bindPaperAnalyses(mmte).find((x) => x.name === "mmte.figures3-5")!.notes[0]).toContain("EMOTION option MIXED");
    const metahope = edited(METAHOPE_PRESET, (s) => {
      const f = s.fields.find((x) => x.id === "METAHOPE_ERRORS") as { labels: Record<string, unknown>[] };
      f.labels.push({ value: "CUL", label: "Cultural", key: "c" });
    });
    const b = bindPaperAnalyses(metahope)[0];
    expect([b.bound, b.extraCategories]).toEqual([true, ["CUL"]]);
  });

  it("MetaHOPE errors without a penalty are refused by name", () => {
    const def = edited(METAHOPE_PRESET, (s) => {
      const f = s.fields.find((x) => x.id === "METAHOPE_ERRORS") as { attributes: { options: Record<string, unknown>[] }[] };
      for (const a of f.attributes) for (const o of a.options) delete o.weight;
    });
    expect(missingFieldNotes(bindPaperAnalyses(def))).toEqual(["metahope.tables3-6 not computed: field METAHOPE_ERRORS has no penalty on its spans (no severity attribute with option weights)."]);
  });
});
