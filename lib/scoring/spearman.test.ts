// Reference values: scipy.stats.spearmanr / pearsonr (scripts/research/metric_correlation_fixture.py,
// committed in __fixtures__/metric-correlation-scipy.json). Tolerance 1e-12.
import { describe, expect, it } from "vitest";
import fixture from "./__fixtures__/metric-correlation-scipy.json";
import { averageRanks, spearman } from "./spearman";

describe("spearman", () => {
  for (const [name, c] of Object.entries(fixture.cases)) {
    it(`equals scipy on "${name}" (n = ${c.n})`, () => {
      const r = spearman(c.x, c.y);
      expect(r.defined).toBe(true);
      if (r.defined) {
        expect(r.r).toBeCloseTo(c.spearman_rho, 12);
        expect(r.n).toBe(c.n);
      }
    });
  }

  it("gives tied values the mean of their ranks", () => {
    expect(averageRanks([10, 20, 20, 30, 20])).toEqual([1, 3, 3, 5, 3]);
  });

  it("drops incomplete pairs before ranking", () => {
    const full = spearman([1, 2, 3, 4], [2, 1, 4, 3]);
    const gappy = spearman([1, null, 2, 3, 4, 9], [2, 5, 1, 4, 3, undefined]);
    expect(gappy).toEqual(full);
  });

  it("is undefined, with a reason, for a constant variable or fewer than two pairs", () => {
    expect(spearman([1, 1, 1], [1, 2, 3])).toMatchObject({ defined: false, reason: "x has no variance" });
    expect(spearman([1], [2])).toMatchObject({ defined: false, n: 1 });
  });
});
