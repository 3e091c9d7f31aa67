/**
 * Detail of one MMTE field for one system, for the dashboard: the pairwise
 * Cohen's κ matrix of its annotators and the confusion matrix of a chosen pair
 * (rows = first annotator, columns = second), over the field's full category list.
 */
import { confusionMatrix, pairwiseCohenMatrix, type KappaWeights } from "@/lib/agreement";
import type { TMmteAgreementField } from "./mmte-agreement-fields";
import { isNominalMmteField, mmteCategories, type TMmteRatings } from "./mmte-ratings";

export interface TMmteFieldDetail {
  system: string;
  field: TMmteAgreementField;
  annotators: string[];
  units: number;
  weights: KappaWeights;
  kappa: (number | null)[][];
  pair: [number, number] | null;
  confusion: { categories: string[]; counts: number[][]; n: number } | null;
}

export function mmteFieldDetail(r: TMmteRatings, emails: ReadonlyMap<string, string>, opts: { weights?: KappaWeights; pair?: [number, number] } = {}): TMmteFieldDetail {
  const categories = mmteCategories(r.field);
  const weights = isNominalMmteField(r.field) ? "unweighted" : (opts.weights ?? "quadratic");
  const m = pairwiseCohenMatrix(r.ratings, { weights, categories });
  const k = r.annotators.length;
  const pair = k >= 2 ? (opts.pair && opts.pair[0] < k && opts.pair[1] < k && opts.pair[0] !== opts.pair[1] ? opts.pair : ([0, 1] as [number, number])) : null;
  const cm = pair ? confusionMatrix(r.ratings[pair[0]], r.ratings[pair[1]], { categories }) : null;
  return {
    system: r.system,
    field: r.field,
    annotators: r.annotators.map((a) => emails.get(a) ?? a),
    units: r.units.length,
    weights,
    kappa: m.values,
    pair,
    confusion: cm ? { categories: cm.categories.map(String), counts: cm.counts, n: cm.n } : null,
  };
}
