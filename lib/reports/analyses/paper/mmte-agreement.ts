/**
 * Agreement figures for the MMTE fields. The MMTE paper (Wang et al. 2024) reports no agreement
 * figures: its three annotators per item met to resolve disagreements (§3, app. A.2). Tropos
 * computes them for labs that run the scheme and want to report agreement: per system and field,
 * Fleiss' κ overall and per label,
 * Krippendorff's α (nominal for Equivalence and Emotion; nominal, ordinal,
 * interval and ratio for the Likert fields), pairwise Cohen's κ (unweighted
 * for labels; unweighted, linear and quadratic over the scale 1–5 for Likert),
 * pairwise Pearson r (Likert only) and exact agreement.
 */
import type { TAgreementFigure } from "../../agreement-figure";
import { MMTE_AGREEMENT_FIELDS, type TMmteAgreementField } from "./mmte-agreement-fields";
import { ALPHA_LEVELS, KAPPA_WEIGHTS } from "../../agreement-figure";
import { isNominalMmteField, mmteCategories, type TMmteRatings } from "./mmte-ratings";
import { ratingsFigures, type TRatingsSpec } from "../../ratings-figures";

const MMTE_QUALITY_AGREEMENT_FIELDS: ReadonlySet<string> = new Set(["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"]);

export function mmteAgreementFigures(
  ratings: ReadonlyMap<string, TMmteRatings>,
  systems: readonly string[],
  emailById: ReadonlyMap<string, string>,
  opts: { fields?: readonly string[]; bootstrap?: TRatingsSpec["bootstrap"] } = {},
): TAgreementFigure[] {
  const fields = MMTE_AGREEMENT_FIELDS.filter((f) => !opts.fields?.length || opts.fields.includes(f));
  const out: TAgreementFigure[] = [];
  for (const system of systems) {
    for (const field of fields) {
      const r = ratings.get(`${system}|${field}`);
      if (!r) continue;
      out.push(...mmteFieldFigures(r, field, emailById, opts.bootstrap));
    }
  }
  return out;
}

function mmteFieldFigures(r: TMmteRatings, field: TMmteAgreementField, emailById: ReadonlyMap<string, string>, bootstrap: TRatingsSpec["bootstrap"]) {
  const nominal = isNominalMmteField(field);
  const categories = mmteCategories(field);
  return ratingsFigures(
    { scheme: "mmte", system: r.system, field },
    r.ratings,
    r.annotators.map((a) => emailById.get(a) ?? a),
    {
      // MMTE's quality fields rate a translation; its MRW fields an MRW in a translation
      unit: MMTE_QUALITY_AGREEMENT_FIELDS.has(field) ? "translation" : "MRW instance",
      alphaLevels: nominal ? ["nominal"] : ALPHA_LEVELS,
      kappaWeights: nominal ? ["unweighted"] : KAPPA_WEIGHTS,
      kappaCategoryLists: [{ name: "scale", categories }],
      pearson: !nominal,
      totals: false,
      fleiss: { categories },
      bootstrap,
    },
  );
}
