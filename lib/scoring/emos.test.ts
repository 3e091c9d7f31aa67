// EMOS metrics against an independent numpy implementation of the same definitions
// (scripts/research/emos_fixture.py → __fixtures__/emos-numpy.json), edge cases included, and the
// paper's own arithmetic (lib/scoring/EMOS.md).
import { describe, expect, it } from "vitest";
import fixture from "./__fixtures__/emos-numpy.json";
import { EMOS_PAPER_WEIGHTS, emosMetrics, emosOfTranslation, entropyBits, l1Normalise, textVector } from "./emos";

describe("EMOS metrics equal numpy's", () => {
  for (const c of fixture.cases) {
    it(c.name, () => {
      expect(textVector(c.source)).toEqual(c.A.map((x) => expect.closeTo(x, 12)));
      expect(textVector(c.translation)).toEqual(c.B.map((x) => expect.closeTo(x, 12)));
      const m = emosOfTranslation(c.source, c.translation);
      for (const k of ["CS", "MD", "ED", "VSS", "LMR", "EDR", "EMOS"] as const) expect(m[k], k).toBeCloseTo(c.metrics[k], 12);
    });
  }
});

describe("edge cases", () => {
  it("identical vectors score 1 on every similarity and 0 on the distances", () => {
    const m = emosMetrics([0.5, 0.5, 0], [0.5, 0.5, 0]);
    expect(m).toEqual({ CS: expect.closeTo(1, 12), MD: 0, ED: 0, VSS: expect.closeTo(1, 12), LMR: 1, EDR: 1, EMOS: expect.closeTo(1, 12) });
  });
  it("a tie for the maximum counts every tied emotion", () => {
    expect(emosMetrics([0.5, 0.5, 0], [0.5, 0.25, 0.25]).LMR).toBe(0.5);
  });
  it("EDR is 1 when both entropies are 0 and 0 when only one is", () => {
    expect(emosMetrics([1, 0], [1, 0]).EDR).toBe(1);
    expect(emosMetrics([1, 0], [0.5, 0.5]).EDR).toBe(0);
    expect(entropyBits([0.5, 0.5])).toBe(1);
  });
  it("refuses an all-zero vector with the annotators' message", () => {
    expect(() => l1Normalise([0, 0, 0])).toThrow(/mark neutrality/);
  });
  it("weights are the project's", () => {
    const m = emosMetrics([1, 0], [0.5, 0.5], { vss: 1, lmr: 0, edr: 0 });
    expect(m.EMOS).toBe(m.VSS);
  });
});

describe("the paper's published numbers (EMOS.md says which follow from its formula)", () => {
  const emos = (vss: number, lmr: number, edr: number) => EMOS_PAPER_WEIGHTS.vss * vss + EMOS_PAPER_WEIGHTS.lmr * lmr + EMOS_PAPER_WEIGHTS.edr * edr;
  it("do not follow from its components and weights: the high example (0.912) and the low one (0.427)", () => {
    // §5.6.1: VSS 0.931, LMR 1.000, EDR 0.950 "yielding an EMOS of 0.912"; the formula gives 0.958
    expect(emos(0.931, 1, 0.95)).toBeCloseTo(0.958, 3);
    // §5.6.2: VSS 0.456, LMR 0.000, EDR 0.762 "yielding an EMOS of 0.427"; the formula gives 0.342
    expect(emos(0.456, 0, 0.762)).toBeCloseTo(0.3423, 4);
  });
  it("nor do the system means (GPT-4o: VSS 0.756, LMR 0.740, EDR 0.725, EMOS 0.780 published)", () => {
    // EMOS is linear in its components, so the mean EMOS is the formula of the means: 0.746, not 0.780
    expect(emos(0.756, 0.74, 0.725)).toBeCloseTo(0.74575, 5);
  });
});
