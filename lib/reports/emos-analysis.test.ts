// The emos.metrics analysis against numpy (scripts/research/emos_fixture.py → the "study" of
// lib/scoring/__fixtures__/emos-numpy.json): per-translation metrics from two annotators' vectors,
// per-system means and the Pearson r of each metric with the mean human equivalence.
import { describe, expect, it } from "vitest";
import fixture from "@/lib/scoring/__fixtures__/emos-numpy.json";
import { EMOS_PRESET } from "@/lib/schemes/presets/emos";
import { emosAnalysis, emosAnalysisApplies, EMOS_METRICS } from "./emos-analysis";
import type { TSchemeValueRow } from "./scheme-agreement";

const DIMS = fixture.dimensions;
const vec = (v: number[]) => Object.fromEntries(DIMS.map((d, i) => [d, v[i]]));
const annotators = ["a1@x", "a2@x"];

function rows(): TSchemeValueRow[] {
  const out: TSchemeValueRow[] = [];
  for (const [seg, vectors] of Object.entries(fixture.study.segments)) {
    vectors.forEach((v, i) => out.push({ field: "source_emotions", system: null, unit: `${seg}|-:-`, annotator: annotators[i], value: vec(v) }));
  }
  for (const t of fixture.study.translations) {
    const unit = `${t.segment}|tr-${t.segment}-${t.system}:-`;
    t.vectors.forEach((v, i) => out.push({ field: "target_emotions", system: t.system, unit, annotator: annotators[i], value: vec(v) }));
    t.equivalence.forEach((e, i) => out.push({ field: "equivalence", system: t.system, unit, annotator: annotators[i], value: e }));
  }
  return out;
}

describe("emos.metrics", () => {
  it("applies to the emos preset", () => {
    expect(emosAnalysisApplies(EMOS_PRESET)).toBe(true);
  });

  it("equals numpy per translation, per system and in the validation correlations", () => {
    const a = emosAnalysis(EMOS_PRESET, rows());
    expect(a.translations).toHaveLength(6);
    for (const t of fixture.study.translations) {
      const got = a.translations.find((x) => x.unit === `${t.segment}|tr-${t.segment}-${t.system}:-`)!;
      for (const m of EMOS_METRICS) expect(got.metrics[m], `${t.segment} ${t.system} ${m}`).toBeCloseTo(t.metrics[m], 12);
    }
    for (const s of a.systems) {
      const want = fixture.study.systems[s.system as "sysA" | "sysB"];
      for (const m of EMOS_METRICS) expect(s.mean[m], `${s.system} ${m}`).toBeCloseTo(want[m], 12);
      for (const m of EMOS_METRICS) {
        const ci = s.ci95[m]!;
        expect(ci[0]).toBeLessThanOrEqual(s.mean[m] + 1e-12);
        expect(ci[1]).toBeGreaterThanOrEqual(s.mean[m] - 1e-12);
      }
    }
    for (const c of a.correlations) expect(c.value!, c.metric).toBeCloseTo(fixture.study.correlations[c.metric], 12);
  });

  it("does not depend on the order of the rows, and leaves a translation without a source vector unscored", () => {
    const r = rows();
    const a = emosAnalysis(EMOS_PRESET, r);
    const b = emosAnalysis(EMOS_PRESET, [...r].reverse());
    expect(b).toEqual(a);
    const noSource = emosAnalysis(EMOS_PRESET, r.filter((x) => !(x.field === "source_emotions" && x.unit.startsWith("s3|"))));
    expect([noSource.translations.length, noSource.unscored]).toEqual([4, 2]);
  });
});
