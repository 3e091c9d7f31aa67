import { describe, expect, it } from "vitest";
import * as M from "@/lib/schemes/presets/__fixtures__/mmte-paper";
import { MMTE_DISPLAY } from "./mmte-display";

// The names the charts showed when they read the paper's constants (the fixture) directly.
describe("MMTE_DISPLAY", () => {
  it("names the equivalence panels' labels as the paper does, in its order", () => {
    expect(MMTE_DISPLAY.equivalence.metaphorical).toEqual({ values: [...M.EQUIVALENCE_METAPHORICAL_LABELS], names: M.EQUIVALENCE_METAPHORICAL.map((d) => d.name) });
    expect(MMTE_DISPLAY.equivalence.literal).toEqual({ values: [...M.EQUIVALENCE_LITERAL_LABELS], names: M.EQUIVALENCE_LITERAL.map((d) => d.name) });
  });

  it("names every rating: Likert points with their number, literal-source labels marked, Error once", () => {
    const expected = new Map<string, string>([
      ...M.LIKERT_SCALE.map((d) => [String(d.value), `${d.value} ${d.name}`] as [string, string]),
      ...M.EMOTION.map((d) => [d.value, d.name] as [string, string]),
      ...M.EQUIVALENCE_METAPHORICAL.map((d) => [d.value, d.name] as [string, string]),
      ...M.EQUIVALENCE_LITERAL.filter((d) => d.value !== "ERROR").map((d) => [d.value, `${d.name} (literal source)`] as [string, string]),
    ]);
    expect(MMTE_DISPLAY.categoryNames).toEqual(Object.fromEntries(expected));
  });

  it("says which fields are Likert scales and what one unit of each is", () => {
    expect(MMTE_DISPLAY.fields.FLUENCY).toEqual({ label: "Fluency", likert: true, units: "translations" });
    expect(MMTE_DISPLAY.fields.AUTHENTICITY).toEqual({ label: "Authenticity", likert: true, units: "MRW instances" });
    expect(MMTE_DISPLAY.fields.EQUIVALENCE).toEqual({ label: "Equivalence", likert: false, units: "MRW instances" });
    expect(MMTE_DISPLAY.fields.EMOTION).toEqual({ label: "Emotion", likert: false, units: "MRW instances" });
  });
});
