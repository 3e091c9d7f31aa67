// Agreement per field of a scheme, by its level, on the example scheme. Reference values:
// statsmodels (Fleiss' κ), sklearn (Cohen's κ, weighted with the field's whole scale as labels),
// nltk (Krippendorff's α, nominal and interval distance; ordinal with Krippendorff's ordinal metric
// passed as nltk's distance) and scipy (Pearson's r), computed by
//   /usr/bin/python3 lib/reports/fixtures/scheme-agreement-reference.py
// on lib/reports/fixtures/scheme-agreement-data.json (frozen) and pasted below. Tolerance 1e-9.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { krippendorffAlpha } from "@/lib/agreement";
import { schemeAgreementFigures, type TSchemeAgreementFigure, type TSchemeValueRow } from "./scheme-agreement";

const EXAMPLE = ZSchemeDefinition.parse(JSON.parse(readFileSync(path.join(__dirname, "../schemes/language/fixtures/idiom-judgement.json"), "utf8")));

interface TData {
  annotators: string[];
  segments: string[];
  transparency: number[][];
  meaning: Record<"A" | "B", string[][]>;
  fluency: Record<"A" | "B", number[][]>;
}
const DATA: TData = Object.freeze(JSON.parse(readFileSync(path.join(__dirname, "fixtures/scheme-agreement-data.json"), "utf8")));

function rowsOf(d: TData): TSchemeValueRow[] {
  const rows: TSchemeValueRow[] = [];
  d.annotators.forEach((annotator, i) => {
    d.segments.forEach((s, u) => {
      rows.push({ field: "transparency", system: null, unit: s, annotator, value: d.transparency[i][u] });
      for (const system of ["A", "B"] as const) {
        rows.push({ field: "meaning", system, unit: `${system}:${s}`, annotator, value: d.meaning[system][i][u] });
        rows.push({ field: "fluency", system, unit: `${system}:${s}`, annotator, value: d.fluency[system][i][u] });
      }
    });
  });
  return rows;
}

