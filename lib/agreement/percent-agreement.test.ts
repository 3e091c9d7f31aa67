import { describe, expect, it } from "vitest";
import { percentAgreement } from "./percent-agreement";
import { KRIPPENDORFF_2011 } from "./fixtures/published-examples";
import { RANDOM_CASES, TOL } from "./fixtures/random-cases";

describe("percentAgreement", () => {
  it("Krippendorff (2011) data: 5 of the 8 fully coded units agree", () => {
    // Hand count: units 2–9 are coded by all four; units 2 (2,2,3,2), 6 (1,2,3,4) and
    // 8 (1,1,2,1) disagree → 5/8.
    const r = percentAgreement(KRIPPENDORFF_2011);
    expect(r.n).toBe(8);
    expect(r.agreed).toBe(5);
    expect(r.value).toBe(5 / 8);
  });
  it("matches the generator's direct definition on the random cases", () => {
    for (const c of [...RANDOM_CASES.alpha, ...RANDOM_CASES.nominalStrings]) {
      const r = percentAgreement(c.ratings);
      expect(r.n, c.id).toBe(c.percentAgreement.n);
      if (c.percentAgreement.value === null) expect(r.value, c.id).toBeNull();
      else expect(Math.abs(r.value! - c.percentAgreement.value), c.id).toBeLessThan(TOL);
    }
  });
  it("compares codes by identity: 1 and '1' disagree", () => {
    expect(percentAgreement([[1, "a"], ["1", "a"]]).value).toBe(0.5);
  });
  it.each([
    ["empty input", [], /fewer than two coders/],
    ["one coder", [[1, 1]], /fewer than two coders/],
    ["no fully coded unit", [[1, null], [null, 1]], /no unit/],
  ])("%s → null with reason", (_, ratings, reason) => {
    const r = percentAgreement(ratings);
    expect(r.value).toBeNull();
    expect(r.reason).toMatch(reason);
  });
  it("full agreement is 1, and no agreement is a real 0", () => {
    expect(percentAgreement([[1, 2], [1, 2]]).value).toBe(1);
    expect(percentAgreement([[1, 2], [2, 1]]).value).toBe(0);
  });
});
