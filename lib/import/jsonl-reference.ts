import type { TJsonlLine } from "@/lib/import/jsonl-schema";

/**
 * The Tropos JSONL format reference shown at /formats/jsonl and linked from the import page: one
 * entry per line type, in the order a file usually has them, each with what it is for and one
 * example line. The examples are typed as lines of the schema (jsonl-schema.ts) and
 * jsonl-reference.test.ts parses them, together, as one file: the reference cannot drift from what
 * the importer accepts, and a new line type without an entry fails that test.
 */
export interface JsonlReferenceEntry {
  type: TJsonlLine["type"];
  /** one sentence: what the line stores */
  what: string;
  /** rules a user trips over (ids, offsets, when a key is needed) */
  notes: readonly string[];
  example: TJsonlLine;
}

// "The economy has run out of steam." — "run out of steam" is characters 16–32 (end exclusive);
// "经济已经失去了动力。" — "失去了动力" is characters 4–9.
export const JSONL_REFERENCE: readonly JsonlReferenceEntry[] = [
  {
    type: "document",
    what: "A source document: the unit annotators read whole and splits are made of.",
    notes: ["externalId is your id; segments point to it with documentId.", "split is optional: pilot or test."],
    example: { type: "document", externalId: "doc-1", title: "Economy news", language: "en", genre: "news", split: "pilot" },
  },
  {
    type: "segment",
    what: "A source sentence of a document, in reading order (index from 0).",
    notes: ["Needs its document line in the same file.", "metaphorical marks a sentence with at least one metaphor (false: a literal control sentence)."],
    example: { type: "segment", documentId: "doc-1", externalId: "doc-1-s1", index: 0, text: "The economy has run out of steam.", language: "en", metaphorical: true },
  },
  {
    type: "mrw",
    what: "A metaphor-related word of a segment, as character spans of the segment's text.",
    notes: [
      "Spans count Unicode code units from 0; end is exclusive.",
      "pos is NOUN, VERB, ADJ, ADV or OTHER (rawPos keeps the corpus's tag); active says whether it enters the analysis.",
    ],
    example: {
      type: "mrw",
      segmentId: "doc-1-s1",
      externalId: "m1",
      spans: [{ start: 16, end: 32 }],
      token: "run out of steam",
      lemma: "run out of steam",
      rawPos: "VBN",
      pos: "VERB",
      mrwType: "indirect",
      subtype: "conventional",
      active: true,
      metaphorical: true,
    },
  },
  {
    type: "translation",
    what: "One MT system's output for a segment in one target language.",
    notes: ["The system is created on first use.", "The language must be one of the project's target languages."],
    example: { type: "translation", segmentId: "doc-1-s1", system: "mt-alpha", language: "zh", text: "经济已经失去了动力。" },
  },
  {
    type: "alignment",
    what: "Where an MRW is realised in a translation (MetaHOPE), with its realisation pattern.",
    notes: ["spans are offsets in the translation's text; OMISSION has none.", "Patterns: DIRECT, PARAPHRASE, DISTRIBUTED, IMPLICIT, PARTIAL, OMISSION."],
    example: { type: "alignment", segmentId: "doc-1-s1", mrwId: "m1", system: "mt-alpha", language: "zh", spans: [{ start: 4, end: 9 }], pattern: "PARAPHRASE" },
  },
  {
    type: "annotation",
    what: "One annotator's value of one field of the project's scheme.",
    notes: [
      "field is a field id of the project's scheme (MMTE: FLUENCY, EQUIVALENCE, …); system and mrwId say what the value is anchored to.",
      "annotator names a member of the project (or an imported rater).",
      "A list of spans (a spans field's value, e.g. METAHOPE_ERRORS under the scheme runtime) names the MRW of a span by mrwId, the MRW's external id in the line's segment, as the full project export writes it; a span naming no MRW of that segment refuses the file.",
    ],
    example: { type: "annotation", annotator: "annotator1@example.org", segmentId: "doc-1-s1", system: "mt-alpha", language: "zh", field: "FLUENCY", value: 4 },
  },
  {
    type: "errorSpan",
    what: "A MetaHOPE error span on a translation: category, severity (penalty) and, for a metaphor-level error, its MRW.",
    notes: ["Categories: IMP, RAM, MIS, STL, PRF, or the labels of the project's span field when it runs its own scheme (a variant may add one, say CUL). Severity is the penalty 2, 4, 6, 8 or 10.", "An omission is an empty span (start = end) at the position of the missing text.", "A project that runs its own scheme (a variant of MetaHOPE) stores the spans as its METAHOPE_ERRORS list per annotator and translation; a category the scheme lacks refuses the file, naming line and field. Importing the same spans again changes nothing: a span replaces the one of the same MRW (or sentence), category and occurrence.", "Reviewed: the sentence is MetaHOPE's unit of review (its annotator reads the source with every system's output). An annotator's span on a sentence (or a MetaHOPE value or reference post-edit there) means they reviewed every translation of it: a translation of that sentence without a span is \"no error\" (penalty 0), not \"not reviewed\", on either runtime. To say an annotator reviewed a sentence and found no error at all, give an annotation line with field METAHOPE_ERRORS and value {\"reviewed\": true} for each translation. A file that gives the METAHOPE_ERRORS lists themselves (as the full project export of a project on the scheme runtime does: an empty list is \"reviewed, no error\") says which translations were reviewed, and nothing is inferred from its other lines."],
    example: { type: "errorSpan", annotator: "annotator1@example.org", segmentId: "doc-1-s1", system: "mt-alpha", language: "zh", mrwId: "m1", category: "STL", severity: 4, span: { start: 4, end: 9 }, comment: "the image of an engine is lost" },
  },
  {
    type: "postEdit",
    what: "An annotator's post-edit of a translation (MMTE: one figurative and one literal).",
    notes: ["kind is figurative, literal or reference.", "A project that runs its own scheme stores it as the value of its edit field of that variant; a kind it has no field for refuses the file."],
    example: { type: "postEdit", annotator: "annotator1@example.org", segmentId: "doc-1-s1", system: "mt-alpha", language: "zh", kind: "figurative", text: "经济已经没了后劲。" },
  },
  {
    type: "adjudication",
    what: "A final value an adjudicator decided (or accepted automatically), with the rationale.",
    notes: ["automatic: true for unanimous values accepted without a person; adjudicator is then absent."],
    example: { type: "adjudication", segmentId: "doc-1-s1", system: "mt-alpha", language: "zh", field: "FLUENCY", value: 4, rationale: "two of three annotators; the third misread the sentence", adjudicator: "adjudicator@example.org", automatic: false },
  },
  {
    type: "goldReference",
    what: "An approved gold translation of a segment, with where it came from.",
    notes: ["sourceSystem, or sourcePostEditAnnotator with sourcePostEditKind, records the provenance."],
    example: { type: "goldReference", segmentId: "doc-1-s1", language: "zh", kind: "figurative", text: "经济已经没了后劲。", sourcePostEditAnnotator: "annotator1@example.org", sourcePostEditKind: "figurative", approvedBy: "adjudicator@example.org" },
  },
];

/** The reference's examples as one file, one JSON object per line. */
export function jsonlReferenceExampleFile(): string {
  return JSONL_REFERENCE.map((e) => JSON.stringify(e.example)).join("\n") + "\n";
}
