/**
 * The flat agreement figure: one object per (scheme, system, field, statistic,
 * level/weights, annotator or pair). `getAgreementFigures` returns an array of
 * these and `tropos export --what agreement --format json` prints it.
 *
 * Extensions of the issue's shape, all optional: `annotators` (the pair, for
 * pairwise κ and r when a field has more than two annotators), `label` (per-
 * label Fleiss' κ), `language` (figures over one language's items, when a project's items are in
 * several), `kappaCategories` (which category list weighted κ used),
 * `reason` (why `value` is null), `ci95` (bootstrap interval, when asked),
 * `raters` (how many annotators' values it rests on; `n` is the units) and
 * `note` (why it is missing or unstable, in words: figure-note.ts) and
 * `includes` (which annotations it rests on, in words: figure-includes.ts).
 * `exact_agreement` is a percentage (0–100), as MetaHOPE prints it; so is
 * `accuracy` (scheme runtime only: an annotator's values equal to the field's
 * gold, `annotator` named, or every annotator's pooled without one). A model's
 * figures (its accuracy against gold, its tags' precision/recall/F1) carry
 * `rater: "model"` with `annotator` naming it (model-gold-figures.ts).
 */
import { z } from "zod";

export const AGREEMENT_STATISTICS = ["krippendorff_alpha", "cohen_kappa", "pearson_r", "exact_agreement", "total", "fleiss_kappa", "accuracy", "mean_accuracy", "precision", "recall", "f1"] as const;
export const ALPHA_LEVELS = ["nominal", "ordinal", "interval", "ratio"] as const;
export const KAPPA_WEIGHTS = ["unweighted", "linear", "quadratic"] as const;

export const ZAgreementFigure = z.object({
  /** the scheme's id (lib/reports/scheme-agreement.ts); "metahope" or "mmte" in the papers' agreement export (lib/reports/analyses/paper/papers-agreement-export.ts) */
  scheme: z.string().min(1),
  system: z.string(),
  field: z.string(),
  statistic: z.enum(AGREEMENT_STATISTICS),
  level: z.enum(ALPHA_LEVELS).optional(),
  weights: z.enum(KAPPA_WEIGHTS).optional(),
  /** weighted-κ category list: the values observed, or the field's full scale */
  kappaCategories: z.enum(["observed", "scale"]).optional(),
  annotator: z.string().optional(),
  annotators: z.tuple([z.string(), z.string()]).optional(),
  label: z.string().optional(),
  /** the items' language, for figures over one language's items (scheme runtime, items in several languages) */
  language: z.string().optional(),
  value: z.number().nullable(),
  n: z.number(),
  reason: z.string().optional(),
  ci95: z.tuple([z.number().nullable(), z.number().nullable()]).optional(),
  ciReason: z.string().optional(),
  /** annotators whose values the figure rests on (2 for a pair's κ and r, 1 for a total) */
  raters: z.number().optional(),
  /** for the reader: why the value is missing, or a small-sample warning (figure-note.ts) */
  note: z.string().optional(),
  /** which annotations the figure rests on (figure-includes.ts) */
  includes: z.string().optional(),
  /** "model": the figure is a model's (`annotator` names it, "endpoint:model"), never a person's (model-gold-figures.ts) */
  rater: z.enum(["model"]).optional(),
});
export type TAgreementFigure = z.infer<typeof ZAgreementFigure>;

/** Column order of the CSV export (also the order of keys in the JSON objects). */
export const AGREEMENT_FIGURE_COLUMNS = [
  "scheme",
  "system",
  "field",
  "statistic",
  "level",
  "weights",
  "kappaCategories",
  "annotator",
  "rater",
  "annotators",
  "label",
  "language",
  "value",
  "n",
  "reason",
  "ci95",
  "ciReason",
  "raters",
  "note",
  "includes",
] as const;
