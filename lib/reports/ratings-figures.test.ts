// The bootstrap intervals of ratingsFigures come from one set of resamples per matrix
// (bootstrapCIs) instead of one bootstrapCI per figure (issue 13, point 4: that made the demo
// dashboard take seconds). Here every interval is checked against the per-figure way it was
// computed before: bootstrapCI of the figure's own statistic, same seed and iterations.
import { describe, expect, it } from "vitest";
import { bootstrapCI, cohenKappa, fleissKappa, krippendorffAlpha, pearsonR, percentAgreement, seededRandom, type Ratings } from "@/lib/agreement";
import type { TAgreementFigure } from "./agreement-figure";
import { ratingsFigures, type TRatingsSpec } from "./ratings-figures";

function likert(seed: number, coders: number, units: number, missing = 0.15): Ratings {
  const rng = seededRandom(seed);
  const truth = Array.from({ length: units }, () => 1 + rng.int(5));
  return Array.from({ length: coders }, () => truth.map((t) => (rng.int(100) < missing * 100 ? null : Math.max(1, Math.min(5, t + rng.int(3) - 1)))));
}

function reference(f: TAgreementFigure, ratings: Ratings, emails: string[], spec: TRatingsSpec) {
  const pair = f.annotators ? f.annotators.map((e) => emails.indexOf(e)) : [0, 1];
  const ab: Ratings = [ratings[pair[0]], ratings[pair[1]]];
  const list = spec.kappaCategoryLists.find((l) => l.name === (f.kappaCategories ?? spec.kappaCategoryLists[0].name))!;
  const opts = { iterations: spec.bootstrap!.iterations, seed: spec.bootstrap!.seed, maxUndefinedShare: 0.1 };
  switch (f.statistic) {
    case "krippendorff_alpha":
      return bootstrapCI(ratings, (r) => krippendorffAlpha(r, { level: f.level! }), opts);
    case "cohen_kappa":
      return bootstrapCI(ab, (r) => cohenKappa(r[0], r[1], { weights: f.weights, categories: list.categories }), opts);
    case "pearson_r":
      return bootstrapCI(ab, (r) => pearsonR(r[0] as (number | null)[], r[1] as (number | null)[]), opts);
    case "fleiss_kappa":
      return bootstrapCI(ratings, (r) => fleissKappa(r, { categories: spec.fleiss!.categories }), opts);
    case "exact_agreement": {
      const ci = bootstrapCI(ratings, (r) => percentAgreement(r), opts);
      return { ...ci, lower: ci.lower === null ? null : ci.lower * 100, upper: ci.upper === null ? null : ci.upper * 100 };
    }
    default:
      throw new Error(f.statistic);
  }
}

const base = { scheme: "mmte" as const, system: "S", field: "FLUENCY" };

describe("ratingsFigures' intervals equal bootstrapCI per figure", () => {
  const specs: [string, TRatingsSpec][] = [
    [
      "Likert, three coders, scale categories (MMTE)",
      {
        unit: "MRW instance",
        alphaLevels: ["nominal", "ordinal", "interval", "ratio"],
        kappaWeights: ["unweighted", "linear", "quadratic"],
        kappaCategoryLists: [{ name: "scale", categories: [1, 2, 3, 4, 5] }],
        pearson: true,
        totals: false,
        fleiss: { categories: [1, 2, 3, 4, 5] },
        bootstrap: { iterations: 300, seed: 1, maxUnits: 5000 },
      },
    ],
    [
      "two coders, observed and scale categories (MetaHOPE)",
      {
        unit: "MRW instance",
        alphaLevels: ["nominal", "ordinal", "interval", "ratio"],
        kappaWeights: ["unweighted", "linear", "quadratic"],
        kappaCategoryLists: [
          { name: "observed", categories: undefined },
          { name: "scale", categories: [0, 1, 2, 3, 4, 5, 6] },
        ],
        pearson: true,
        totals: true,
        bootstrap: { iterations: 300, seed: 7, maxUnits: 5000 },
      },
    ],
  ];
  for (const [name, spec] of specs) {
    it(name, () => {
      const coders = spec.fleiss ? 3 : 2;
      const ratings = likert(coders * 11, coders, 37);
      const emails = ["a@x", "b@x", "c@x"].slice(0, coders);
      const figs = ratingsFigures(base, ratings, emails, spec);
      const withCi = figs.filter((f) => f.ci95);
      expect(withCi.length).toBeGreaterThan(10);
      for (const f of withCi) {
        const ref = reference(f, ratings, emails, spec);
        const what = `${f.statistic} ${f.level ?? ""} ${f.weights ?? ""} ${f.kappaCategories ?? ""} ${f.annotators?.join("×") ?? ""}`;
        expect(f.ci95, what).toEqual([ref.lower, ref.upper]);
        if (ref.lower === null) expect(f.ciReason, what).toBe(ref.reason);
      }
    });
  }
});
