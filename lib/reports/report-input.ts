/**
 * The plain rows every report is computed from: what `lib/db/reports/report-data.ts`
 * reads from the database, already scoped to one project. Pure types, no
 * database or framework imports, so the report functions can be tested on
 * hand-written arrays.
 */
import type { TEditKind } from "@/lib/schemes/edit-kinds";
import type { MetahopeCategory } from "@/lib/import/types";
import type { TMmteExtraLabels } from "@/lib/scoring/mmte-scores";

export type TSplitName = "PILOT" | "TEST";

export interface TReportAnnotator {
  id: string;
  email: string;
}

export interface TReportSystem {
  id: string;
  name: string;
}

export interface TReportSegment {
  id: string;
  externalId: string;
  split: TSplitName | null;
  /** the source sentence contains a metaphor (MMTE group METAPHORICAL vs LITERAL) */
  metaphorical: boolean;
}

export interface TReportMrw {
  id: string;
  segmentId: string;
  token: string;
  metaphorical: boolean;
  /** content words; only active MRWs are MetaHOPE agreement units and MMTE MRW items */
  active: boolean;
}

export interface TReportTranslation {
  id: string;
  segmentId: string;
  systemId: string;
  /** the target language (a project may hold several: EN→ZH and EN→IT of the same sources) */
  language: string;
  /** only needed for BLEU/ROUGE against gold references; may be "" when not fetched */
  text: string;
}

/** One Annotation row (MMTE fields and the METAHOPE_ERRORS "reviewed" marker). */
export interface TReportAnnotation {
  annotatorId: string;
  segmentId: string;
  translationId: string | null;
  mrwId: string | null;
  field: string;
  value: unknown;
}

/** One non-deleted MetaHOPE ErrorSpan, severity already turned into its penalty. */
export interface TReportErrorSpan {
  annotatorId: string;
  translationId: string;
  /** null = sentence-level error */
  mrwId: string | null;
  /** one of the paper's five (MetahopeCategory), or under the scheme runtime a category a variant adds */
  category: string;
  penalty: number;
}

export interface TReportAdjudication {
  segmentId: string;
  translationId: string | null;
  mrwId: string | null;
  field: string;
  value: unknown;
  automatic: boolean;
}

export interface TReportGoldReference {
  segmentId: string;
  language: string;
  /** MMTE's FIGURATIVE and LITERAL, MetaHOPE's REFERENCE (lib/schemes/edit-kinds.ts) */
  kind: TEditKind;
  text: string;
}

/** Who reviewed which MetaHOPE translation (see `metahope-coverage.ts`). */
export interface TMetahopeCoverageInput {
  /** DONE METAHOPE assignments: annotator × segment */
  doneAssignments: { annotatorId: string; segmentId: string }[];
  /** annotators holding at least one METAHOPE assignment in the project */
  annotatorsWithAssignments: string[];
  /** annotators with at least one imported ErrorSpan (externalId set), deleted or not */
  annotatorsWithImportedSpans: string[];
  /** annotators with an ErrorSpan that was deleted (they worked on MetaHOPE even if nothing is left) */
  annotatorsWithDeletedSpans: string[];
}

export interface TReportData {
  /** targetLangs: every target language, the primary (targetLang) first; absent in older stored copies */
  project: { id: string; sourceLang: string; targetLang: string; targetLangs?: string[] };
  annotators: TReportAnnotator[];
  systems: TReportSystem[];
  segments: TReportSegment[];
  mrws: TReportMrw[];
  translations: TReportTranslation[];
  annotations: TReportAnnotation[];
  errorSpans: TReportErrorSpan[];
  adjudications: TReportAdjudication[];
  goldReferences: TReportGoldReference[];
  metahopeCoverage: TMetahopeCoverageInput;
  /** labels a variant of the MMTE scheme adds (scheme runtime only, scheme-paper-data.ts): figures 3 and 5 show them; absent for the preset */
  mmteExtraLabels?: TMmteExtraLabels;
}

/** Filters shared by the agreement figures and the score tables. */
export interface TReportFilter {
  split?: TSplitName;
  /** system names; all when absent or empty */
  systems?: string[];
  /** one target language (its translations only); every language when absent */
  language?: string;
}

export const METAHOPE_ADJUDICATION_FIELDS = {
  IMP: "METAHOPE_IMP",
  RAM: "METAHOPE_RAM",
  MIS: "METAHOPE_MIS",
  STL: "METAHOPE_STL",
  PRF: "METAHOPE_PRF",
} as const satisfies Record<MetahopeCategory, string>;
