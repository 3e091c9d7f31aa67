/**
 * The whole report of a project as one JSON document a lead can attach to a
 * paper's supplement: what was computed, under which conventions, from which
 * data, and every figure and table.
 */
import type { TAgreementFigure } from "./agreement-figure";
import { AGREEMENT_CONVENTIONS } from "./agreement-conventions";
import type { TScoreTables } from "./score-tables";

export interface TFullReport {
  tropos: { report: "agreement-and-scores"; version: 1 };
  project: { slug: string; name: string; sourceLang: string; targetLang: string };
  generatedAt: string;
  filters: Record<string, unknown>;
  conventions: {
    agreement: typeof AGREEMENT_CONVENTIONS;
    notes: string[];
  };
  agreement: TAgreementFigure[];
  scores: TScoreTables;
}

export function buildFullReport(input: {
  project: TFullReport["project"];
  filters: Record<string, unknown>;
  figures: TAgreementFigure[];
  scores: TScoreTables;
  now?: Date;
}): TFullReport {
  return {
    tropos: { report: "agreement-and-scores", version: 1 },
    project: input.project,
    generatedAt: (input.now ?? new Date()).toISOString(),
    filters: input.filters,
    conventions: {
      agreement: AGREEMENT_CONVENTIONS,
      notes: [
        "exact_agreement is a percentage of the units every annotator coded.",
        "cohen_kappa with kappaCategories 'observed' weights the positions of the values observed (sklearn labels=None); 'scale' uses the field's full ordered scale.",
        "MetaHOPE units are MRW instances (translation × active MRW); an annotator who reviewed a translation without marking an error there has penalty 0, one who did not review it is missing.",
        "A value of null means undefined; 'reason' says why.",
        "Score tables: " + input.scores.sourceDescription,
      ],
    },
    agreement: input.figures,
    scores: input.scores,
  };
}
