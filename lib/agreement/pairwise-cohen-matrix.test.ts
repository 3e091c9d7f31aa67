import { describe, expect, it } from "vitest";
import { cohenKappa } from "./cohen-kappa";
import { pairwiseCohenMatrix } from "./pairwise-cohen-matrix";
import { IRR_ANXIETY } from "./fixtures/published-examples";

describe("pairwiseCohenMatrix", () => {
  it("is symmetric, and each cell is cohenKappa of the pair on the shared category list", () => {
    const m = pairwiseCohenMatrix(IRR_ANXIETY, { weights: "quadratic" });
    expect(m.coders).toBe(3);
    expect(m.categories).toEqual([1, 2, 3, 4, 5, 6]);
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        expect(m.values[i][j]).toBe(m.values[j][i]);
        const direct = cohenKappa(IRR_ANXIETY[i], IRR_ANXIETY[j], { weights: "quadratic", categories: m.categories });
        expect(m.values[i][j]).toBeCloseTo(direct.value!, 15);
      }
      expect(m.values[i][i]).toBe(1);
    }
  });
  it("unweighted cells equal R irr kappa2 for raters 2 and 3 (−0.006289308)", () => {
    // irr kappa2(anxiety[, 2:3]) as quoted in statsmodels' test_inter_rater.py.
    expect(pairwiseCohenMatrix(IRR_ANXIETY).values[1][2]).toBeCloseTo(-0.006289308, 9);
  });
  it("reports undefined pairs as null with reason (diagonal of a constant coder, no overlap)", () => {
    const m = pairwiseCohenMatrix([
      [1, 1, null],
      [1, 2, null],
      [null, null, 2],
    ]);
    expect(m.values[0][0]).toBeNull();
    expect(m.results[0][0].reason).toMatch(/no variation/);
    expect(m.values[0][2]).toBeNull();
    expect(m.results[0][2].reason).toMatch(/no unit/);
    expect(m.results[0][1].n).toBe(2);
  });
  it("empty input gives an empty matrix; weighted mixed kinds throw", () => {
    expect(pairwiseCohenMatrix([]).values).toEqual([]);
    expect(() => pairwiseCohenMatrix([[1, "a"], [1, "a"]], { weights: "linear" })).toThrow(/mixed/);
  });
});
