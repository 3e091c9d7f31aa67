import { describe, expect, it } from "vitest";
import { fleissKappa } from "./fleiss-kappa";
import { pairwiseAgreement } from "./pairwise-agreement";
import { FLEISS_1971_BY_PATIENT, WIKIPEDIA_FLEISS_COUNTS, byRater, countsToRatings } from "./fixtures/published-examples";
import { RANDOM_CASES, TOL, type FleissRef } from "./fixtures/random-cases";
import type { Ratings } from "./types";

describe("fleissKappa: Fleiss (1971) diagnoses, 30 patients × 6 psychiatrists", () => {
  const r = fleissKappa(byRater(FLEISS_1971_BY_PATIENT));
  it("κ = 0.430 (paper); 0.4302445 (R irr kappam.fleiss, 7 decimals)", () => {
    expect(r.value).toBeCloseTo(0.4302445, 7);
    expect(r.n).toBe(30);
    expect(r.ratersPerUnit).toBe(6);
    expect(r.excludedUnits).toBe(0);
  });
  it("per-category κ_j = 0.245, 0.245, 0.520, 0.471, 0.566 (paper / irr detail = TRUE, 3 decimals)", () => {
    const published = [0.245, 0.245, 0.52, 0.471, 0.566];
    expect(r.perCategory.map((p) => p.category)).toEqual([1, 2, 3, 4, 5]);
    r.perCategory.forEach((p, j) => expect(Math.abs(p.value! - published[j])).toBeLessThan(5e-4));
  });
});

describe("fleissKappa: Wikipedia example, 10 subjects × 14 raters", () => {
  const ratings = countsToRatings(WIKIPEDIA_FLEISS_COUNTS);
  const r = fleissKappa(ratings);
  it("P̄ = 0.378, P̄_e = 0.213, κ = 0.210 (Wikipedia, 3 decimals)", () => {
    expect(Math.abs(r.observedAgreement! - 0.378)).toBeLessThan(5e-4);
    expect(Math.abs(r.expectedAgreement! - 0.213)).toBeLessThan(5e-4);
    expect(Math.abs(r.value! - 0.21)).toBeLessThan(5e-4);
  });
  it("P̄ is pairwiseAgreement on complete data", () => {
    expect(pairwiseAgreement(ratings).value).toBeCloseTo(r.observedAgreement!, 15);
  });
});

function expectFleiss(ratings: Ratings, ref: FleissRef) {
  const r = fleissKappa(ratings);
  expect(Math.abs(r.value! - ref.value!)).toBeLessThan(TOL);
  expect(r.n).toBe(ref.n);
  expect(r.ratersPerUnit).toBe(ref.ratersPerUnit);
  expect(r.excludedUnits).toBe(ref.excludedUnits);
  // statsmodels' aggregate_raters lists only categories present in the used units.
  const byCat = new Map(r.perCategory.map((p) => [p.category, p.value]));
  for (const p of ref.perCategory) {
    if (p.value === null) expect(byCat.get(p.category)).toBeNull();
    else expect(Math.abs(byCat.get(p.category)! - p.value)).toBeLessThan(TOL);
  }
}

describe("fleissKappa: random cases vs statsmodels", () => {
  // statsmodels 0.13.5 fleiss_kappa(aggregate_raters(x)[0]); per category: Fleiss (1971) eq. 12 in numpy.
  for (const c of RANDOM_CASES.fleiss) {
    it(`${c.id}: complete, ${c.coders} coders, ${c.categories} categories`, () => expectFleiss(c.ratings, c.fleiss));
  }
  // Same call on the units with the modal number of ratings (our missing-data rule, applied in Python).
  for (const c of [...RANDOM_CASES.alpha, ...RANDOM_CASES.nominalStrings]) {
    if (!c.fleiss || c.fleiss.value === null) continue;
    it(`${c.id}: with missing ratings`, () => expectFleiss(c.ratings, c.fleiss!));
  }
});

describe("fleissKappa: missing ratings use the units with the modal number of ratings", () => {
  it("drops units with other counts and reports them", () => {
    const full = byRater(FLEISS_1971_BY_PATIENT);
    const withGaps = full.map((row, c) => [...row, c < 3 ? 1 : null, c === 0 ? 2 : null]);
    const r = fleissKappa(withGaps);
    expect(r.value).toBe(fleissKappa(full).value);
    expect(r.n).toBe(30);
    expect(r.excludedUnits).toBe(2);
  });
  it("when most units have 3 of 5 ratings, uses those units (raters need not be the same)", () => {
    // Units 0–2 have 3 ratings each, unit 3 has 5. Hand check: per-unit P_i = 1, 1/3, 1/3;
    // P̄ = 5/9, p = (5/9, 4/9), P̄_e = 41/81, κ = (5/9 − 41/81)/(1 − 41/81) = 4/40 = 0.1.
    const r = fleissKappa([
      ["a", "a", null, "a"],
      ["a", "b", "a", "a"],
      ["a", null, "b", "a"],
      [null, "b", "b", "a"],
      [null, null, null, "a"],
    ]);
    expect(r.ratersPerUnit).toBe(3);
    expect(r.n).toBe(3);
    expect(r.excludedUnits).toBe(1);
    expect(r.value).toBeCloseTo(0.1, 14);
  });
  it("breaks a tie between counts toward the larger count", () => {
    const r = fleissKappa([
      [1, 1, 2, 1],
      [1, 2, 2, 2],
      [null, null, 2, 1],
    ]);
    expect(r.ratersPerUnit).toBe(3);
    expect(r.n).toBe(2);
  });
});

describe("fleissKappa: categories option and undefined cases", () => {
  it("an unused category in the option gets a null per-category value and leaves κ alone", () => {
    const ratings = byRater(FLEISS_1971_BY_PATIENT);
    const r = fleissKappa(ratings, { categories: [1, 2, 3, 4, 5, 6] });
    expect(r.value).toBe(fleissKappa(ratings).value);
    expect(r.perCategory[5]).toMatchObject({ category: 6, value: null, reason: "category never used" });
  });
  it("throws when an observed code is outside the categories option", () => {
    expect(() => fleissKappa([[1, 2], [1, 3]], { categories: [1, 2] })).toThrow(/not in the categories/);
  });
  it.each([
    ["empty input", [], /fewer than two coders/],
    ["one coder", [[1, 2, 3]], /fewer than two coders/],
    ["no unit with two ratings", [[1, null], [null, 2]], /at least two/],
    ["no variation", [[1, 1], [1, 1]], /no variation/],
  ])("%s → null with reason", (_, ratings, reason) => {
    const r = fleissKappa(ratings as Ratings);
    expect(r.value).toBeNull();
    expect(r.reason).toMatch(reason);
  });
  it("per-category κ of a category used for every rating is null", () => {
    expect(fleissKappa([[1, 1], [1, 1]]).perCategory).toEqual([
      { category: 1, value: null, reason: "category used for every rating" },
    ]);
  });
});
