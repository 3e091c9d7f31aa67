/**
 * Named agreement conventions the dashboard offers, so a figure can be quoted
 * with the convention it was computed under.
 *
 * "metahope-published" reproduces MetaHOPE (Liang & Han 2026) tables 3 and 4
 * to the printed decimals (see lib/scoring/METAHOPE-REPRODUCTION.md):
 * - Krippendorff's α at the INTERVAL level (the default of the Python
 *   `krippendorff` package), not ordinal as the paper's §4.3.2 suggests;
 * - Cohen's κ quadratic-weighted, with the weights on the position of a value
 *   in the category list: for SEGS the list of values observed in either
 *   annotator's vector (sklearn `cohen_kappa_score(..., weights="quadratic")`
 *   with `labels=None`), for each category the full scale 0, 2, 4, 6, 8, 10
 *   (`labels=[0, 2, 4, 6, 8, 10]`).
 */
import type { TAlphaLevelName, TKappaCategoriesName, TKappaWeightsName } from "./agreement-options";

export interface TAgreementConvention {
  id: string;
  name: string;
  description: string;
  alphaLevel: TAlphaLevelName;
  kappaWeights: TKappaWeightsName;
  /** κ category list for SEGS (sums) and for single-category penalties / Likert fields */
  kappaCategoriesSegs: TKappaCategoriesName;
  kappaCategoriesScale: TKappaCategoriesName;
}

export const AGREEMENT_CONVENTIONS: readonly TAgreementConvention[] = [
  {
    id: "metahope-published",
    name: "MetaHOPE as published",
    description:
      "α interval; κ quadratic over the observed SEGS values (table 3) and over the full scale 0–10 per category (table 4). Reproduces MetaHOPE tables 3–4.",
    alphaLevel: "interval",
    kappaWeights: "quadratic",
    kappaCategoriesSegs: "observed",
    kappaCategoriesScale: "scale",
  },
  {
    id: "ordinal-scale",
    name: "Ordinal, full scale",
    description: "α ordinal; κ quadratic over the full scale for every field (the reading of the paper's §4.3.2 text).",
    alphaLevel: "ordinal",
    kappaWeights: "quadratic",
    kappaCategoriesSegs: "scale",
    kappaCategoriesScale: "scale",
  },
  {
    id: "nominal",
    name: "Nominal",
    description: "α nominal; κ unweighted: every difference counts the same.",
    alphaLevel: "nominal",
    kappaWeights: "unweighted",
    kappaCategoriesSegs: "observed",
    kappaCategoriesScale: "scale",
  },
];

export function findConvention(id: string | undefined): TAgreementConvention {
  return AGREEMENT_CONVENTIONS.find((c) => c.id === id) ?? AGREEMENT_CONVENTIONS[0];
}
