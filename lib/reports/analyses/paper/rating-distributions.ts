/**
 * How the annotators' MMTE ratings are distributed, per system and field: every annotator's
 * value counts once (the raw ratings agreement is computed on, before any aggregation or
 * adjudication), over the field's categories in display order (Likert 1–5; labels in
 * definition order). With the sample it rests on: ratings, units and raters.
 */
import { MMTE_AGREEMENT_FIELDS, type TMmteAgreementField } from "./mmte-agreement-fields";
import { mmteCategories, type TMmteRatings } from "./mmte-ratings";

export interface TRatingDistribution {
  system: string;
  field: TMmteAgreementField;
  categories: string[];
  /** ratings per category, in `categories` order */
  counts: number[];
  /** ratings counted (Σ counts) */
  ratings: number;
  /** units with at least one rating */
  units: number;
  /** annotators with at least one rating */
  raters: number;
}

/** One distribution per (field, system) present in `ratings` (keyed `${system}|${field}`), fields in MMTE order. */
export function ratingDistributions(ratings: ReadonlyMap<string, TMmteRatings>, systems: readonly string[]): TRatingDistribution[] {
  const out: TRatingDistribution[] = [];
  for (const field of MMTE_AGREEMENT_FIELDS) {
    for (const system of systems) {
      const r = ratings.get(`${system}|${field}`);
      if (!r) continue;
      out.push(distributionOf(r, field));
    }
  }
  return out;
}

function distributionOf(r: TMmteRatings, field: TMmteAgreementField): TRatingDistribution {
  const categories = mmteCategories(field);
  const index = new Map(categories.map((c, i) => [c, i]));
  const counts = categories.map(() => 0);
  const rated = new Uint8Array(r.ratings[0]?.length ?? 0);
  let raters = 0;
  for (const row of r.ratings) {
    let any = false;
    row.forEach((v, u) => {
      const i = v === null || v === undefined ? undefined : index.get(v);
      if (i === undefined) return;
      counts[i]++;
      rated[u] = 1;
      any = true;
    });
    if (any) raters++;
  }
  return { system: r.system, field, categories: categories.map(String), counts, ratings: counts.reduce((a, b) => a + b, 0), units: rated.reduce((a, b) => a + b, 0), raters };
}
