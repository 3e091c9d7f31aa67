import { describe, expect, it } from "vitest";
import { AGREEMENT_FIGURE_COLUMNS } from "./agreement-figure";
import { figureIncludes } from "./figure-includes";

describe("which annotations a figure includes (issue 13, point 1)", () => {
  it("names imported and in-progress work, adjudications and the filter", () => {
    expect(figureIncludes("mmte")).toBe("every annotator's saved values (imported, submitted or still in progress); every split, every system; adjudicated values not used");
    expect(figureIncludes("metahope", { split: "PILOT", systems: ["GoogleMT", "DeepL"] })).toMatch(/on the translations that annotator reviewed; split "PILOT", systems GoogleMT, DeepL; adjudicated values not used$/);
  });
  it("is a column of the agreement export", () => {
    expect(AGREEMENT_FIGURE_COLUMNS).toContain("includes");
  });
});