const REFERENCE: Record<string, number> = {
  "fluency|A|cohen_kappa|linear|a@test+b@test": 0.68085106383,
  "fluency|A|cohen_kappa|linear|a@test+c@test": 0.736842105263,
  "fluency|A|cohen_kappa|linear|b@test+c@test": 0.563106796117,
  "fluency|A|cohen_kappa|quadratic|a@test+b@test": 0.922178988327,
  "fluency|A|cohen_kappa|quadratic|a@test+c@test": 0.936936936937,
  "fluency|A|cohen_kappa|quadratic|b@test+c@test": 0.837606837607,
  "fluency|A|cohen_kappa|unweighted|a@test+b@test": -0.041666666667,
  "fluency|A|cohen_kappa|unweighted|a@test+c@test": 0.130434782609,
  "fluency|A|cohen_kappa|unweighted|b@test+c@test": 0.0,
  "fluency|A|exact_agreement||": 0.0,
  "fluency|A|krippendorff_alpha|interval|": 0.903799514956,
  "fluency|A|krippendorff_alpha|nominal|": 0.039215686275,
  "fluency|A|krippendorff_alpha|ordinal|": 0.896947935368,
  "fluency|A|pearson_r||a@test+b@test": 0.930277708702,
  "fluency|A|pearson_r||a@test+c@test": 0.945360795313,
  "fluency|A|pearson_r||b@test+c@test": 0.853187372562,
  "fluency|B|cohen_kappa|linear|a@test+b@test": 0.8,
  "fluency|B|cohen_kappa|linear|a@test+c@test": 0.751773049645,
  "fluency|B|cohen_kappa|linear|b@test+c@test": 0.626865671642,
  "fluency|B|cohen_kappa|quadratic|a@test+b@test": 0.973432518597,
  "fluency|B|cohen_kappa|quadratic|a@test+c@test": 0.954582989265,
  "fluency|B|cohen_kappa|quadratic|b@test+c@test": 0.89443378119,
  "fluency|B|cohen_kappa|unweighted|a@test+b@test": 0.0,
  "fluency|B|cohen_kappa|unweighted|a@test+c@test": -0.086956521739,
  "fluency|B|cohen_kappa|unweighted|b@test+c@test": 0.0,
  "fluency|B|exact_agreement||": 0.0,
  "fluency|B|krippendorff_alpha|interval|": 0.944467640919,
  "fluency|B|krippendorff_alpha|nominal|": -0.029411764706,
  "fluency|B|krippendorff_alpha|ordinal|": 0.882704967086,
  "fluency|B|pearson_r||a@test+b@test": 0.990414393647,
  "fluency|B|pearson_r||a@test+c@test": 0.958784570394,
  "fluency|B|pearson_r||b@test+c@test": 0.926062599028,
  "fluency|all|cohen_kappa|linear|a@test+b@test": 0.768907563025,
  "fluency|all|cohen_kappa|linear|a@test+c@test": 0.770114942529,
  "fluency|all|cohen_kappa|linear|b@test+c@test": 0.627450980392,
  "fluency|all|cohen_kappa|quadratic|a@test+b@test": 0.96231884058,
  "fluency|all|cohen_kappa|quadratic|a@test+c@test": 0.956937799043,
  "fluency|all|cohen_kappa|quadratic|b@test+c@test": 0.891934633632,
  "fluency|all|cohen_kappa|unweighted|a@test+b@test": -0.052631578947,
  "fluency|all|cohen_kappa|unweighted|a@test+c@test": 0.021739130435,
  "fluency|all|cohen_kappa|unweighted|b@test+c@test": -0.010101010101,
  "fluency|all|exact_agreement||": 0.0,
  "fluency|all|krippendorff_alpha|interval|": 0.939050732676,
  "fluency|all|krippendorff_alpha|nominal|": -0.010817307692,
  "fluency|all|krippendorff_alpha|ordinal|": 0.923877703207,
  "fluency|all|pearson_r||a@test+b@test": 0.968843725467,
  "fluency|all|pearson_r||a@test+c@test": 0.960970008363,
  "fluency|all|pearson_r||b@test+c@test": 0.911018231675,
  "meaning|A|cohen_kappa|unweighted|a@test+b@test": 0.375,
  "meaning|A|cohen_kappa|unweighted|a@test+c@test": 0.6875,
  "meaning|A|cohen_kappa|unweighted|b@test+c@test": 0.0625,
  "meaning|A|exact_agreement||": 40.0,
  "meaning|A|fleiss_kappa||": 0.366197183099,
  "meaning|A|krippendorff_alpha|nominal|": 0.408450704225,
  "meaning|B|cohen_kappa|unweighted|a@test+b@test": 0.6875,
  "meaning|B|cohen_kappa|unweighted|a@test+c@test": 0.666666666667,
  "meaning|B|cohen_kappa|unweighted|b@test+c@test": 0.285714285714,
  "meaning|B|exact_agreement||": 60.0,
  "meaning|B|fleiss_kappa||": 0.545454545455,
  "meaning|B|krippendorff_alpha|nominal|": 0.575757575758,
  "meaning|all|cohen_kappa|unweighted|a@test+b@test": 0.52380952381,
  "meaning|all|cohen_kappa|unweighted|a@test+c@test": 0.677419354839,
  "meaning|all|cohen_kappa|unweighted|b@test+c@test": 0.206349206349,
  "meaning|all|exact_agreement||": 50.0,
  "meaning|all|fleiss_kappa||": 0.466192170819,
  "meaning|all|krippendorff_alpha|nominal|": 0.483985765125,
  "transparency|all|cohen_kappa|linear|a@test+b@test": 0.736842105263,
  "transparency|all|cohen_kappa|linear|a@test+c@test": 0.807692307692,
  "transparency|all|cohen_kappa|linear|b@test+c@test": 0.545454545455,
  "transparency|all|cohen_kappa|quadratic|a@test+b@test": 0.923076923077,
  "transparency|all|cohen_kappa|quadratic|a@test+c@test": 0.941176470588,
  "transparency|all|cohen_kappa|quadratic|b@test+c@test": 0.848484848485,
  "transparency|all|cohen_kappa|unweighted|a@test+b@test": 0.318181818182,
  "transparency|all|cohen_kappa|unweighted|a@test+c@test": 0.52380952381,
  "transparency|all|cohen_kappa|unweighted|b@test+c@test": -0.041666666667,
  "transparency|all|exact_agreement||": 0.0,
  "transparency|all|krippendorff_alpha|nominal|": 0.263157894737,
  "transparency|all|krippendorff_alpha|ordinal|": 0.903771289538,
};

