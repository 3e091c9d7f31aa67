/**
 * The intermediate representation every importer produces and the one loader
 * (lib/import/load-corpus.ts) writes to the database in a single transaction.
 *
 * Conventions:
 * - Offsets are JavaScript string indices (UTF-16 code units) into the stored
 *   text, start inclusive, end exclusive. Chinese text in the BMP is therefore
 *   one unit per character.
 * - Every record carries a stable `externalId` derived from the file content
 *   (not from a counter over the upload), so re-importing a file updates
 *   instead of duplicating.
 * - Stored text is exactly the text of the file after BOM removal and line-end
 *   normalisation of record separators; nothing inside a text cell is altered.
 */

export type NormalisedPos = "NOUN" | "VERB" | "ADJ" | "ADV" | "OTHER";

export type RealisationPattern =
  | "DIRECT"
  | "PARAPHRASE"
  | "DISTRIBUTED"
  | "IMPLICIT"
  | "PARTIAL"
  | "OMISSION";

export type MetahopeCategory = "IMP" | "RAM" | "MIS" | "STL" | "PRF";
/** Penalty points; 0 means "no error" and is never stored as an error span. */
export type MetahopeSeverity = 2 | 4 | 6 | 8 | 10;

export interface Span {
  start: number;
  end: number;
}

export interface ImportedMrw {
  externalId: string;
  /** One or more character spans in the segment text (multi-word MRWs may be discontinuous). */
  spans: Span[];
  token: string;
  lemma?: string;
  rawPos?: string;
  pos: NormalisedPos;
  /** e.g. indirect/direct/implicit, MFlag, mrw */
  type?: string;
  /** conventional/novel/… */
  subtype?: string;
  /** VUAMC DELMET */
  deliberate?: boolean;
  gloss?: string;
  /** Content words (N, V, ADJ, ADV) are active by default; function words are kept but inactive. */
  active: boolean;
  /** Whether the MRW is metaphorical (true) or a literal use (false) — MOH-style corpora label both. */
  metaphorical: boolean;
}

export interface ImportedSegment {
  externalId: string;
  /** 0-based position in the document */
  index: number;
  text: string;
  language: string;
  split?: "pilot" | "test";
  /** true when the segment contains at least one metaphorical MRW (or the corpus says so) */
  metaphorical: boolean;
  mrws: ImportedMrw[];
  /** item texts by role (a scheme field's `{role}` scope); Tropos JSONL only */
  texts?: Record<string, string>;
  /** named item lists and item gold values (`{"candidates": […], "answer": "b"}`); Tropos JSONL only */
  lists?: Record<string, AnnotationValue>;
  /** 1-based line in the source file where this segment begins (for error messages) */
  line?: number;
}

export interface ImportedDocument {
  externalId: string;
  title?: string;
  language: string;
  genre?: string;
  split?: "pilot" | "test";
  segments: ImportedSegment[];
}

export interface ImportedTranslation {
  /** segment externalId */
  segmentId: string;
  system: string;
  language: string;
  text: string;
  line?: number;
}

export interface ImportedAlignment {
  segmentId: string;
  mrwId: string;
  system: string;
  /** the translation's language, where the segment has the system's output in several */
  language?: string;
  spans: Span[];
  pattern: RealisationPattern;
}

/** One annotator's value for one field of one item (MMTE labels, Likert scores, or imported spreadsheet values). */
export interface ImportedAnnotation {
  annotator: string; // email or name as it appears in the file
  segmentId: string;
  system?: string;
  /** the translation's language, where the segment has the system's output in several */
  language?: string;
  mrwId?: string;
  /** the item text a `{role}`-scope field is anchored to (projects that run their own scheme) */
  role?: string;
  field: string; // e.g. FLUENCY, EQUIVALENCE, EMOTION, AUTHENTICITY, METAHOPE_IMP
  /** spreadsheet files give strings/numbers; Tropos JSONL may carry structured values (ALIGNMENT, METAHOPE_ERRORS) */
  value: AnnotationValue;
  line?: number;
}

