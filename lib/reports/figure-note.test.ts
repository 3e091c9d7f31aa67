// The words and sample sizes printed next to agreement figures (figure-note.ts), and that the
// figures themselves carry them (ratings-figures.ts). Issue 13, point 3: a Fleiss' κ of one item
// showed as −1.000 [−1.000, −1.000] with no warning, and undefined figures said only "undefined".
import { describe, expect, it } from "vitest";
import { explainUndefined, figureNote, intervalAllowed, sampleSize, MIN_UNITS_FOR_INTERVAL, SMALL_SAMPLE_UNITS } from "./figure-note";
import { ratingsFigures, type TRatingsSpec } from "./ratings-figures";

const spec: TRatingsSpec = {
  unit: "MRW instance",
  alphaLevels: ["nominal"],
  kappaWeights: ["unweighted"],
  kappaCategoryLists: [{ name: "scale", categories: ["FULL", "PART", "NON"] }],
  pearson: false,
  totals: false,
  fleiss: { categories: ["FULL", "PART", "NON"] },
  bootstrap: { iterations: 200, seed: 1, maxUnits: 5000 },
};
const base = { scheme: "mmte" as const, system: "S", field: "EQUIVALENCE" };
const emails = ["a@x", "b@x"];

describe("figures carry n, raters and a note", () => {
  it("one item rated differently by two annotators: κ −1 with a single-item warning and no interval", () => {
    const figs = ratingsFigures(base, [["FULL"], ["NON"]], emails, spec);
    const fleiss = figs.find((f) => f.statistic === "fleiss_kappa" && f.label === undefined)!;
    expect(fleiss.value).toBe(-1);
    expect(fleiss.n).toBe(1);
    expect(fleiss.raters).toBe(2);
    // before: ci95 [−1, −1] (a bootstrap over one unit resamples it every time) and no note
    expect(fleiss.ci95).toEqual([null, null]);
    expect(fleiss.ciReason).toMatch(/interval not computed: 1 unit/);
    expect(fleiss.note).toMatch(/single MRW instance: not interpretable/);
    const kappa = figs.find((f) => f.statistic === "cohen_kappa")!;
    expect(kappa.raters).toBe(2);
    expect(kappa.note).toMatch(/single MRW instance/);
  });

  it("identical ratings: κ and α undefined with the reason in words", () => {
    const figs = ratingsFigures(base, [["FULL", "FULL", "FULL"], ["FULL", "FULL", "FULL"]], emails, spec);
    expect(figs.find((f) => f.statistic === "cohen_kappa")!.note).toBe("all ratings identical: κ undefined (expected agreement 1)");
    expect(figs.find((f) => f.statistic === "krippendorff_alpha")!.note).toBe("all ratings identical: α undefined (expected disagreement 0)");
    expect(figs.find((f) => f.statistic === "fleiss_kappa" && f.label === "PART")!.note).toBe("label PART was never used: its κ is undefined");
  });

  it("no item rated by both: says so instead of a bare 'undefined'", () => {
    const figs = ratingsFigures(base, [["FULL", null], [null, "NON"]], emails, spec);
    expect(figs.find((f) => f.statistic === "cohen_kappa")!.note).toBe("no MRW instance was rated by two annotators: κ undefined");
    expect(figs.find((f) => f.statistic === "krippendorff_alpha")!.note).toBe("no MRW instance was rated by two annotators: α undefined");
    expect(figs.find((f) => f.statistic === "exact_agreement")!.note).toBe("no MRW instance was rated by every annotator: exact agreement undefined");
  });

  it("a small sample is flagged and its interval marked unreliable; a large one carries no note", () => {
    const a = ["FULL", "PART", "NON", "FULL", "PART", "NON", "FULL"];
    const b = ["FULL", "PART", "NON", "PART", "PART", "NON", "NON"];
    const small = ratingsFigures(base, [a, b], emails, spec).find((f) => f.statistic === "cohen_kappa")!;
    expect(small.n).toBe(7);
    expect(small.ci95?.[0]).not.toBeNull();
    expect(small.note).toBe("only 7 MRW instances: unstable, read with care; interval unreliable (n < 10)");
    const big = ratingsFigures(base, [[...a, ...a], [...b, ...b]], emails, spec).find((f) => f.statistic === "cohen_kappa")!;
    expect(big.n).toBe(14);
    expect(big.note).toBeUndefined();
  });
});

describe("figureNote", () => {
  const f = { scheme: "mmte" as const, field: "FLUENCY", statistic: "pearson_r" as const, value: 0.5, n: 40, raters: 2 };
  it("says nothing about a figure over enough units", () => expect(figureNote(f, "translation")).toEqual({ status: "ok", note: "", intervalReliable: true }));
  it("warns below SMALL_SAMPLE_UNITS", () => {
    expect(figureNote({ ...f, n: SMALL_SAMPLE_UNITS - 1 }, "translation").status).toBe("small-sample");
    expect(figureNote({ ...f, n: SMALL_SAMPLE_UNITS }, "translation").status).toBe("ok");
  });
  it("passes an unknown reason through instead of dropping it", () => {
    expect(figureNote({ ...f, value: null, reason: "something new" }, "translation").note).toBe("r undefined: something new");
    expect(figureNote({ ...f, value: null }, "translation").note).toBe("r undefined for these data");
    expect(figureNote({ ...f, value: null, reason: "zero variance: a is constant on the units coded by both" }, "translation").note).toBe(
      "one annotator gave every translation the same value: r undefined (zero variance)",
    );
  });
  it("explains an undefined interval", () => {
    expect(figureNote({ ...f, ci95: [null, null], ciReason: "150 of 1000 bootstrap replicates are undefined (allowed share 0.1)" }, "translation").note).toBe(
      "interval undefined: 150 of 1000 bootstrap replicates are undefined (allowed share 0.1)",
    );
  });
  it("intervals need MIN_UNITS_FOR_INTERVAL units", () => {
    expect(intervalAllowed(MIN_UNITS_FOR_INTERVAL).allowed).toBe(true);
    expect(intervalAllowed(MIN_UNITS_FOR_INTERVAL - 1).allowed).toBe(false);
  });
  it("names units and raters", () => {
    expect(sampleSize({ n: 13, raters: 2 }, "MRW instance")).toBe("13 MRW instances · 2 raters");
    expect(sampleSize({ n: 1, raters: 1 }, "translation")).toBe("1 translation · 1 rater");
    expect(explainUndefined("fleiss_kappa", "fewer than two coders", "translation")).toBe("fewer than two annotators rated these translations: Fleiss' κ undefined");
  });
});
