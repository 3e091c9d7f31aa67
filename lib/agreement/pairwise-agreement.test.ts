import { describe, expect, it } from "vitest";
import { pairwiseAgreement } from "./pairwise-agreement";
import { WIKIPEDIA_FLEISS_COUNTS, countsToRatings } from "./fixtures/published-examples";
import { RANDOM_CASES, TOL } from "./fixtures/random-cases";

describe("pairwiseAgreement (Fleiss' P̄)", () => {
  it("Wikipedia Fleiss' kappa example: P̄ = 0.378 (3 decimals)", () => {
    // Wikipedia lists P_i per subject (1.000, 0.253, …, 0.286); P̄ is their mean.
    const r = pairwiseAgreement(countsToRatings(WIKIPEDIA_FLEISS_COUNTS));
    expect(Math.abs(r.value! - 0.378)).toBeLessThan(5e-4);
    expect(r.n).toBe(10);
  });
  it("matches the generator's direct definition (exact fractions) on the random cases", () => {
    for (const c of [...RANDOM_CASES.alpha, ...RANDOM_CASES.nominalStrings]) {
      const r = pairwiseAgreement(c.ratings);
      expect(r.n, c.id).toBe(c.pairwiseAgreement.n);
      expect(Math.abs(r.value! - c.pairwiseAgreement.value!), c.id).toBeLessThan(TOL);
    }
  });
  it("each unit uses the pairs among its own coders; units with one value are skipped", () => {
    // Unit 0: (1, 1, 1) → 1; unit 1: (1, 2, –) → 0; unit 2: (2, 2, 1) → 2/6; unit 3: one value.
    const r = pairwiseAgreement([
      [1, 1, 2, 5],
      [1, 2, 2, null],
      [1, null, 1, null],
    ]);
    expect(r.n).toBe(3);
    expect(r.value).toBeCloseTo((1 + 0 + 1 / 3) / 3, 15);
  });
  it.each([
    ["empty input", [], /fewer than two coders/],
    ["one coder", [[1, 2]], /fewer than two coders/],
    ["no unit with two values", [[1, null], [null, 2]], /no unit/],
  ])("%s → null with reason", (_, ratings, reason) => {
    const r = pairwiseAgreement(ratings);
    expect(r.value).toBeNull();
    expect(r.reason).toMatch(reason);
  });
});
