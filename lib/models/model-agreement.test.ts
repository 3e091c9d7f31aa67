// Model-as-rater figures against hand-computed values (each case says how).
import { describe, expect, it } from "vitest";
import { modelAgreementRows } from "./model-agreement";

const m = (o: Record<string, string | number>) => new Map(Object.entries(o));

describe("modelAgreementRows", () => {
  it("nominal: κ, exact agreement and accuracy over the units both have", () => {
    const rows = modelAgreementRows(Object.freeze({
      field: "EQUIVALENCE", weights: "unweighted" as const, model: "local:m@v1",
      // u5 has no model value (a failed unit): it counts nowhere
      modelValues: m({ u1: "FULL", u2: "FULL", u3: "NON", u4: "NON" }),
      annotators: [{ name: "a@x", values: m({ u1: "FULL", u2: "NON", u3: "NON", u4: "NON", u5: "FULL" }) }],
      gold: m({ u1: "FULL", u2: "FULL", u3: "NON", u4: "FULL", u5: "NON" }),
    }));
    // by hand: p_o = 3/4; marginals model (2 FULL, 2 NON), a (1 FULL, 3 NON): p_e = (2·1 + 2·3)/16 = 1/2;
    // κ = (3/4 − 1/2)/(1 − 1/2) = 0.5 (also cohenKappa's documented example)
    expect(rows.filter((r) => r.statistic !== "krippendorff_alpha")).toEqual([
      { field: "EQUIVALENCE", model: "local:m@v1", other: "a@x", statistic: "cohen_kappa", value: 0.5, n: 4, note: null },
      { field: "EQUIVALENCE", model: "local:m@v1", other: "a@x", statistic: "exact_agreement", value: 0.75, n: 4, note: null },
      // gold agrees on u1, u2, u3 of u1–u4: 3/4
      { field: "EQUIVALENCE", model: "local:m@v1", other: "gold", statistic: "accuracy", value: 0.75, n: 4, note: null },
    ]);
  });

  it("ordinal: quadratic weights on the declared scale positions", () => {
    const rows = modelAgreementRows({
      field: "FLUENCY", weights: "quadratic", categories: [1, 2, 3], model: "m",
      modelValues: m({ u1: 1, u2: 2, u3: 3 }), annotators: [{ name: "b", values: m({ u1: 1, u2: 3, u3: 3 }) }], gold: new Map(),
    });
    // by hand: Σ w·o = (2−3)² = 1; Σ w·r·c over r = (1,1,1), c = (1,0,2): row 1: 0·1 + 1·0 + 4·2 = 8, row 2: 1 + 0 + 2 = 3,
    // row 3: 4 + 0 + 0 = 4, total 15; κ_w = 1 − 3·1/15 = 0.8 (sklearn cohen_kappa_score([1,2,3],[1,3,3],weights="quadratic"))
    expect(rows[0]).toMatchObject({ statistic: "cohen_kappa", value: 0.8, n: 3, note: "quadratic weights" });
    expect(rows[1]).toMatchObject({ statistic: "exact_agreement", n: 3 });
    expect(rows[1].value).toBeCloseTo(2 / 3, 12);
    expect(rows[2]).toMatchObject({ other: "gold", statistic: "accuracy", value: null, n: 0, note: "no unit has both a gold value and a model value" });
  });

  it("undefined κ says why; no common unit gives n 0", () => {
    const same = modelAgreementRows({ field: "F", weights: "unweighted", model: "m", modelValues: m({ u1: "x", u2: "x" }), annotators: [{ name: "c", values: m({ u1: "x", u2: "x" }) }], gold: new Map() });
    expect(same[0].value).toBeNull();
    expect(same[0].note).toMatch(/.+/);
    expect(same[1]).toMatchObject({ value: 1, n: 2 });
    const none = modelAgreementRows({ field: "F", weights: "unweighted", model: "m", modelValues: m({ u1: "x" }), annotators: [{ name: "c", values: m({ u2: "x" }) }], gold: new Map() });
    expect(none[0]).toMatchObject({ value: null, n: 0 });
    expect(none[1]).toMatchObject({ value: null, n: 0 });
  });
});

describe("α with and without the model (nltk AnnotationTask.alpha, scripts/research/model_alpha_fixture.py)", () => {
  // the script's output, pasted
  const NLTK = { labels: { without: 0.631578947368421, with: 0.5873015873015873 }, likert: { without: 0.825, with: 0.41850220264317184 } };
  const m = (o: Record<string, string | number>) => new Map(Object.entries(o));
  const alphaRows = (rows: ReturnType<typeof modelAgreementRows>) => Object.fromEntries(rows.filter((r) => r.statistic === "krippendorff_alpha").map((r) => [r.other, r.value]));

  it("nominal labels", () => {
    const rows = modelAgreementRows({
      field: "EQUIVALENCE",
      weights: "unweighted",
      model: "m",
      modelValues: m({ u1: "FULL", u2: "PARTIAL", u3: "PARTIAL", u4: "FULL", u5: "PARTIAL" }),
      annotators: [
        { name: "a1", values: m({ u1: "FULL", u2: "PARTIAL", u3: "NONE", u4: "FULL", u5: "PARTIAL" }) },
        { name: "a2", values: m({ u1: "FULL", u2: "NONE", u3: "NONE", u4: "FULL" }) },
      ],
      gold: new Map(),
    });
    const a = alphaRows(rows);
    expect(a.annotators).toBeCloseTo(NLTK.labels.without, 12);
    expect(a["annotators+model"]).toBeCloseTo(NLTK.labels.with, 12);
  });

  it("an interval Likert field", () => {
    const rows = modelAgreementRows({
      field: "FLUENCY",
      weights: "quadratic",
      level: "interval",
      categories: [1, 2, 3, 4, 5],
      model: "m",
      modelValues: m({ u1: 3, u2: 4, u3: 5, u4: 1 }),
      annotators: [
        { name: "a1", values: m({ u1: 4, u2: 2, u3: 5, u4: 3 }) },
        { name: "a2", values: m({ u1: 5, u2: 2, u3: 4, u4: 3 }) },
      ],
      gold: new Map(),
    });
    const a = alphaRows(rows);
    expect(a.annotators).toBeCloseTo(NLTK.likert.without, 12);
    expect(a["annotators+model"]).toBeCloseTo(NLTK.likert.with, 12);
  });
});
