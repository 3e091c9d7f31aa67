import { describe, expect, it } from "vitest";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { KRIPPENDORFF_2011 } from "./fixtures/published-examples";
import { RANDOM_CASES, TOL } from "./fixtures/random-cases";
import type { AlphaLevel } from "./types";

const LEVELS: AlphaLevel[] = ["nominal", "ordinal", "interval", "ratio"];

describe("krippendorffAlpha: Krippendorff (2011) worked example, 4 coders × 12 units", () => {
  // Published values, rounded to 3 decimals in the paper.
  it.each([
    ["nominal", 0.743],
    ["ordinal", 0.815],
    ["interval", 0.849],
    ["ratio", 0.797],
  ] as const)("%s α = %s (paper, 3 decimals)", (level, published) => {
    const r = krippendorffAlpha(KRIPPENDORFF_2011, { level });
    expect(r.value).not.toBeNull();
    expect(Math.abs(r.value! - published)).toBeLessThan(5e-4);
    expect(r.n).toBe(11); // unit 12 is coded once
    expect(r.pairableValues).toBe(40);
  });

  it("nominal α equals the paper's exact arithmetic 1 − 39 · 8 / 1216 = 113/152", () => {
    // From the paper's coincidence matrix: n.. = 40, Σ_{c≠k} o_ck = 8, Σ_{c≠k} n_c n_k = 1216.
    // Tolerance: double rounding only.
    expect(krippendorffAlpha(KRIPPENDORFF_2011, { level: "nominal" }).value).toBeCloseTo(113 / 152, 14);
  });

  it("interval α equals the independent Python reference to 1e-12", () => {
    // /usr/bin/python3 alpha_pairable(KRIPPENDORFF_2011, "interval") from
    // scripts/fixtures/gen-agreement-fixtures.py = 0.8491071428571428 (nltk interval_distance agrees).
    expect(krippendorffAlpha(KRIPPENDORFF_2011, { level: "interval" }).value).toBeCloseTo(0.8491071428571428, 12);
  });
});

describe("krippendorffAlpha: random cases vs independent implementations", () => {
  // Expected: alpha_pairable (O(n²) over pairable values) in the generator; for nominal,
  // interval and ratio also nltk 3.8 AnnotationTask.alpha() (alphaNltk). Tolerance 1e-12.
  for (const c of RANDOM_CASES.alpha) {
    it(`${c.id}: ${c.coders} coders, ${c.categories} values`, () => {
      for (const level of LEVELS) {
        const r = krippendorffAlpha(c.ratings, { level });
        expect(Math.abs(r.value! - c.alpha[level]), level).toBeLessThan(TOL);
        expect(r.n).toBe(c.alphaUnits);
      }
      for (const level of ["nominal", "interval", "ratio"] as const) {
        expect(Math.abs(krippendorffAlpha(c.ratings, { level }).value! - c.alphaNltk[level])).toBeLessThan(TOL);
      }
    });
  }
  for (const c of RANDOM_CASES.nominalStrings) {
    it(`${c.id}: string codes, nltk nominal α`, () => {
      expect(Math.abs(krippendorffAlpha(c.ratings, { level: "nominal" }).value! - c.alphaNominal)).toBeLessThan(TOL);
    });
  }
  it("has at least 30 randomised alpha cases with 2–8 coders", () => {
    expect(RANDOM_CASES.alpha.length).toBeGreaterThanOrEqual(30);
    const coders = RANDOM_CASES.alpha.map((c) => c.coders);
    expect(Math.min(...coders)).toBe(2);
    expect(Math.max(...coders)).toBe(8);
  });
});

