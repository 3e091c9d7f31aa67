import { describe, expect, it } from "vitest";
import { emosWeightsOf, parseEmosWeights } from "./emos-weights";
import { EMOS_PAPER_WEIGHTS } from "./emos";
import { parseSchemeConfig } from "@/lib/schemes/scheme-config";

describe("EMOS weights of a project", () => {
  it("defaults to the paper's 0.50/0.35/0.15 (its equation 9)", () => {
    expect(EMOS_PAPER_WEIGHTS).toEqual({ vss: 0.5, lmr: 0.35, edr: 0.15 });
    expect(emosWeightsOf({})).toBe(EMOS_PAPER_WEIGHTS);
    expect(emosWeightsOf(null)).toBe(EMOS_PAPER_WEIGHTS);
    expect(emosWeightsOf({ emosWeights: { vss: 0.6, lmr: 0.3, edr: 0.1 } })).toEqual({ vss: 0.6, lmr: 0.3, edr: 0.1 });
  });

  it("accepts weights that sum to 1 (within 1e-6: 0.1 + 0.2 + 0.7 in floating point)", () => {
    expect(parseEmosWeights({ vss: 0.1, lmr: 0.2, edr: 0.7 })).toEqual({ ok: true, weights: { vss: 0.1, lmr: 0.2, edr: 0.7 } });
    expect(parseEmosWeights({ vss: 1, lmr: 0, edr: 0 }).ok).toBe(true);
  });

  it("refuses weights that do not sum to 1, naming the sum, and weights outside 0–1 or missing", () => {
    expect(parseEmosWeights({ vss: 0.5, lmr: 0.35, edr: 0.1 })).toEqual({ ok: false, message: "EMOS weights must sum to 1: VSS 0.5 + LMR 0.35 + EDR 0.1 = 0.95" });
    expect(parseEmosWeights({ vss: 1.2, lmr: -0.2, edr: 0 })).toMatchObject({ ok: false, message: expect.stringContaining("the VSS weight must be at most 1") });
    expect(parseEmosWeights({ vss: 0.5, lmr: 0.5 })).toMatchObject({ ok: false, message: expect.stringContaining("EDR weight must be a number") });
    expect(parseEmosWeights({ vss: 0.5, lmr: 0.5, edr: 0, alpha: 1 }).ok).toBe(false);
  });

  it("is part of the project settings, validated there too", () => {
    expect(parseSchemeConfig({ emosWeights: { vss: 0.6, lmr: 0.3, edr: 0.1 } })).toMatchObject({ ok: true, config: { emosWeights: { vss: 0.6, lmr: 0.3, edr: 0.1 } } });
    expect(parseSchemeConfig({ emosWeights: { vss: 0.6, lmr: 0.3, edr: 0.2 } })).toMatchObject({ ok: false, issues: [{ path: "emosWeights", message: expect.stringContaining("must sum to 1") }] });
  });
});
