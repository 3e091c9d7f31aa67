// Imported metric columns beside MMTE's human criteria. Correlations: scipy.stats.pearsonr /
// spearmanr on the same numbers (__fixtures__/metric-correlation-scipy.json, case
// "likert_vs_metric"); means by hand.
import { describe, expect, it } from "vitest";
import fixture from "./__fixtures__/metric-correlation-scipy.json";
import { metricColumns } from "./metric-columns";
import type { TMmteTranslationValues } from "./mmte-scores";

const c = fixture.cases.likert_vs_metric;
/** ten translations of system A: OVERALL = the fixture's x, COMET = its y; the first four literal */
const records: (TMmteTranslationValues & { translationId: string })[] = c.x.map((overall, i) => ({
  translationId: `t${i}`,
  system: i < 5 ? "A" : "B",
  segmentId: `s${i}`,
  sourceMetaphorical: i >= 4,
  overall,
  fluency: 3,
  mrws: [],
}));
const scores = new Map(c.y.map((v, i) => [`t${i}`, { COMET: v, BERTScore: 1 - v }]));

describe("metricColumns", () => {
  const out = metricColumns(records, scores, ["COMET", "BERTScore"]);

  it("correlates each metric with each criterion, pooled, equal to scipy", () => {
    const overall = out.correlations.find((r) => r.system === "all" && r.metric === "COMET" && r.criterion === "OVERALL")!;
    expect(overall.pearson).toMatchObject({ defined: true, n: 10 });
    if (overall.pearson.defined) expect(overall.pearson.r).toBeCloseTo(c.pearson_r, 12);
    if (overall.spearman.defined) expect(overall.spearman.r).toBeCloseTo(c.spearman_rho, 12);
    // 1 − COMET reverses the order: the same magnitudes, negative
    const reversed = out.correlations.find((r) => r.system === "all" && r.metric === "BERTScore" && r.criterion === "OVERALL")!;
    if (reversed.spearman.defined) expect(reversed.spearman.r).toBeCloseTo(-c.spearman_rho, 12);
  });

  it("says why a correlation is undefined (a constant criterion, a criterion nobody rated)", () => {
    expect(out.correlations.find((r) => r.system === "all" && r.metric === "COMET" && r.criterion === "FLUENCY")!.pearson).toMatchObject({ defined: false, reason: "y has no variance" });
    expect(out.correlations.find((r) => r.system === "all" && r.metric === "COMET" && r.criterion === "FIDELITY")!.pearson).toMatchObject({ defined: false, n: 0 });
  });

  it("gives per system × group means with n, and per-system correlations", () => {
    // system A: t0–t3 literal, t4 metaphorical (no MRWs: no full-equivalence group)
    const lit = out.columns.find((r) => r.system === "A" && r.group === "LITERAL" && r.metric === "COMET")!;
    expect(lit.mean).toMatchObject({ defined: true, n: 4 });
    expect(lit.mean.value).toBeCloseTo((0.61 + 0.72 + 0.9 + 0.4) / 4, 12);
    expect(out.columns.find((r) => r.system === "B" && r.group === "LITERAL" && r.metric === "COMET")!.mean).toMatchObject({ defined: false, n: 0 });
    expect(out.correlations.filter((r) => r.system === "B" && r.metric === "COMET" && r.criterion === "OVERALL")[0].pearson).toMatchObject({ defined: true, n: 5 });
    expect(out.metrics).toEqual(["COMET", "BERTScore"]);
  });
});
