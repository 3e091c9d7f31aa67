import { describe, expect, it } from "vitest";
import { cohenKappa } from "./cohen-kappa";
import { IRR_ANXIETY, tableToPairs } from "./fixtures/published-examples";
import { RANDOM_CASES, TOL } from "./fixtures/random-cases";

describe("cohenKappa: textbook 2×2 tables", () => {
  it("Wikipedia 'Cohen's kappa' example (20, 5 / 10, 15): p_o = 0.7, p_e = 0.5, κ = 0.4", () => {
    const [a, b] = tableToPairs([[20, 5], [10, 15]], ["yes", "no"]);
    const r = cohenKappa(a, b);
    expect(r.observedAgreement).toBeCloseTo(0.7, 15);
    expect(r.expectedAgreement).toBeCloseTo(0.5, 15);
    expect(r.value).toBeCloseTo(0.4, 15);
    expect(r.n).toBe(50);
  });
  it("Wikipedia: same p_o = 0.6, different κ: (45, 15 / 25, 15) → 0.1304, (25, 35 / 5, 35) → 0.2593", () => {
    // Exact: 0.06/0.46 = 3/23 and 0.14/0.54 = 7/27.
    const [a1, b1] = tableToPairs([[45, 15], [25, 15]], [1, 0]);
    const [a2, b2] = tableToPairs([[25, 35], [5, 35]], [1, 0]);
    expect(cohenKappa(a1, b1).value).toBeCloseTo(3 / 23, 14);
    expect(cohenKappa(a2, b2).value).toBeCloseTo(7 / 27, 14);
  });
});

describe("cohenKappa: SAS and R irr results quoted in statsmodels' test_inter_rater.py", () => {
  it("SAS table [[0,4,1],[0,8,0],[0,1,5]]: κ = 0.4842, linear κ_w = 0.4701 (4 decimals)", () => {
    const [a, b] = tableToPairs([[0, 4, 1], [0, 8, 0], [0, 1, 5]], [1, 2, 3]);
    // Category 1 is unused by coder b but used by neither in column 1; give the scale explicitly.
    expect(cohenKappa(a, b, { categories: [1, 2, 3] }).value).toBeCloseTo(0.4842, 4);
    expect(cohenKappa(a, b, { weights: "linear", categories: [1, 2, 3] }).value).toBeCloseTo(0.4701, 4);
  });
  it("irr kappa2(anxiety[, 2:3]): −0.006289308, 'equal' 0.1459075, 'squared' 0.2520325 (7 significant digits)", () => {
    const [, a, b] = IRR_ANXIETY;
    expect(cohenKappa(a, b).value).toBeCloseTo(-0.006289308, 9);
    expect(cohenKappa(a, b, { weights: "linear" }).value).toBeCloseTo(0.1459075, 7);
    expect(cohenKappa(a, b, { weights: "quadratic" }).value).toBeCloseTo(0.2520325, 7);
  });
});

describe("cohenKappa: random cases vs sklearn", () => {
  // sklearn 1.2.1 cohen_kappa_score(y1, y2, labels=categoriesOption, weights=...) on units coded by both.
  for (const c of RANDOM_CASES.cohen) {
    it(`${c.id}${c.categoriesOption ? " (categories option)" : ""}`, () => {
      for (const weights of ["unweighted", "linear", "quadratic"] as const) {
        const r = cohenKappa(c.a, c.b, { weights, categories: c.categoriesOption ?? undefined });
        expect(r.n).toBe(c.n);
        expect(Math.abs(r.value! - c.kappa[weights]!), weights).toBeLessThan(TOL);
      }
    });
  }
});

describe("cohenKappa: conventions", () => {
  it("uses only units coded by both", () => {
    const r = cohenKappa([1, 2, null, 1, 3], [1, 2, 2, null, 1]);
    expect(r.n).toBe(3);
    expect(r.value).toBe(cohenKappa([1, 2, 3], [1, 2, 1]).value);
  });
  it("weights by position in the categories option, not by value", () => {
    const a = [1, 2, 10, 10];
    const b = [2, 1, 10, 1];
    // Positions 0,1,2 for 1,2,10: the 1↔10 disagreement counts 2 steps, not 9.
    const pos = cohenKappa(a, b, { weights: "linear", categories: [1, 2, 10] }).value;
    const same = cohenKappa([0, 1, 2, 2], [1, 0, 2, 0], { weights: "linear" }).value;
    expect(pos).toBe(same);
  });
  it("an unused middle category in the option changes weighted κ but not unweighted κ", () => {
    // Observed 1, 2, 4 sit at positions 0, 1, 3 of [1, 2, 3, 4] but 0, 1, 2 by default.
    // (With only two used categories the step size would cancel out of κ_w.)
    const a = [1, 1, 2, 4, 4, 1, 2];
    const b = [1, 2, 2, 4, 1, 4, 1];
    expect(cohenKappa(a, b, { categories: [1, 2, 3, 4] }).value).toBe(cohenKappa(a, b).value);
    expect(cohenKappa(a, b, { weights: "linear", categories: [1, 2, 3, 4] }).value).not.toBeCloseTo(
      cohenKappa(a, b, { weights: "linear" }).value!,
      6,
    );
  });
  it("κ_w of a 2-category scale equals unweighted κ", () => {
    const a = ["x", "y", "y", "x", "y"];
    const b = ["x", "y", "x", "x", "x"];
    const k = cohenKappa(a, b).value!;
    expect(cohenKappa(a, b, { weights: "linear" }).value).toBeCloseTo(k, 15);
    expect(cohenKappa(a, b, { weights: "quadratic" }).value).toBeCloseTo(k, 15);
  });
});

describe("cohenKappa: undefined cases and errors", () => {
  it.each([
    ["empty input", [], [], /no unit/],
    ["no unit coded by both", [1, null], [null, 1], /no unit/],
    ["no variation: both coders used one category", ["a", "a"], ["a", "a"], /no variation/],
  ])("%s → null with reason", (_, a, b, reason) => {
    for (const weights of ["unweighted", "linear", "quadratic"] as const) {
      const r = cohenKappa(a, b, { weights });
      expect(r.value).toBeNull();
      expect(r.reason).toMatch(reason);
    }
  });
  it("one coder constant, the other not: κ is defined (0 here)", () => {
    // p_o = 0.5, p_e = 0.5 → κ = 0 (a real 0, not a placeholder).
    expect(cohenKappa(["a", "a"], ["a", "b"]).value).toBe(0);
  });
  it("throws on different lengths, codes outside the categories option, mixed kinds when weighted", () => {
    expect(() => cohenKappa([1, 2], [1])).toThrow(/units/);
    expect(() => cohenKappa([1, 2], [1, 3], { categories: [1, 2] })).toThrow(/not in the categories/);
    expect(() => cohenKappa([1, "b"], [1, "b"], { weights: "linear" })).toThrow(/mixed/);
    expect(() => cohenKappa([1, 2], [1, 2], { weights: "cubic" as never })).toThrow(/unknown weights/);
    expect(() => cohenKappa([1, 2], [1, 2], { categories: [1, 1, 2] })).toThrow(/duplicate/);
  });
});
