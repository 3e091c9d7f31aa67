import { describe, expect, it } from "vitest";
import type { TMmteRatings } from "./mmte-ratings";
import { ratingDistributions } from "./rating-distributions";

const r = (system: string, field: TMmteRatings["field"], ratings: (string | number | null)[][]): TMmteRatings =>
  ({ system, field, annotators: ratings.map((_, i) => `a${i}`), units: [], ratings, invalidValues: 0 }) as TMmteRatings;

describe("ratingDistributions", () => {
  it("counts every annotator's rating once, with ratings, units and raters", () => {
    const m = new Map([
      ["B|FLUENCY", r("B", "FLUENCY", [[5, 4, null], [5, null, null], [null, null, null]])],
      ["A|EMOTION", r("A", "EMOTION", [["SAME", "ZERO"], ["SAME", "MORE"]])],
    ]);
    const d = ratingDistributions(m, ["A", "B"]);
    // fields in MMTE order (EQUIVALENCE, EMOTION, …, FLUENCY), systems as given
    expect(d.map((x) => `${x.field} ${x.system}`)).toEqual(["EMOTION A", "FLUENCY B"]);
    expect(d[0]).toMatchObject({ categories: ["ZERO", "LESS", "SAME", "MORE"], counts: [1, 0, 2, 1], ratings: 4, units: 2, raters: 2 });
    expect(d[1]).toMatchObject({ categories: ["1", "2", "3", "4", "5"], counts: [0, 0, 0, 1, 2], ratings: 3, units: 2, raters: 2 });
  });
});
