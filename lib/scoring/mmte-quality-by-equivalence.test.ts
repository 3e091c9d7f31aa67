// MMTE figure 6 by hand: two translations, three MRW instances (values frozen below).
import { describe, expect, it } from "vitest";
import { mmteQualityByEquivalence } from "./mmte-quality-by-equivalence";
import { mmteDimensionMeans } from "./mmte-dimension-means";
import type { TMmteTranslationValues } from "./mmte-scores";

const records: TMmteTranslationValues[] = [
  {
    system: "A", segmentId: "s1", sourceMetaphorical: true, fluency: 4, intelligibility: 5, fidelity: 3, overall: 4,
    mrws: [
      { mrwId: "m1", metaphorical: true, equivalence: "FULL", authenticity: 5 },
      { mrwId: "m2", metaphorical: false, equivalence: "LITERAL", authenticity: 2 },
    ],
  },
  {
    system: "B", segmentId: "s1", sourceMetaphorical: true, fluency: 2, intelligibility: null, fidelity: 1, overall: 2,
    mrws: [
      { mrwId: "m1", metaphorical: true, equivalence: "FULL", authenticity: 3 },
      // a label outside the MRW's set (literal labels on a metaphorical MRW) is not an instance
      { mrwId: "m2", metaphorical: false, equivalence: "FULL", authenticity: 4 },
    ],
  },
];

describe("mmteQualityByEquivalence (MMTE fig. 6)", () => {
  const f = mmteQualityByEquivalence(records);
  const col = (source: string, label: string) => f.columns.findIndex((c) => c.source === source && c.label === label);
  const mean = (source: string, label: string, dim: string) => f.means[col(source, label)][f.dimensions.indexOf(dim as never)];

  it("averages the translation's sentence-level scores and the instance's own authenticity per class", () => {
    expect(f.instances[col("metaphorical", "FULL")]).toBe(2);
    expect(mean("metaphorical", "FULL", "FLUENCY")).toEqual({ defined: true, value: 3, n: 2 }); // (4 + 2) / 2
    expect(mean("metaphorical", "FULL", "AUTHENTICITY")).toEqual({ defined: true, value: 4, n: 2 }); // (5 + 3) / 2
    // a missing value is dropped from its dimension only
    expect(mean("metaphorical", "FULL", "INTELLIGIBILITY")).toEqual({ defined: true, value: 5, n: 1 });
    expect(f.instances[col("literal", "LITERAL")]).toBe(1);
    expect(mean("literal", "LITERAL", "AUTHENTICITY")).toEqual({ defined: true, value: 2, n: 1 });
  });

  it("leaves a class without instances undefined, with the reason", () => {
    expect(f.instances[col("metaphorical", "PART")]).toBe(0);
    expect(mean("metaphorical", "PART", "FLUENCY")).toEqual({ defined: false, value: null, n: 0, reason: "no metaphorical MRW labelled PART" });
    // the label outside its set counted nowhere
    expect(f.instances.reduce((a, b) => a + b, 0)).toBe(3);
  });
});

describe("mmteDimensionMeans (MMTE fig. 7)", () => {
  it("averages over translations, authenticity over each translation's in-scope MRWs", () => {
    const m = mmteDimensionMeans(records);
    expect(m.FLUENCY).toEqual({ defined: true, value: 3, n: 2 });
    expect(m.INTELLIGIBILITY).toEqual({ defined: true, value: 5, n: 1 });
    // metaphorical sentences: the metaphorical MRW only (5 and 3)
    expect(m.AUTHENTICITY).toEqual({ defined: true, value: 4, n: 2 });
    expect(mmteDimensionMeans([]).OVERALL).toEqual({ defined: false, value: null, n: 0, reason: "no translations" });
  });
});