const keyOf = (f: TSchemeAgreementFigure) => `${f.field}|${f.system}|${f.statistic}|${f.level ?? f.weights ?? ""}|${f.annotators?.join("+") ?? ""}`;

describe("schemeAgreementFigures on the issue's example", () => {
  const figures = schemeAgreementFigures(EXAMPLE, rowsOf(DATA));
  const overall = figures.filter((f) => f.label === undefined);

  it("gives exactly the statistics each level allows, per system and pooled, with the scheme's id", () => {
    expect(overall.map(keyOf).sort()).toEqual(Object.keys(REFERENCE).sort());
    expect(new Set(figures.map((f) => f.scheme))).toEqual(new Set(["idiom-judgement"]));
    // the segment-scoped field has only pooled figures; cues and note have no values / no level
    expect([...new Set(figures.map((f) => `${f.field}|${f.system}`))]).toEqual(["transparency|all", "meaning|A", "meaning|B", "meaning|all", "fluency|A", "fluency|B", "fluency|all"]);
  });

  it("equals statsmodels, sklearn, nltk and scipy", () => {
    for (const f of overall) {
      const want = REFERENCE[keyOf(f)];
      expect(f.value, keyOf(f)).not.toBeNull();
      expect(Math.abs(f.value! - want), `${keyOf(f)}: ${f.value} vs ${want}`).toBeLessThan(1e-9);
    }
  });

  it("weighted κ of a scale uses its whole grid; Fleiss' κ gives a row per option", () => {
    const k = figures.find((f) => f.field === "transparency" && f.weights === "linear")!;
    expect(k.kappaCategories).toBe("scale");
    expect(figures.filter((f) => f.field === "meaning" && f.system === "A" && f.label !== undefined).map((f) => f.label)).toEqual(["kept", "literal", "lost"]);
    expect(figures.find((f) => keyOf(f) === "meaning|all|fleiss_kappa||")).toMatchObject({ n: 10, raters: 3 });
  });
});

