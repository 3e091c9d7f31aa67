// How strongly annotators disagree, per kind of field (see disagreements.ts), with hand values.
import { describe, expect, it } from "vitest";
import { canonicalValue, disagreementQueue, measureDisagreement, type TDisagreementUnit } from "./disagreements";

describe("measureDisagreement", () => {
  it("Likert: spread = max − min, strength = spread / 4", () => {
    expect(measureDisagreement("FLUENCY", [5, 2, 4])).toEqual({ unanimous: false, spread: 3, strength: 0.75 });
    expect(measureDisagreement("AUTHENTICITY", [3, 3])).toEqual({ unanimous: true, spread: 0, strength: 0 });
  });
  it("penalties: strength = spread / 10, capped at 1", () => {
    expect(measureDisagreement("METAHOPE_MIS", [6, 0])).toEqual({ unanimous: false, spread: 6, strength: 0.6 });
    expect(measureDisagreement("METAHOPE_MIS", [14, 0]).strength).toBe(1);
  });
  it("labels: strength = 1 − share of the most frequent label", () => {
    const m = measureDisagreement("EQUIVALENCE", ["FULL", "NON", "FULL"]);
    expect([m.unanimous, m.spread]).toEqual([false, 1]);
    expect(m.strength).toBeCloseTo(1 / 3, 12); // 1 − 2/3
  });
  it("alignments compare by pattern and sorted spans", () => {
    const a = { pattern: "DIRECT", spans: [{ start: 4, end: 6 }, { start: 0, end: 2 }] };
    const b = { spans: [{ start: 0, end: 2 }, { start: 4, end: 6 }], pattern: "DIRECT" };
    expect(canonicalValue(a)).toBe(canonicalValue(b));
    expect(measureDisagreement("ALIGNMENT", [a, b]).unanimous).toBe(true);
  });
});

describe("disagreementQueue", () => {
  const unit = (field: string, values: unknown[]): TDisagreementUnit => ({
    segmentId: "s",
    translationId: "t",
    mrwId: null,
    field,
    system: "S",
    values: values.map((value, i) => ({ annotatorId: `a${i}`, value })),
    ...measureDisagreement(field, values),
    adjudication: "open",
  });
  it("keeps differences above the threshold for numeric fields, any difference for labels, strongest first", () => {
    const units = [unit("FLUENCY", [4, 3]), unit("FLUENCY", [5, 2]), unit("EMOTION", ["SAME", "MORE"]), unit("OVERALL", [3, 3])];
    expect(disagreementQueue(units).map((u) => u.values.map((v) => v.value).join("/"))).toEqual(["5/2", "SAME/MORE", "4/3"]);
    expect(disagreementQueue(units, { threshold: 1 }).map((u) => u.field)).toEqual(["FLUENCY", "EMOTION"]);
  });
});
