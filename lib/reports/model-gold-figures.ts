/**
 * Models as raters against gold (issue 15 point 5): each model's accuracy against the field's gold
 * (the item's value for `gold: {from: "item"}`, CR-ST's answer; the adjudicated value otherwise),
 * per system and pooled, and for BIO tags fields its precision, recall and F1 per token and per
 * span, computed by the very functions that give the annotators' (scheme-gold.ts,
 * scheme-tags-f1.ts) over the model's latest suggestion per unit (lib/db/models/latest-suggestions.ts).
 * Each figure names the model in `annotator` ("endpoint:model") and carries `rater: "model"`, so
 * a reader of the agreement export never takes it for a person. No pooled or mean rows: a model
 * is never averaged with the annotators. A failed unit is missing, not wrong. Pure.
 */
import type { TAgreementFigure } from "./agreement-figure";
import type { TSchemeValueRow } from "./scheme-agreement";
import { schemeAccuracyFigures, type TSchemeGold } from "./scheme-gold";
import { schemeTagsF1Figures } from "./scheme-tags-f1";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

/** `modelRows`: one row per model, unit and field, `annotator` the model's rater name. */
export function modelGoldFigures(def: TSchemeDefinition, modelRows: readonly TSchemeValueRow[], gold: TSchemeGold): TAgreementFigure[] {
  const accuracy = schemeAccuracyFigures(def, modelRows, gold).filter((f) => f.statistic === "accuracy" && f.annotator !== undefined);
  const tags = schemeTagsF1Figures(def, modelRows, gold.bySegment);
  return [...accuracy, ...tags].map((f) => ({ ...f, rater: "model" as const }));
}