describe("schemeAgreementFigures: codes per kind and the Fleiss condition", () => {
  const scheme = ZSchemeDefinition.parse({
    id: "kinds",
    version: 1,
    name: "Kinds",
    fields: [
      { id: "grade", scope: "segment", kind: "choice", label: "Grade", level: "ordinal", options: [{ value: "low" }, { value: "mid" }, { value: "high" }] },
      { id: "cues", scope: "segment", kind: "multi", label: "Cues", options: [{ value: "joy" }, { value: "anger" }] },
      { id: "ok", scope: "segment", kind: "boolean", label: "OK" },
      { id: "emotion", scope: "segment", kind: "vector", label: "E", min: 0, max: 1, dimensions: [{ id: "joy" }, { id: "fear" }] },
      { id: "met", scope: "segment", kind: "tags", label: "Met", bio: true, tokens: "whitespace", tags: [{ value: "M" }] },
      { id: "errors", scope: "segment", kind: "spans", label: "Errors", labels: [{ value: "X" }] },
      { id: "note", scope: "segment", kind: "text", label: "Note" },
    ],
  });
  const row = (field: string, unit: string, annotator: string, value: unknown): TSchemeValueRow => ({ field, system: null, unit, annotator, value });

  it("an ordinal choice is coded by option position: α ordinal follows the declared order, not the alphabet", () => {
    const values = [["low", "mid", "high", "high"], ["low", "high", "high", "mid"]];
    const rows = values.flatMap((vs, c) => vs.map((v, u) => row("grade", `u${u}`, `c${c}`, v)));
    const f = schemeAgreementFigures(scheme, rows).find((x) => x.statistic === "krippendorff_alpha" && x.level === "ordinal")!;
    const positions = values.map((vs) => vs.map((v) => ["low", "mid", "high"].indexOf(v) + 1));
    expect(f.value).toBeCloseTo(krippendorffAlpha(positions, { level: "ordinal" }).value!, 12);
  });

  it("multi as sets, booleans, vector dimensions, BIO tags per token; spans without their texts and text get none", () => {
    const rows = [
      row("cues", "u1", "a", ["joy", "anger"]), row("cues", "u1", "b", ["anger", "joy"]),
      row("cues", "u2", "a", ["joy"]), row("cues", "u2", "b", []),
      row("ok", "u1", "a", true), row("ok", "u1", "b", true), row("ok", "u2", "a", false), row("ok", "u2", "b", true),
      row("emotion", "u1", "a", { joy: 0.5, fear: 0.1 }), row("emotion", "u1", "b", { joy: 0.6 }),
      row("emotion", "u2", "a", { joy: 0.2 }), row("emotion", "u2", "b", { joy: 0.1, fear: 0.3 }),
      row("met", "u1", "a", ["O", "B-M", "I-M"]), row("met", "u1", "b", ["O", "B-M", "O"]),
      row("errors", "u1", "a", [{ start: 0, end: 1, label: "X" }]), row("errors", "u1", "b", []),
      row("note", "u1", "a", "x"), row("note", "u1", "b", "y"),
      // refused by the field: left out
      row("ok", "u3", "a", "yes"), row("ok", "u3", "b", "yes"),
    ];
    const figures = schemeAgreementFigures(scheme, rows);
    const exact = (field: string) => figures.find((f) => f.field === field && f.statistic === "exact_agreement")!;
    expect([exact("cues").value, exact("cues").n]).toEqual([50, 2]); // same set in another order agrees
    expect([exact("ok").value, exact("ok").n]).toEqual([50, 2]);
    expect([...new Set(figures.map((f) => f.field))]).toEqual(["cues", "ok", "emotion.joy", "emotion.fear", "met"]);
    expect(figures.find((f) => f.field === "emotion.fear" && f.statistic === "exact_agreement")).toMatchObject({ n: 0 });
    expect([exact("met").value, exact("met").n]).toEqual([(2 / 3) * 100, 3]);
  });

  it("target words (an alignment without patterns): the marked spans as one category, in any order; not rendered is its own", () => {
    const words = ZSchemeDefinition.parse({ id: "tw", version: 1, name: "TW", fields: [{ id: "tw", scope: "mrw-translation", kind: "alignment", label: "TW" }] });
    const two = (start: number) => [{ start, end: start + 2 }, { start: 7, end: 9 }];
    const rows = [
      row("tw", "u1", "a", { spans: two(0) }), row("tw", "u1", "b", { spans: [...two(0)].reverse() }),
      row("tw", "u2", "a", { spans: [] }), row("tw", "u2", "b", { spans: [] }),
      row("tw", "u3", "a", { spans: two(0) }), row("tw", "u3", "b", { spans: two(1) }),
    ];
    const exact = schemeAgreementFigures(words, rows).find((f) => f.statistic === "exact_agreement")!;
    expect([exact.value, exact.n]).toEqual([(2 / 3) * 100, 3]);
  });

  it("Fleiss' κ only when every unit has the same number of raters", () => {
    const rows = [row("ok", "u1", "a", true), row("ok", "u1", "b", true), row("ok", "u1", "c", false), row("ok", "u2", "a", true), row("ok", "u2", "b", false), row("ok", "u2", "c", false)];
    expect(schemeAgreementFigures(scheme, rows).some((f) => f.statistic === "fleiss_kappa")).toBe(true);
    expect(schemeAgreementFigures(scheme, rows.slice(0, 5)).some((f) => f.statistic === "fleiss_kappa")).toBe(false);
  });
});
