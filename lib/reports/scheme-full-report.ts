/**
 * The whole report of a project running its own scheme as one JSON document (the
 * scheme-runtime counterpart of full-report.ts): which scheme version it was
 * computed under (with its definition), the conventions in words, every
 * agreement and accuracy figure, the value distributions and the progress, and
 * the rows of the scheme's named analyses (EMOS, CR-ST) exactly as
 * `tropos export --what scores` gives them (scheme-score-rows.ts).
 */
import type { TAgreementFigure } from "./agreement-figure";
import type { TSchemeReport } from "./scheme-report";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { schemeScoreRows, type TSchemeScoreRow } from "./scheme-score-rows";
import type { TSchemePaperTables } from "./analyses/paper/paper-tables";
import type { TModelAgreementRow } from "@/lib/models/model-agreement";

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
  /** the named analyses' rows (`export --what scores`), present when the scheme lists one */
  scores?: TSchemeScoreRow[];
  /** the EMOS weights the scores were computed with (the project's, else the paper's) */
  emosWeights?: { vss: number; lmr: number; edr: number };
  /** the named analyses the scheme lists (emos.metrics, cr-st.accuracy, meta4xnli.detection / .interpretation) */
  analyses: TSchemeReport["analyses"];
  /** the paper tables the scheme lists (MMTE table 3 and figures 3–5, MetaHOPE tables 3–6), bound to its fields by id; a missing field is named in `notes` */
  paperTables?: TSchemePaperTables;
  /** the target languages of the project's translations; with several, the report is of `filters.language` */
  languages: string[];
  /** models beside the annotators: the rows of `tropos export --what model-agreement`, present when a model suggested values */
  models?: TModelAgreementRow[];
}

export function buildSchemeFullReport(input: {
  project: TSchemeFullReport["project"];
  filters: Record<string, unknown>;
  report: TSchemeReport;
  definition: TSchemeDefinition;
  /** segment id → external id, for the score rows */
  externalIdOf?: (segmentId: string) => string;
  /** lib/db/reports/paper-input.ts, when the scheme lists a paper analysis */
  paper?: TSchemePaperTables;
  /** the models' rows beside the annotators (lib/db/reports/model-agreement-data.ts) */
  models?: TModelAgreementRow[];
  now?: Date;
}): TSchemeFullReport {
  const { report } = input;
  const analyses = Object.values(report.analyses).some(Boolean);
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
      ...(report.languages.length > 1 ? [`The project's translations are in ${report.languages.length} target languages (${report.languages.join(", ")}); this report is of "${report.filter.language}" (?language= picks another). A value not about a translation counts in every language its item has a translation in.`] : []),
      ...(input.models?.length ? ["'models' holds each model's Cohen's kappa and exact agreement with every annotator, alpha with and without it, and its accuracy against gold (`tropos export --what model-agreement`); a model never counts as an annotator."] : []),
      ...(analyses ? ["'scores' holds the rows of the scheme's named analyses as `tropos export --what scores` gives them: EMOS metrics 0-1 (per translation, system, document; models beside the humans), CR-ST accuracy as a percentage per annotator, mean and model, by subset, with Fleiss' kappa over candidate positions and the wrong candidates chosen, MQM per segment, system and category with pairwise significance, Meta4XNLI's kappas, P/R/F1 and NLI accuracy by role."] : []),
      ...(input.paper?.notes ?? []),
    ],
    fields: report.fields,
    agreement: report.figures.filter((f) => f.statistic !== "accuracy"),
    accuracy: report.figures.filter((f) => f.statistic === "accuracy"),
    distributions: report.distributions,
    progress: report.progress,
    ...(analyses ? { scores: schemeScoreRows(report, input.externalIdOf ?? ((id) => id)) } : {}),
    ...(report.analyses.emos ? { emosWeights: report.analyses.emos.weights } : {}),
    analyses: report.analyses,
    ...(input.paper ? { paperTables: input.paper } : {}),
    languages: report.languages,
    ...(input.models?.length ? { models: input.models } : {}),
  };
}
