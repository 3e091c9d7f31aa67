import { describe, expect, it } from "vitest";
import { bootstrapCI, quantile7 } from "./bootstrap-ci";
import { cohenKappa } from "./cohen-kappa";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { percentAgreement } from "./percent-agreement";
import { KRIPPENDORFF_2011, FLEISS_1971_BY_PATIENT, byRater } from "./fixtures/published-examples";
import type { Ratings } from "./types";

const alphaNominal = (r: Ratings) => krippendorffAlpha(r, { level: "nominal" });

describe("bootstrapCI", () => {
  it("is reproducible for a seed and brackets the estimate", () => {
    const ratings = byRater(FLEISS_1971_BY_PATIENT);
    const a = bootstrapCI(ratings, alphaNominal, { iterations: 300, seed: 7 });
    const b = bootstrapCI(ratings, alphaNominal, { iterations: 300, seed: 7 });
    const c = bootstrapCI(ratings, alphaNominal, { iterations: 300, seed: 8 });
    expect(a).toEqual(b);
    expect(c.lower).not.toBe(a.lower);
    expect(a.lower!).toBeLessThan(a.estimate!);
    expect(a.upper!).toBeGreaterThan(a.estimate!);
    expect(a).toMatchObject({ level: 0.95, iterations: 300, seed: 7, n: 30, method: "percentile", undefinedReplicates: 0 });
  });

  it("accepts statistics returning numbers", () => {
    const r = bootstrapCI(byRater(FLEISS_1971_BY_PATIENT), (x) => percentAgreement(x).value, { iterations: 50 });
    expect(r.lower).not.toBeNull();
  });

  it("percentile bounds are type-7 quantiles of the replicates (checked by recomputation)", () => {
    // Re-draw the same resamples by recording the statistic's inputs.
    const ratings: Ratings = [[1, 2, 3, 4, 5, 6, 7, 8]];
    const seen: number[] = [];
    const mean = (r: Ratings) => {
      const v = (r[0] as number[]).reduce((s, x) => s + x, 0) / r[0].length;
      seen.push(v);
      return v;
    };
    const res = bootstrapCI(ratings, mean, { iterations: 101, seed: 3, level: 0.9 });
    const reps = seen.slice(1).sort((x, y) => x - y); // seen[0] is the estimate
    expect(res.lower).toBe(quantile7(reps, 0.05));
    expect(res.upper).toBe(quantile7(reps, 0.95));
    expect(reps.length).toBe(101);
  });

  it("quantile7 matches numpy.quantile(default linear) on a small vector", () => {
    // numpy.quantile([1, 2, 4, 8], [0.1, 0.5, 0.9]) = [1.3, 3.0, 6.8]
    expect(quantile7([1, 2, 4, 8], 0.1)).toBeCloseTo(1.3, 14);
    expect(quantile7([1, 2, 4, 8], 0.5)).toBe(3);
    expect(quantile7([1, 2, 4, 8], 0.9)).toBeCloseTo(6.8, 14);
  });

  it("undefined estimate → null bounds with reason", () => {
    const r = bootstrapCI([[1, 1], [1, 1]], alphaNominal, { iterations: 10 });
    expect(r.estimate).toBeNull();
    expect(r.lower).toBeNull();
    expect(r.upper).toBeNull();
    expect(r.reason).toMatch(/undefined on the original data/);
  });

  it("empty input → null bounds with reason", () => {
    const r = bootstrapCI([], alphaNominal, { iterations: 10 });
    expect(r).toMatchObject({ lower: null, upper: null, n: 0 });
    expect(r.reason).toMatch(/no units/);
  });

  it("undefined replicates make the interval undefined unless a share is allowed", () => {
    // Two units, one with variation: resamples of a single unit have no variation.
    const ratings = [
      ["a", "a", "b"],
      ["a", "b", "b"],
    ];
    const k = (r: Ratings) => cohenKappa(r[0], r[1]);
    const strict = bootstrapCI(ratings, k, { iterations: 200, seed: 1 });
    expect(strict.lower).toBeNull();
    expect(strict.undefinedReplicates).toBeGreaterThan(0);
    expect(strict.reason).toMatch(/replicates are undefined/);
    const lenient = bootstrapCI(ratings, k, { iterations: 200, seed: 1, maxUndefinedShare: 0.5 });
    expect(lenient.lower).not.toBeNull();
    expect(lenient.undefinedReplicates).toBe(strict.undefinedReplicates);
  });

  it("validates options and rejects NaN statistics", () => {
    expect(() => bootstrapCI(KRIPPENDORFF_2011, alphaNominal, { iterations: 0 })).toThrow(/iterations/);
    expect(() => bootstrapCI(KRIPPENDORFF_2011, alphaNominal, { level: 95 })).toThrow(/level/);
    expect(() => bootstrapCI(KRIPPENDORFF_2011, () => NaN)).toThrow(/NaN/);
  });
});
