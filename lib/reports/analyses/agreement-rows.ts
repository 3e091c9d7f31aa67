/**
 * The named analyses whose rows take the place of every field's agreement figures in the agreement
 * export (`tropos export --what agreement`, GET …/reports/agreement) when the scheme lists one and
 * it binds to the scheme's fields. The runtime (lib/reports/scheme-runtime-figures.ts) asks this
 * registry and names no analysis itself; adding such an analysis means adding its entry here.
 * Today one: `papers.agreement-export` (paper/papers-agreement-export.ts), the rows the MMTE and
 * MetaHOPE papers' scripts read. Its rows are computed from the paper analyses' report rows
 * (lib/db/reports/paper-input.ts), which the runtime reads for it. Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TAgreementFigure } from "../agreement-figure";
import type { TAgreementOptions } from "../agreement-options";
import type { TReportData } from "../report-input";
import { PAPERS_AGREEMENT_ROWS } from "./paper/papers-agreement-export";

export interface TAgreementRowsAnalysis {
  name: string;
  /** every field it reads is one its code reads right (else the generic figures are exported) */
  binds(def: TSchemeDefinition): boolean;
  /** its rows, the annotators' (the models' figures follow them, as for the generic figures) */
  rows(data: TReportData, opts: TAgreementOptions): TAgreementFigure[];
}

const AGREEMENT_ROWS_ANALYSES: readonly TAgreementRowsAnalysis[] = [PAPERS_AGREEMENT_ROWS];

/** The listed analysis whose rows the agreement export gives instead of every field's; null: the generic figures. */
export function agreementRowsAnalysisOf(def: TSchemeDefinition): TAgreementRowsAnalysis | null {
  return AGREEMENT_ROWS_ANALYSES.find((a) => def.analyses.includes(a.name) && a.binds(def)) ?? null;
}
