import { describe, expect, it } from "vitest";
import { pearsonR, sortedPairs } from "./pearson-r";
import { RANDOM_CASES, TOL } from "./fixtures/random-cases";

describe("pearsonR", () => {
  it("hand example: x = 1..5, y = (2, 4, 5, 4, 5) → r = 6 / sqrt(10 · 6)", () => {
    // x̄ = 3, ȳ = 4: Sxy = 4 + 0 + 0 + 0 + 2 = 6, Sxx = 10, Syy = 4 + 0 + 1 + 0 + 1 = 6.
    expect(pearsonR([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]).value).toBeCloseTo(6 / Math.sqrt(60), 15);
  });
  it("random cases match scipy.stats.pearsonr (and numpy.corrcoef)", () => {
    // scipy 1.10.1 pearsonr on units coded by both; tolerance 1e-12.
    for (const c of RANDOM_CASES.pearson) {
      const r = pearsonR(c.a, c.b);
      expect(r.n, c.id).toBe(c.n);
      expect(Math.abs(r.value! - c.r), c.id).toBeLessThan(TOL);
    }
  });
  it("perfect linear relations give ±1 to rounding, never beyond (clamped)", () => {
    const up = pearsonR([0.1, 0.2, 0.3], [0.3, 0.6, 0.9]).value!;
    expect(up).toBeCloseTo(1, 15);
    expect(up).toBeLessThanOrEqual(1);
    expect(pearsonR([1, 2, 3], [3, 2, 1]).value).toBe(-1);
  });
  it("uses only units coded by both", () => {
    expect(pearsonR([1, 2, null, 3], [2, 4, 9, 7]).n).toBe(3);
  });
  it.each([
    ["empty input", [], [], /fewer than two/],
    ["one unit", [1], [2], /fewer than two/],
    ["zero variance in a", [2, 2, 2], [1, 2, 3], /zero variance: a/],
    ["zero variance in b (0.1 is not exact in binary)", [1, 2, 3], [0.1, 0.1, 0.1], /zero variance: b/],
  ])("%s → null with reason", (_, a, b, reason) => {
    const r = pearsonR(a, b);
    expect(r.value).toBeNull();
    expect(r.reason).toMatch(reason);
  });
  it("throws on different lengths and non-numeric values", () => {
    expect(() => pearsonR([1, 2], [1])).toThrow(/units/);
    expect(() => pearsonR([1, "2" as never], [1, 2])).toThrow(/finite number/);
    expect(() => pearsonR([1, NaN], [1, 2])).toThrow(/finite number/);
  });
});

describe("pearsonR does not depend on the order of the units", () => {
  it("gives the same bits for every order of the same pairs", () => {
    // values whose sums round differently in different orders
    const x = [0.1, 0.7, 0.2, 1e-3, 0.3, 0.9, 0.6, 0.05, 0.4, 0.8, 0.35, 0.15];
    const y = [0.3, 0.1, 0.25, 0.9, 0.05, 0.6, 0.55, 0.45, 0.7, 0.2, 0.65, 0.75];
    const r = pearsonR(x, y).value;
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let k = 0; k < 50; k++) {
      const idx = x.map((_, i) => i).sort(() => rand() - 0.5);
      expect(pearsonR(idx.map((i) => x[i]), idx.map((i) => y[i])).value).toBe(r);
    }
  });
});

describe("sortedPairs: counting sort for small integers, the same sequence as sorting by comparison", () => {
  // a seeded generator: the same cases on every run
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const byComparison = (xs: number[], ys: number[]) => {
    const order = Array.from({ length: xs.length }, (_, i) => i).sort((i, j) => xs[i] - xs[j] || ys[i] - ys[j]);
    return { xs: order.map((i) => xs[i]), ys: order.map((i) => ys[i]) };
  };
  const cases: [string, () => number][] = [
    ["Likert 1–5", () => 1 + Math.floor(rand() * 5)],
    ["0–100 scores", () => Math.floor(rand() * 101)],
    ["negative integers", () => Math.floor(rand() * 21) - 10],
    ["wide integers (comparison path)", () => Math.floor(rand() * 1e6)],
    ["fractions (comparison path)", () => Math.round(rand() * 70) / 10],
  ];
  for (const [name, draw] of cases) {
    it(name, () => {
      for (const n of [0, 1, 2, 17, 5000]) {
        const xs = Array.from({ length: n }, draw);
        const ys = Array.from({ length: n }, draw);
        expect(sortedPairs(xs, ys)).toEqual(byComparison(xs, ys));
      }
    });
  }
});
