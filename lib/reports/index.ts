/**
 * Reports of a project: agreement figures and score tables, computed from the
 * stored values of the project's scheme with lib/agreement and lib/scoring. The pure functions
 * (computeAgreementFigures, computeScoreTables) take plain rows; these entry points fetch the
 * rows of one project first, as the paper tables read them (lib/db/reports/paper-input.ts).
 * Conventions are documented in ./README.md.
 */
import type { Db } from "@/lib/db/client";
import { getPaperReportData } from "@/lib/db/reports/paper-input";
import { getMetricScores } from "@/lib/db/reports/metric-scores";
import { getPgPool } from "@/lib/db/pg-pool";
import { computeScoreTables, computeScoreTablesOf, type TScoreTables } from "./analyses/paper/score-tables";
import { languageComparisonOf, reportLanguagesOf, type TLanguageQuality } from "./analyses/paper/language-comparison";
import { buildReportIndex } from "./report-index";
import type { TAgreementFigure } from "./agreement-figure";
import type { TAgreementOptions } from "./agreement-options";
import { papersAgreementRows } from "./analyses/paper/papers-agreement-export";
import type { TScoreOptions } from "./score-options";

export type { TAgreementFigure } from "./agreement-figure";
export type { TAgreementOptions } from "./agreement-options";
export type { TScoreOptions } from "./score-options";
export type { TScoreTables } from "./analyses/paper/score-tables";
export { ZAgreementFigure, AGREEMENT_FIGURE_COLUMNS } from "./agreement-figure";
export { computeAgreementFigures } from "./analyses/paper/agreement-figures";
export { computeScoreTables } from "./analyses/paper/score-tables";
export { AGREEMENT_CONVENTIONS, findConvention } from "./agreement-conventions";

/** The papers' agreement figures of a project (the rows of the named analysis papers.agreement-export). */
export async function getAgreementFigures(db: Db, projectId: string, opts: TAgreementOptions = {}): Promise<TAgreementFigure[]> {
  return papersAgreementRows(await getPaperReportData(db, projectId, { withTranslationText: false }), opts);
}

/**
 * MetaHOPE tables 5–6 and MMTE table 3 (+ figures 3–5) of a project, with its imported metric
 * columns; of one language pair (`opts.language`, else the first) in a study over several.
 */
export async function getScoreTables(db: Db, projectId: string, opts: TScoreOptions = {}): Promise<TScoreTables> {
  const [data, metrics] = await Promise.all([getPaperReportData(db, projectId), getMetricScores(getPgPool(), projectId)]);
  const languages = reportLanguagesOf(data);
  return computeScoreTables(data, languages.length > 1 && !opts.language ? { ...opts, language: languages[0] } : opts, metrics);
}

/**
 * The score tables of every language pair of a project (one entry, language null, for a project
 * with one target language), and MMTE figure 7's comparison of the pairs when there are several.
 */
export async function getScoreTablesByLanguage(db: Db, projectId: string, opts: TScoreOptions = {}): Promise<{ tables: { language: string | null; tables: TScoreTables }[]; comparison: TLanguageQuality[] | null }> {
  const [data, metrics] = await Promise.all([getPaperReportData(db, projectId), getMetricScores(getPgPool(), projectId)]);
  const languages = reportLanguagesOf(data);
  if (languages.length < 2) return { tables: [{ language: null, tables: computeScoreTables(data, opts, metrics) }], comparison: null };
  const ix = buildReportIndex(data);
  return {
    tables: languages.map((language) => ({ language, tables: computeScoreTablesOf(ix, { ...opts, language }, metrics) })),
    comparison: languageComparisonOf(ix, opts, languages),
  };
}