export interface ImportedErrorSpan {
  annotator: string;
  segmentId: string;
  system: string;
  /** the translation's language, where the segment has the system's output in several */
  language?: string;
  /** undefined for sentence-level errors */
  mrwId?: string;
  /** MetaHOPE's five on the built-in fields; a variant's span field may list more (checked by the loader) */
  category: string;
  severity: MetahopeSeverity;
  /** empty span (start === end) for omissions */
  span: Span;
  comment?: string;
  line?: number;
}

/** A post-edit's kind: MMTE's figurative and literal ones (B.5), MetaHOPE's reference (its "Human Gold Standard"). */
export type ImportedEditKind = "figurative" | "literal" | "reference";

export interface ImportedPostEdit {
  annotator: string;
  segmentId: string;
  /** system the edit started from, when known */
  system?: string;
  text: string;
  kind: ImportedEditKind;
  language: string;
  /** 1-based line in the source file (for error messages) */
  line?: number;
}

/** Any JSON value (Annotation.value / Adjudication.value are jsonb). */
export type AnnotationValue = string | number | boolean | null | AnnotationValue[] | { [key: string]: AnnotationValue };

/** A final (adjudicated) value of one field of one item; only Tropos JSONL carries these. */
export interface ImportedAdjudication {
  segmentId: string;
  system?: string;
  /** the translation's language, where the segment has the system's output in several */
  language?: string;
  mrwId?: string;
  role?: string;
  field: string;
  value: AnnotationValue;
  rationale: string;
  /** adjudicator email or name; absent when accepted automatically */
  adjudicator?: string;
  automatic: boolean;
  line?: number;
}

/** An approved gold reference translation with its provenance; only Tropos JSONL carries these. */
export interface ImportedGoldReference {
  segmentId: string;
  language: string;
  kind: ImportedEditKind;
  text: string;
  /** the MT system whose output became the reference, when it came from one */
  sourceSystem?: string;
  /** annotator (email/name) of the post-edit it came from, with sourceKind = that post-edit's kind */
  sourcePostEditAnnotator?: string;
  sourcePostEditKind?: ImportedEditKind;
  approvedBy?: string;
  line?: number;
}

/** One annotator's finished work on one item (segment). */
export interface ImportedCompletion {
  annotator: string;
  /** segment externalId */
  segmentId: string;
}

/** An automatic metric's score of one translation (issue 19 point 2), computed elsewhere. */
export interface ImportedMetricScore {
  /** segment externalId */
  segmentId: string;
  system: string;
  /** default: the project's target language */
  language?: string;
  metric: string;
  value: number;
  line?: number;
}

export interface ImportIssue {
  file: string;
  line?: number;
  column?: number | string;
  field?: string;
  message: string;
}

export interface ImportResult {
  documents: ImportedDocument[];
  translations: ImportedTranslation[];
  alignments: ImportedAlignment[];
  annotations: ImportedAnnotation[];
  errorSpans: ImportedErrorSpan[];
  postEdits: ImportedPostEdit[];
  /** Optional (older producers omit them): adjudicated values and gold references (Tropos JSONL only). */
  adjudications?: ImportedAdjudication[];
  goldReferences?: ImportedGoldReference[];
  /**
   * Items whose work the file brings finished, per annotator: they count as submitted (progress,
   * and MetaHOPE's "reviewed, no error" = penalty 0, lib/import/metahope-reviews.ts). A format that
   * knows what it covers says so (a MetaHOPE workbook: every sentence of the sheet); absent, it is
   * derived from the annotator rows the file carries (lib/import/completions.ts).
   */
  completed?: ImportedCompletion[];
  /** Automatic metric scores per translation (metric score files only). */
  metricScores?: ImportedMetricScore[];
  /** Fatal: when non-empty nothing of the file is stored. Capped (see MAX_ERRORS). */
  errors: ImportIssue[];
  /** Non-fatal oddities reported per row (real-world mess). */
  warnings: ImportIssue[];
}

export const MAX_ERRORS = 100;

export function emptyImportResult(): ImportResult {
  return {
    documents: [],
    translations: [],
    alignments: [],
    annotations: [],
    errorSpans: [],
    postEdits: [],
    errors: [],
    warnings: [],
  };
}
