import { describe, expect, it } from "vitest";
import type { MetahopeCategory, MetahopeSeverity } from "@/lib/import/types";
import {
  computeEpm,
  computeEps,
  METAHOPE_PENALTY,
  perMrwPenaltyVectors,
  type TMetahopeScoredError,
} from "./metahope-scores";

const e = (system: string, segmentId: string, category: MetahopeCategory, severity: MetahopeSeverity, mrwId?: string, annotator?: string): TMetahopeScoredError =>
  Object.freeze({ system, segmentId, category, severity, mrwId, annotator });

describe("MetaHOPE EPS / EPM, hand-computed", () => {
  // Two systems, 2 sentences, 3 MRW instances.
  // X: MIS 10 (mrw m1), PRF 2 (mrw m2), STL 4 sentence-level → EPS 16, EPM 12
  // Y: nothing
  const errors = Object.freeze([
    e("X", "s1", "MIS", 10, "m1"),
    e("X", "s1", "PRF", 2, "m2"),
    e("X", "s2", "STL", 4),
  ]);
  const counts = Object.freeze([
    { system: "X", sentences: 2, mrwInstances: 3 },
    { system: "Y", sentences: 2, mrwInstances: 3 },
  ]);

  it("EPS sums every error per category", () => {
    const [x, y] = computeEps(errors, counts);
    expect(x).toEqual({
      system: "X",
      totals: { IMP: 0, RAM: 0, MIS: 10, STL: 4, PRF: 2 },
      segs: 16,
      errors: 3,
      sentences: 2,
      perSentence: { value: 8 },
    });
    expect(y.segs).toBe(0);
    expect(y.perSentence).toEqual({ value: 0 });
  });

  it("EPM keeps MRW-tied errors; ratio over EPS SEGS; undefined when a denominator is 0", () => {
    const [x, y] = computeEpm(errors, counts);
    expect(x.totals).toEqual({ IMP: 0, RAM: 0, MIS: 10, STL: 0, PRF: 2 });
    expect(x.segs).toBe(12);
    expect(x.perSentence.value).toBe(6);
    expect(x.perMetaphor.value).toBe(4);
    expect(x.ratioMS.value).toBe(0.75); // 12 / 16
    expect(y.ratioMS).toEqual({ value: null, reason: "the EPS SEGS of Y is 0" });
    const [z] = computeEpm([], [{ system: "Z", sentences: 0, mrwInstances: 0 }]);
    expect(z.perSentence.value).toBeNull();
    expect(z.perMetaphor.reason).toMatch(/MRW instances/);
  });

  it("rejects a severity outside the MetaHOPE scale", () => {
    expect(() => computeEps([{ ...e("X", "s", "MIS", 10), severity: 5 as MetahopeSeverity }], [])).toThrow(/severity 5/);
    expect(METAHOPE_PENALTY).toEqual({ minor: 2, medium: 4, major: 6, severe: 8, critical: 10 });
  });
});

describe("MetaHOPE tables 5–6 arithmetic (Liang & Han 2026, annotator A, EN→ZH pilot)", () => {
  // Category totals as printed in table 5 (EPS) and table 6 (EPM); 20 sentences, 65 MRW rows.
  const table5 = {
    GoogleMT: { IMP: 0, RAM: 0, MIS: 20, STL: 0, PRF: 4 },
    "GPT-5.4": { IMP: 2, RAM: 0, MIS: 18, STL: 0, PRF: 12 },
    "Hunyuan-LLM-7B": { IMP: 4, RAM: 0, MIS: 64, STL: 0, PRF: 0 },
  } as const;
  const table6 = {
    GoogleMT: { IMP: 0, RAM: 0, MIS: 16, STL: 0, PRF: 6 },
    "GPT-5.4": { IMP: 2, RAM: 4, MIS: 16, STL: 0, PRF: 8 },
    "Hunyuan-LLM-7B": { IMP: 4, RAM: 0, MIS: 36, STL: 0, PRF: 2 },
  } as const;
  // Build error lists with those totals out of severity-2 errors (only totals matter).
  const build = (t: typeof table5 | typeof table6, mrw: boolean) =>
    Object.entries(t).flatMap(([system, cats]) =>
      Object.entries(cats).flatMap(([cat, total]) =>
        Array.from({ length: (total as number) / 2 }, (_, i) => e(system, `s${i}`, cat as MetahopeCategory, 2, mrw ? `m${i}` : undefined)),
      ),
    );
  const counts = ["GoogleMT", "GPT-5.4", "Hunyuan-LLM-7B"].map((system) => ({ system, sentences: 20, mrwInstances: 65 }));
  const eps = computeEps(build(table5, false), counts);
  const epm = computeEpm(build(table6, true), counts, { eps });
  const r3 = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

  it("table 5: SEGS and per sentence = SEGS / 20", () => {
    expect(eps.map((r) => [r.system, r.segs, r.perSentence.value])).toEqual([
      ["GoogleMT", 24, 1.2],
      ["GPT-5.4", 32, 1.6],
      ["Hunyuan-LLM-7B", 68, 3.4],
    ]);
  });

  it("table 6: per sentence, per metaphor = SEGS / 65, ratio = EPM / EPS SEGS", () => {
    expect(epm.map((r) => [r.system, r.segs, r.perSentence.value, r3(r.perMetaphor.value), r3(r.ratioMS.value)])).toEqual([
      ["GoogleMT", 22, 1.1, 0.338, 0.917], // 22/20, 22/65, 22/24
      ["GPT-5.4", 30, 1.5, 0.462, 0.938], // 30/20, 30/65, 30/32
      ["Hunyuan-LLM-7B", 42, 2.1, 0.646, 0.618], // 42/20, 42/65, 42/68
    ]);
  });
});

describe("perMrwPenaltyVectors", () => {
  it("sums per unit and category, zero-fills, ignores sentence-level errors", () => {
    const units = [
      { system: "X", segmentId: "s1", mrwId: "m1" },
      { system: "X", segmentId: "s1", mrwId: "m2" },
      { system: "Y", segmentId: "s1", mrwId: "m1" },
    ];
    const errs = [
      e("X", "s1", "MIS", 10, "m1", "A"),
      e("X", "s1", "PRF", 2, "m1", "A"),
      e("X", "s1", "MIS", 4, "m2", "B"),
      e("X", "s1", "STL", 8, undefined, "B"), // sentence-level: not a unit
      e("X", "s9", "MIS", 4, "m9", "B"), // unknown unit
      e("Y", "s1", "IMP", 6, "m1", "C"), // unknown annotator
    ];
    const [x, y] = perMrwPenaltyVectors(errs, units, ["A", "B"]);
    expect(x.units).toEqual([
      { segmentId: "s1", mrwId: "m1" },
      { segmentId: "s1", mrwId: "m2" },
    ]);
    expect(x.segs).toEqual({ A: [12, 0], B: [0, 4] });
    expect(x.byCategory.MIS).toEqual({ A: [10, 0], B: [0, 4] });
    expect(x.byCategory.PRF).toEqual({ A: [2, 0], B: [0, 0] });
    expect(x.byCategory.STL).toEqual({ A: [0, 0], B: [0, 0] });
    expect(x.unmatchedErrors).toBe(1);
    expect(y.segs).toEqual({ A: [0], B: [0] });
    expect(y.unmatchedErrors).toBe(1);
  });
});
