// The emos.metrics analysis against numpy (scripts/research/emos_fixture.py → the "study" of
// lib/scoring/__fixtures__/emos-numpy.json): per-translation metrics from two annotators' vectors,
// per-system means and the Pearson r of each metric with the mean human equivalence.
import { describe, expect, it } from "vitest";
import fixture from "@/lib/scoring/__fixtures__/emos-numpy.json";
import { EMOS_PRESET } from "@/lib/schemes/presets/emos";
import { emosAnalysis, emosAnalysisApplies, EMOS_METRICS } from "./emos-analysis";
import type { TSchemeValueRow } from "../scheme-agreement";

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

  it("per document and system, with the project's weights, and the mean emotion profiles, equal numpy", () => {
    const documentOf = new Map(Object.entries(fixture.study.documents));
    const a = emosAnalysis(EMOS_PRESET, rows(), { documentOf });
    expect(a.documents.map((d) => [d.document, d.system, d.n])).toEqual(fixture.study.perDocument.map((d) => [d.document, d.system, d.n]));
    for (const want of fixture.study.perDocument) {
      const got = a.documents.find((d) => d.document === want.document && d.system === want.system)!;
      for (const m of EMOS_METRICS) expect(got.mean[m], `${want.document} ${want.system} ${m}`).toBeCloseTo(want.mean[m], 12);
    }
    expect(a.profiles.sources.n).toBe(3);
    a.profiles.sources.vector.forEach((x, i) => expect(x).toBeCloseTo(fixture.study.profiles.sources[i], 12));
    for (const s of a.profiles.systems) s.vector.forEach((x, i) => expect(x).toBeCloseTo(fixture.study.profiles.systems[s.system as "sysA"][i], 12));

    const w = emosAnalysis(EMOS_PRESET, rows(), { weights: fixture.study.weighted.weights });
    expect(w.weights).toEqual({ vss: 0.6, lmr: 0.3, edr: 0.1 });
    for (const t of fixture.study.weighted.translations) {
      expect(w.translations.find((x) => x.unit === `${t.segment}|tr-${t.segment}-${t.system}:-`)!.metrics.EMOS).toBeCloseTo(t.EMOS, 12);
    }
    for (const s of w.systems) expect(s.mean.EMOS).toBeCloseTo(fixture.study.weighted.systems[s.system as "sysA"], 12);
    // the weights move EMOS only
    expect(w.systems.map((s) => s.mean.VSS)).toEqual(a.systems.map((s) => s.mean.VSS));
  });

  it("scores a model's vectors the same way, beside the humans' on the same translations, with Pearson r per translation (numpy)", () => {
    const model = fixture.study.model;
    const modelValues = [
      ...Object.entries(model.sources).map(([seg, v]) => ({ field: "source_emotions", system: null, unit: `${seg}|-:-`, model: model.name, value: vec(v) })),
      ...model.targets.map((t) => ({ field: "target_emotions", system: t.system, unit: `${t.segment}|tr-${t.segment}-${t.system}:-`, model: model.name, value: vec(t.vector) })),
      // a second model with translation vectors only scores nothing: its source vectors are never the humans'
      { field: "target_emotions", system: "sysA", unit: "s1|tr-s1-sysA:-", model: "other:m", value: vec([0, 1, 0, 0, 0, 0, 0]) },
    ];
    const a = emosAnalysis(EMOS_PRESET, rows(), { modelValues });
    expect(a.models.map((m) => [m.model, m.translations.length])).toEqual([
      [model.name, 5],
      ["other:m", 0],
    ]);
    const m = a.models[0];
    for (const t of model.translations) {
      const got = m.translations.find((x) => x.unit === `${t.segment}|tr-${t.segment}-${t.system}:-`)!;
      for (const k of EMOS_METRICS) expect(got.metrics[k], `${t.segment} ${t.system} ${k}`).toBeCloseTo(t.metrics[k], 12);
    }
    for (const s of m.systems) {
      const want = model.systems[s.system as "sysA"];
      expect(s.n).toBe(want.n);
      for (const k of EMOS_METRICS) {
        expect(s.model[k]).toBeCloseTo(want.model[k], 12);
        expect(s.humans[k]).toBeCloseTo(want.humans[k], 12);
      }
    }
    expect(m.agreement.map((x) => [x.system, x.metric, x.n])).toEqual(model.agreement.map((x) => [x.system, x.metric, x.n]));
    for (const want of model.agreement) {
      const got = m.agreement.find((x) => x.system === want.system && x.metric === want.metric)!;
      if (want.value === null) expect(got.value).toBeNull();
      else expect(got.value!, `${want.system} ${want.metric}`).toBeCloseTo(want.value, 12);
    }
    // the humans' figures do not move with a model beside them
    expect(a.systems).toEqual(emosAnalysis(EMOS_PRESET, rows()).systems);
  });
});
