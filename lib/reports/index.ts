/**
 * Reports of a project: agreement figures and score tables, computed from the
 * stored annotations with lib/agreement and lib/scoring. The pure functions
 * (computeAgreementFigures, computeScoreTables) take plain rows; these two
 * entry points fetch the rows of one project first (lib/db/report-data.ts).
 * Conventions are documented in ./README.md.
 */
import type { Db } from "@/lib/db/client";
import { getReportData } from "@/lib/db/report-data-cache";
import { getMetricScores } from "@/lib/db/metric-scores";
import { getPgPool } from "@/lib/db/pg-pool";
import type { TAgreementFigure } from "./agreement-figure";
import { computeAgreementFigures } from "./agreement-figures";
import type { TAgreementOptions } from "./agreement-options";
import { computeScoreTables, type TScoreTables } from "./score-tables";
import type { TScoreOptions } from "./score-options";

export type { TAgreementFigure } from "./agreement-figure";
export type { TAgreementOptions } from "./agreement-options";
export type { TScoreOptions } from "./score-options";
export type { TScoreTables } from "./score-tables";
export { ZAgreementFigure, AGREEMENT_FIGURE_COLUMNS } from "./agreement-figure";
export { computeAgreementFigures } from "./agreement-figures";
export { computeScoreTables } from "./score-tables";
export { AGREEMENT_CONVENTIONS, findConvention } from "./agreement-conventions";

/** The flat agreement figures of a project (what `tropos export --what agreement` prints). */
export async function getAgreementFigures(db: Db, projectId: string, opts: TAgreementOptions = {}): Promise<TAgreementFigure[]> {
  return computeAgreementFigures(await getReportData(db, projectId, { withTranslationText: false }), opts);
}

/** MetaHOPE tables 5–6 and MMTE table 3 (+ figures 3–5) of a project, with its imported metric columns. */
export async function getScoreTables(db: Db, projectId: string, opts: TScoreOptions = {}): Promise<TScoreTables> {
  const [data, metrics] = await Promise.all([getReportData(db, projectId), getMetricScores(getPgPool(), projectId)]);
  return computeScoreTables(data, opts, metrics);
}
