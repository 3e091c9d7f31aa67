/**
 * What the dashboard shows of a scheme-runtime project's paper tables (scheme-paper-tables.ts):
 * the notes, MetaHOPE tables 3–4 as summary rows under the chosen convention, the score tables
 * with the extra categories' columns, and whether MMTE figures 3–5 were computed. Pure, so the
 * page (app/projects/[slug]/dashboard/scheme-paper-section.tsx) and its tests build the same.
 */
import { findConvention } from "./agreement-conventions";
import { metahopeSummary, type TMetahopeSummaryRow } from "./dashboard-summary";
import type { TScoreTables } from "./score-tables";
import type { TSchemePaperTables } from "./scheme-paper-tables";

export interface TSchemePaperView {
  notes: string[];
  /** null when metahope.tables3-6 is not computed */
  metahope: TMetahopeSummaryRow[] | null;
  extraCategories: string[];
  scores: TScoreTables | null;
  mmteFigures: boolean;
}

export function schemePaperViewOf(paper: TSchemePaperTables, convention?: string): TSchemePaperView {
  const bound = (name: string) => paper.analyses.some((a) => a.name === name && a.bound);
  return {
    notes: paper.notes,
    metahope: bound("metahope.tables3-6") ? metahopeSummary(paper.metahopeAgreement, findConvention(convention)) : null,
    extraCategories: paper.extraCategories.map((c) => c.category),
    scores: paper.scores,
    mmteFigures: bound("mmte.figures3-5"),
  };
}
