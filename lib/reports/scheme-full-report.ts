/**
 * The whole report of a project running its own scheme as one JSON document (the
 * scheme-runtime counterpart of full-report.ts): which scheme version it was
 * computed under (with its definition), the conventions in words, every
 * agreement and accuracy figure, the value distributions and the progress.
 */
import type { TAgreementFigure } from "./agreement-figure";
import type { TSchemeReport } from "./scheme-report";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

export interface TSchemeFullReport {
  tropos: { report: "scheme-report"; version: 1 };
  project: { slug: string; name: string; sourceLang: string; targetLang: string };
  generatedAt: string;
  filters: Record<string, unknown>;
  scheme: TSchemeReport["scheme"] & { definition: TSchemeDefinition };
  notes: string[];
  fields: TSchemeReport["fields"];
  agreement: TAgreementFigure[];
  accuracy: TAgreementFigure[];
  distributions: TSchemeReport["distributions"];
  progress: TSchemeReport["progress"];
  /** the named analyses the scheme lists (emos.metrics, cr-st.accuracy, meta4xnli.detection / .interpretation) */
  analyses: TSchemeReport["analyses"];
}

export function buildSchemeFullReport(input: { project: TSchemeFullReport["project"]; filters: Record<string, unknown>; report: TSchemeReport; definition: TSchemeDefinition; now?: Date }): TSchemeFullReport {
  const { report } = input;
  return {
    tropos: { report: "scheme-report", version: 1 },
    project: input.project,
    generatedAt: (input.now ?? new Date()).toISOString(),
    filters: input.filters,
    scheme: { ...report.scheme, definition: input.definition },
    notes: [
      "Every field's statistics follow from its measurement level: Krippendorff's alpha at that level and every level below; Fleiss' kappa for nominal fields when every unit has the same number of raters; Cohen's kappa per annotator pair (linear and quadratic weights too for ordinal and up, over the field's whole scale or option order); Pearson's r for interval and ratio.",
      "exact_agreement and accuracy are percentages; exact agreement is over the units every annotator coded, accuracy over the values whose unit has a gold value.",
      "Units are the field's items (segment, translation, MRW, MRW instance, document or role text) with system 'all' pooling every system; a tags field's units are its tokens, a vector's dimensions are figures of their own (field.dimension).",
      "A value of null means undefined; 'reason' says why. 'includes' says which annotations a figure rests on.",
    ],
    fields: report.fields,
    agreement: report.figures.filter((f) => f.statistic !== "accuracy"),
    accuracy: report.figures.filter((f) => f.statistic === "accuracy"),
    distributions: report.distributions,
    progress: report.progress,
    analyses: report.analyses,
  };
}
