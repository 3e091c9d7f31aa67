/**
 * What the dashboard shows of a scheme-runtime project's paper tables (scheme-paper-tables.ts):
 * the notes, MetaHOPE tables 3–4 as summary rows under the chosen convention, the score tables
 * with the extra categories' columns, and whether MMTE figures 3–5 were computed. Pure, so the
 * dashboard (app/projects/[slug]/dashboard/scheme-dashboard.tsx) and its tests build the same.
 */
import { findConvention, type TAgreementConvention } from "../../agreement-conventions";
import { metahopeSummary, type TMetahopeSummaryRow } from "./dashboard-summary";
import { figureIncludes } from "../../figure-includes";
import type { TScoreTables } from "./score-tables";
import type { TSchemePaperDashboard } from "./paper-dashboard";
import type { TSchemePaperTables } from "./paper-tables";
import { MMTE_DISPLAY, type TMmteDisplay } from "./mmte-display";

/**
 * The one dashboard's parts around the tables (scheme-paper-dashboard.ts): the MMTE agreement and
 * its field detail, the rating distributions, figures 6 and 7, the options they were computed
 * under, and what each figure includes, in words (figure-includes.ts).
 */
export type TSchemePaperDashboardView = Omit<TSchemePaperDashboard, "paper"> & {
  includes: {
    metahope: string;
    mmte: string;
    /** figures 3–5: the annotators' labels, one per annotator and MRW instance */
    labels: string;
  };
};

export interface TSchemePaperView {
  notes: string[];
  /** null when metahope.tables3-6 is not computed */
  metahope: TMetahopeSummaryRow[] | null;
  extraCategories: string[];
  scores: TScoreTables | null;
  mmteFigures: boolean;
  /** the names MMTE's charts give its fields and labels */
  mmteDisplay: TMmteDisplay;
  /** the agreement convention the summary tables are under (their headers name its α level and κ weights) */
  convention: TAgreementConvention;
  /** on the dashboard (schemePaperDashboardViewOf); absent where only the tables are laid out */
  dashboard?: TSchemePaperDashboardView;
}

export function schemePaperViewOf(paper: TSchemePaperTables, convention?: string): TSchemePaperView {
  const bound = (name: string) => paper.analyses.some((a) => a.name === name && a.bound);
  const c = findConvention(convention);
  return {
    notes: paper.notes,
    metahope: bound("metahope.tables3-6") ? metahopeSummary(paper.metahopeAgreement, c) : null,
    extraCategories: paper.extraCategories.map((x) => x.category),
    scores: paper.scores,
    mmteFigures: bound("mmte.figures3-5"),
    mmteDisplay: MMTE_DISPLAY,
    convention: c,
  };
}

/** The dashboard's view of the paper analyses: the tables under the query's convention, and everything around them. */
export function schemePaperDashboardViewOf(d: TSchemePaperDashboard): TSchemePaperView {
  const { paper, ...rest } = d;
  const q = d.query;
  const filter = { split: q.split, systems: q.systems, language: q.language };
  const labels = `every annotator's saved label (imported, submitted or still in progress), one per annotator and MRW instance; ${q.annotator ? `annotator ${q.annotator} only` : q.adjudicated ? "an adjudicated value replaces the annotators' labels of its instance" : "adjudicated values not used"}`;
  return {
    ...schemePaperViewOf(paper, q.convention),
    dashboard: { ...rest, includes: { metahope: figureIncludes("metahope", filter), mmte: figureIncludes("mmte", filter), labels } },
  };
}
