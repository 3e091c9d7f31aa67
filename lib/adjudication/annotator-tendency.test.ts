// Annotator tendency on a worked example, every figure computed by hand below (not by the code):
// scale "q" and spans "err" (severity minor = 1, major = 5), annotators a, b, c.
import { describe, expect, it } from "vitest";
import { annotatorTendency, type TTendencyRow } from "./annotator-tendency";
import { TENDENCY_SCHEME as def, tendencySpan as span } from "./fixtures/tendency-scheme";
const rows: TTendencyRow[] = [
  // u1: a 5, b 3, c 4 → a 5 − 3.5 = +1.5, b 3 − 4.5 = −1.5, c 4 − 4 = 0
  { field: "q", unit: "u1", annotator: "a", value: 5 },
  { field: "q", unit: "u1", annotator: "b", value: 3 },
  { field: "q", unit: "u1", annotator: "c", value: 4 },
  // u2: a 2, b 2 → 0 each; u3: a alone → not shared
  { field: "q", unit: "u2", annotator: "a", value: 2 },
  { field: "q", unit: "u2", annotator: "b", value: 2 },
  { field: "q", unit: "u3", annotator: "a", value: 4 },
  // not a number, not a scale: left out
  { field: "q", unit: "u4", annotator: "c", value: null },
  { field: "note", unit: "u1", annotator: "a", value: "x" },
  // err u1: a [major] 5, b [] 0 → a +5, b −5
  { field: "err", unit: "u1", annotator: "a", value: [span("major")] },
  { field: "err", unit: "u1", annotator: "b", value: [] },
  // err u2: a [minor, minor] 2, b [major] 5, c [] 0 → a 2 − 2.5 = −0.5, b 5 − 1 = +4, c 0 − 3.5 = −3.5
  { field: "err", unit: "u2", annotator: "a", value: [span("minor"), span("minor")] },
  { field: "err", unit: "u2", annotator: "b", value: [span("major")] },
  { field: "err", unit: "u2", annotator: "c", value: [] },
  // err u3: c alone (total only); an earlier release's review mark is no list: left out
  { field: "err", unit: "u3", annotator: "c", value: [span("major")] },
  { field: "err", unit: "u4", annotator: "a", value: { reviewed: true } },
];

describe("annotatorTendency", () => {
  it("gives each annotator's mean difference from the others on shared units, and penalty totals", () => {
    expect(annotatorTendency(def, rows, ["a", "b", "c"])).toEqual([
      { annotator: "a", scales: { meanDifference: 0.75, units: 2 }, penalties: [{ field: "err", label: "Errors", meanDifference: 2.25, units: 2, total: 7 }] },
      { annotator: "b", scales: { meanDifference: -0.75, units: 2 }, penalties: [{ field: "err", label: "Errors", meanDifference: -0.5, units: 2, total: 5 }] },
      { annotator: "c", scales: { meanDifference: 0, units: 1 }, penalties: [{ field: "err", label: "Errors", meanDifference: -3.5, units: 1, total: 5 }] },
    ]);
  });

  it("is null for an annotator who shares no unit, and lists no penalty for a scheme without weights", () => {
    const [d] = annotatorTendency(def, rows, ["d"]);
    expect(d.scales).toEqual({ meanDifference: null, units: 0 });
    expect(d.penalties[0]).toMatchObject({ meanDifference: null, units: 0, total: 0 });
    const unweighted = { ...def, fields: def.fields.map((f) => (f.kind === "spans" ? { ...f, attributes: f.attributes.map((a) => ({ ...a, options: a.options.map(({ weight: _w, ...o }) => o) })) } : f)) };
    expect(annotatorTendency(unweighted, rows, ["a"])[0].penalties).toEqual([]);
  });
});
