/**
 * Hand-computed MetaHOPE penalty tables. The GoogleMT case reproduces the arithmetic of
 * MetaHOPE (Liang & Han 2026) tables 5–6 for annotator A: EPS SEGS 24 (MIS 20, PRF 4) → per
 * sentence 24 / 20 = 1.2; EPM SEGS 22 (MIS 16, PRF 6) → 22 / 20 = 1.1, per metaphor 22 / 65 =
 * 0.338, Ratio (M/S) 22 / 24 = 0.917. Exact equality except where a quotient is irrational in
 * decimal (toBeCloseTo, 12 digits).
 */
import { describe, expect, it } from "vitest";
import { metahopePenaltyTable, type TMetahopeCell } from "./metahope-score-table";

const cell = (system: string, mrw: boolean, category: TMetahopeCell["category"], penalty: number): TMetahopeCell => ({ system, mrw, category, penalty });

describe("metahopePenaltyTable", () => {
  it("reproduces MetaHOPE tables 5–6 arithmetic for GoogleMT (two passes: sentence-level EPS)", () => {
    const cells = [
      // sentence-level pass (table 5): MIS 20, PRF 4
      cell("GoogleMT", false, "MIS", 6), cell("GoogleMT", false, "MIS", 6), cell("GoogleMT", false, "MIS", 8), cell("GoogleMT", false, "PRF", 4),
      // MRW-level sheet (table 6): MIS 16, PRF 6
      cell("GoogleMT", true, "MIS", 8), cell("GoogleMT", true, "MIS", 8), cell("GoogleMT", true, "PRF", 2), cell("GoogleMT", true, "PRF", 4),
    ];
    const [r] = metahopePenaltyTable(cells, [{ system: "GoogleMT", sentences: 20, mrwInstances: 65 }], { epsScope: "sentence-level" });
    expect(r.eps.totals).toEqual({ IMP: 0, RAM: 0, MIS: 20, STL: 0, PRF: 4 });
    expect(r.eps.segs).toBe(24);
    expect(r.eps.perSentence.value).toBe(1.2); // 24 / 20
    expect(r.epm.totals).toEqual({ IMP: 0, RAM: 0, MIS: 16, STL: 0, PRF: 6 });
    expect(r.epm.segs).toBe(22);
    expect(r.epm.perSentence.value).toBe(1.1); // 22 / 20
    expect(r.epm.perMetaphor.value).toBeCloseTo(22 / 65, 12); // 0.338
    expect(r.epm.ratioMS.value).toBeCloseTo(22 / 24, 12); // 0.917
    expect(Math.round(r.epm.ratioMS.value! * 1000) / 1000).toBe(0.917);
  });

  it("single pass (default): EPS counts every error, so M/S ≤ 1", () => {
    const cells = [cell("S", true, "IMP", 2), cell("S", false, "STL", 6), cell("S", true, "MIS", 4)];
    const [r] = metahopePenaltyTable(cells, [{ system: "S", sentences: 4, mrwInstances: 8 }]);
    expect([r.eps.segs, r.epm.segs, r.eps.perSentence.value, r.epm.perMetaphor.value, r.epm.ratioMS.value]).toEqual([12, 6, 3, 0.75, 0.5]);
  });

  it("aggregated cells may hold any non-negative penalty (mean of 2 and 4 = 3)", () => {
    const [r] = metahopePenaltyTable([cell("S", true, "RAM", 3)], [{ system: "S", sentences: 1, mrwInstances: 1 }]);
    expect(r.epm.totals.RAM).toBe(3);
    expect(() => metahopePenaltyTable([cell("S", true, "RAM", -2)], [{ system: "S", sentences: 1, mrwInstances: 1 }])).toThrow(/non-negative/);
  });

  it("a zero denominator is undefined with its reason, never NaN", () => {
    const [r] = metahopePenaltyTable([], [{ system: "S", sentences: 0, mrwInstances: 0 }]);
    expect(r.eps.perSentence).toEqual({ value: null, reason: "the number of sentences of S is 0" });
    expect(r.epm.perMetaphor.value).toBeNull();
    expect(r.epm.ratioMS.reason).toBe("the EPS SEGS of S is 0");
  });
});
