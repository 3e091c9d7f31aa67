// mqm.scores against an independent implementation (scripts/research/mqm_fixture.py: numpy for the
// scores, scipy.stats.permutation_test for the exact tests, a mulberry32 port for the randomised
// ones, the segments in the order of their score pairs), on the frozen studies of
// lib/reports/__fixtures__/mqm-scipy.json. Tolerance 1e-12 on
// scores and p-values (the randomised p-values are counts over the same draws, so they are equal).
import { describe, expect, it } from "vitest";
import fixture from "../__fixtures__/mqm-scipy.json";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { mqmAnalysis, mqmAnalysisApplies } from "./mqm-analysis";
import { pairedApproximateRandomization } from "../paired-approximate-randomization";
import type { TSchemeValueRow } from "../scheme-agreement";

type TStudy = (typeof fixture)["large"];

function rows(study: TStudy): TSchemeValueRow[] {
  return study.ratings.map((r) => ({
    field: "errors",
    system: r.system,
    unit: `${r.segment}|t:${r.system}`,
    annotator: r.rater,
    value: r.errors.map(([label, severity], i) => ({ start: i, end: i + 1, label, attributes: { severity }, on: "target" })),
  }));
}

describe("mqm.scores", () => {
  it("applies to the mqm preset", () => expect(mqmAnalysisApplies(MQM_PRESET)).toBe(true));

  for (const name of ["large", "small"] as const) {
    it(`equals the independent scores and p-values (${name} study)`, () => {
      const study = fixture[name] as TStudy;
      const a = mqmAnalysis(MQM_PRESET, rows(study), { trials: fixture.trials, seed: fixture.seed });
      expect(a.systems.map((s) => s.system)).toEqual(study.order);
      for (const s of a.systems) {
        const want = study.systems[s.system as keyof typeof study.systems];
        expect(s.n).toBe(want.n);
        expect(s.mean).toBeCloseTo(want.mean, 12);
        expect(Object.keys(s.categories).sort()).toEqual(Object.keys(want.categories).sort());
        for (const [c, v] of Object.entries(want.categories)) expect(s.categories[c], `${s.system} ${c}`).toBeCloseTo(v, 12);
        // the categories add up to the score
        expect(Object.values(s.categories).reduce((x, y) => x + y, 0)).toBeCloseTo(s.mean, 12);
      }
      expect(a.significance.map((p) => [p.better, p.worse, p.n, p.exact])).toEqual(study.significance.map((p) => [p.better, p.worse, p.n, name === "small"]));
      for (const [i, p] of study.significance.entries()) expect(a.significance[i].pValue, `${p.better} vs ${p.worse}`).toBeCloseTo(p.pValue, 12);
    });
  }

  it("scores an explicit No error as 0 and leaves translations nobody rated out", () => {
    const a = mqmAnalysis(MQM_PRESET, [
      { field: "errors", system: "A", unit: "s1|t:A", annotator: "r1", value: [] },
      { field: "errors", system: "A", unit: "s1|t:A", annotator: "r2", value: [{ start: 0, end: 1, label: "Non-translation", attributes: { severity: "Major" } }] },
      { field: "errors", system: "B", unit: "s1|t:B", annotator: "r1", value: [{ start: 0, end: 1, label: "Fluency/Punctuation", attributes: { severity: "Minor" } }] },
    ]);
    expect(a.systems.map((s) => [s.system, s.n, s.mean])).toEqual([["B", 1, 0.1], ["A", 1, 12.5]]);
    expect(a.significance).toEqual([{ better: "B", worse: "A", n: 1, delta: 12.4, pValue: 0.5, exact: true, resamples: 2 }]);
  });

  it("gives no p-value without common segments", () => {
    expect(pairedApproximateRandomization([], [])).toMatchObject({ n: 0, pValue: null, resamples: 0, reason: "no segment scored for both systems" });
  });

  // issue 30.5: the segments came in the order of their database ids, so two projects holding the
  // same import drew different swaps for the same segments (p-values up to 0.016 apart)
  it("gives the same p-value and resamples for the same score pairs in any order", () => {
    const better = Object.freeze(Array.from({ length: 40 }, (_, i) => (i * 7) % 11));
    const worse = Object.freeze(Array.from({ length: 40 }, (_, i) => ((i * 5) % 13) + 0.5));
    const reversed = [...better.keys()].reverse();
    const rotated = [...better.keys()].map((i) => (i + 17) % 40);
    const first = pairedApproximateRandomization(better, worse, { trials: 2000 });
    expect(first).toMatchObject({ n: 40, exact: false, resamples: 2000 });
    for (const order of [reversed, rotated]) {
      expect(pairedApproximateRandomization(order.map((i) => better[i]), order.map((i) => worse[i]), { trials: 2000 })).toEqual(first);
    }
    expect(pairedApproximateRandomization([1, 2], [3, 4])).toMatchObject({ exact: true, resamples: 4 });
  });
});
