/**
 * MetaHOPE agreement figures (its tables 3 and 4): per system, on the per-MRW
 * penalty summed over the categories (SEGS) and per category, Krippendorff's α
 * at every level, Cohen's κ (unweighted, linear, quadratic; weighted κ over
 * both category lists), Pearson r, exact agreement and each annotator's total.
 *
 * Category lists for weighted κ: "observed" = the values either annotator
 * used (sklearn's default); "scale" = the ordered penalty levels: 0, 2, …, 10
 * for one category and the even grid 0…50 for SEGS (extended with any other
 * observed value, e.g. a sum above 50). The published convention comes first
 * in the output: observed for SEGS, scale per category (see
 * agreement-conventions.ts).
 *
 * The categories are the vectors' (metahope-cells.ts): the paper's five, or a
 * variant's (the five, then the ones it adds: each computed like the five on
 * its own spans, after them per system; SEGS stays the sum over the five).
 */
import type { Code } from "@/lib/agreement";
import { METAHOPE_PENALTY_LEVELS } from "@/lib/scoring/metahope-scores";
import type { TAgreementFigure } from "../../agreement-figure";
import { ALPHA_LEVELS, KAPPA_WEIGHTS } from "../../agreement-figure";
import type { TMetahopeUnitVectors } from "./metahope-cells";
import { ratingsFigures, type TRatingsSpec } from "../../ratings-figures";

const SEGS_GRID = Array.from({ length: 26 }, (_, i) => 2 * i);

/** The ordered scale of a field, extended by any observed value outside it. */
export function metahopeScale(field: string, ratings: (number | null)[][]): number[] {
  const base: number[] = field === "SEGS" ? SEGS_GRID : [...METAHOPE_PENALTY_LEVELS];
  const set = new Set(base);
  for (const row of ratings) for (const v of row) if (v !== null) set.add(v);
  return [...set].sort((a, b) => a - b);
}

export function metahopeFieldRatings(v: TMetahopeUnitVectors, field: string): (number | null)[][] {
  return field === "SEGS" ? v.segs : v.byCategory[field];
}

export function metahopeAgreementFigures(
  vectors: readonly TMetahopeUnitVectors[],
  emailById: ReadonlyMap<string, string>,
  opts: { fields?: readonly string[]; bootstrap?: TRatingsSpec["bootstrap"] } = {},
): TAgreementFigure[] {
  const out: TAgreementFigure[] = [];
  for (const v of vectors) {
    const fields = ["SEGS", ...v.categories].filter((f) => !opts.fields?.length || opts.fields.includes(f));
    const emails = v.annotators.map((a) => emailById.get(a) ?? a);
    for (const field of fields) {
      const ratings = metahopeFieldRatings(v, field);
      const scale: Code[] = metahopeScale(field, ratings);
      const lists =
        field === "SEGS"
          ? [{ name: "observed" as const, categories: undefined }, { name: "scale" as const, categories: scale }]
          : [{ name: "scale" as const, categories: scale }, { name: "observed" as const, categories: undefined }];
      out.push(
        ...ratingsFigures({ scheme: "metahope", system: v.system, field }, ratings, emails, {
          unit: "MRW instance",
          alphaLevels: ALPHA_LEVELS,
          kappaWeights: KAPPA_WEIGHTS,
          kappaCategoryLists: lists,
          pearson: true,
          totals: true,
          bootstrap: opts.bootstrap,
        }),
      );
    }
  }
  return out;
}