describe("krippendorffAlpha: conventions", () => {
  it("a unit coded once does not change α (every level)", () => {
    const base = KRIPPENDORFF_2011.map((row) => row.slice(0, 11)); // drop unit 12 (coded once)
    for (const level of LEVELS) {
      expect(krippendorffAlpha(base, { level }).value).toBe(krippendorffAlpha(KRIPPENDORFF_2011, { level }).value);
    }
  });

  it("a unit coded once with a brand-new value does not change ordinal α", () => {
    const extra = KRIPPENDORFF_2011.map((row, c) => [...row, c === 0 ? 99 : null]);
    for (const level of LEVELS) {
      expect(krippendorffAlpha(extra, { level }).value).toBe(krippendorffAlpha(KRIPPENDORFF_2011, { level }).value);
    }
  });

  it("perfect agreement gives exactly 1", () => {
    const r = [
      [1, 2, 3, null],
      [1, 2, 3, 4],
      [null, 2, 3, 4],
    ];
    for (const level of LEVELS) expect(krippendorffAlpha(r, { level }).value).toBe(1);
  });

  it("systematic disagreement can be negative", () => {
    // Hand-computed: o_12 = o_21 = 2, n = 4, α = 1 − 3 · 4 / (2·2·2) = −0.5.
    expect(krippendorffAlpha([[1, 2], [2, 1]], { level: "nominal" }).value).toBeCloseTo(-0.5, 15);
  });

  it("ratio distance treats (0, 0) as 0 and (0, x) as 1", () => {
    // Hand-computed: units (0,0), (0,2): o_00 = 2, o_02 = o_20 = 1, n = 4, n_0 = 3, n_2 = 1;
    // δ²(0,2) = 1; α = 1 − 3 · 2 / (2 · 3 · 1) = 0.
    expect(krippendorffAlpha([[0, 0], [0, 2]], { level: "ratio" }).value).toBeCloseTo(0, 15);
  });
});

describe("krippendorffAlpha: undefined cases are null with a reason", () => {
  it.each([
    ["empty input", []],
    ["no units", [[], []]],
    ["one coder", [[1, 2, 3]]],
    ["no pairable unit", [[1, null], [null, 2]]],
  ])("%s", (_, ratings) => {
    for (const level of LEVELS) {
      const r = krippendorffAlpha(ratings, { level });
      expect(r.value).toBeNull();
      expect(r.reason).toMatch(/pairable/);
      expect(r.n).toBe(0);
    }
  });

  it("no variation (all pairable values equal) is null, not 1", () => {
    // Units (3,3,3), (3,3) and a lone 9: D_o/D_e is 0/0. (nltk divides by zero here, and
    // returns 1 when only one value occurs at all.)
    const r = krippendorffAlpha([[3, 3, 9], [3, 3, null], [3, null, null]], { level: "interval" });
    expect(r.value).toBeNull();
    expect(r.reason).toMatch(/no variation/);
    expect(r.n).toBe(2);
  });
});

describe("krippendorffAlpha: input errors", () => {
  it("throws on a non-numeric code at ordinal, interval and ratio levels", () => {
    for (const level of ["ordinal", "interval", "ratio"] as const) {
      expect(() => krippendorffAlpha([[1, "2"], [1, 2]], { level })).toThrow(/not numeric/);
    }
  });
  it("accepts mixed strings and numbers at the nominal level, keeping 1 and '1' distinct", () => {
    // 1 vs "1" disagree: hand-computed α = 1 − 3·2/(Σ_{c≠k} n_c n_k = 2·(2·1 + 2·1 + 1·1)) = 0.4.
    const r = krippendorffAlpha([["a", 1], ["a", "1"]], { level: "nominal" });
    expect(r.value).toBeCloseTo(0.4, 15);
  });
  it("throws on a negative value at the ratio level", () => {
    expect(() => krippendorffAlpha([[1, -2], [1, 2]], { level: "ratio" })).toThrow(/negative/);
  });
  it("throws on NaN, Infinity, booleans, ragged rows and unknown levels", () => {
    expect(() => krippendorffAlpha([[1, NaN], [1, 2]], { level: "nominal" })).toThrow(/Invalid code/);
    expect(() => krippendorffAlpha([[1, Infinity], [1, 2]], { level: "interval" })).toThrow(/Invalid code/);
    expect(() => krippendorffAlpha([[1, true as never], [1, 2]], { level: "nominal" })).toThrow(/Invalid code/);
    expect(() => krippendorffAlpha([[1, 2], [1]], { level: "nominal" })).toThrow(/rectangular/);
    expect(() => krippendorffAlpha([[1]], { level: "bogus" as never })).toThrow(/unknown level/);
  });
});
