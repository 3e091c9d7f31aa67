/**
 * The named analyses whose rows take the place of every field's agreement figures in the agreement
 * export (`tropos export --what agreement`, GET …/reports/agreement) when the scheme lists one and
 * it binds to the scheme's fields. The runtime (scheme-runtime-figures.ts) asks this registry and
 * names no analysis itself; adding such an analysis means adding its entry here.
 *
 * Today one: `papers.agreement-export` (analyses/paper/papers-agreement-export.ts), the rows the
 * MMTE and MetaHOPE papers' scripts read (`scheme` mmte/metahope, Fleiss' κ per label, every α
 * level, Pearson r), computed from the paper analyses' report rows.
 */
import type { Db } from "@/lib/db/client";
import { getPaperReportData } from "@/lib/db/reports/paper-input";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TAgreementFigure } from "./agreement-figure";
import type { TAgreementOptions } from "./agreement-options";
import { computeAgreementFigures } from "./analyses/paper/agreement-figures";
import { reportLanguagesOf } from "./analyses/paper/language-comparison";
import { bindPapersAgreementExport, PAPERS_AGREEMENT_EXPORT } from "./analyses/paper/papers-agreement-export";

export interface TAgreementRowsAnalysis {
  name: string;
  /** every field it reads is one its code reads right (else the generic figures are exported) */
  binds(def: TSchemeDefinition): boolean;
  /** its rows, the annotators' (the models' figures follow them, as for the generic figures) */
  rows(db: Db, projectId: string, opts: TAgreementOptions): Promise<TAgreementFigure[]>;
}

/**
 * The papers' agreement figures of a project. A study over several target languages is reported
 * per language pair: without `opts.language`, the figures of every language, each row carrying its
 * `language`.
 */
export async function getAgreementFigures(db: Db, projectId: string, opts: TAgreementOptions = {}): Promise<TAgreementFigure[]> {
  const data = await getPaperReportData(db, projectId, { withTranslationText: false });
  const languages = reportLanguagesOf(data);
  if (opts.language || languages.length < 2) return computeAgreementFigures(data, opts);
  return languages.flatMap((language) => computeAgreementFigures(data, { ...opts, language }).map((f) => ({ ...f, language })));
}

export const AGREEMENT_ROWS_ANALYSES: readonly TAgreementRowsAnalysis[] = [
  { name: PAPERS_AGREEMENT_EXPORT, binds: (def) => bindPapersAgreementExport(def).bound, rows: getAgreementFigures },
];

/** The listed analysis whose rows the agreement export gives instead of every field's; null: the generic figures. */
export function agreementRowsAnalysisOf(def: TSchemeDefinition): TAgreementRowsAnalysis | null {
  return AGREEMENT_ROWS_ANALYSES.find((a) => def.analyses.includes(a.name) && a.binds(def)) ?? null;
}
