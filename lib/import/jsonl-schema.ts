import { z } from "zod";
import type { AnnotationValue } from "@/lib/import/types";
// the built-in runtime's codes are the presets' (error categories, severities, patterns, post-edit kinds)
import { ZPenalty, ZPostEditVariant, ZRealisationPatternCode } from "@/lib/schemes/presets/built-in-codes";

/**
 * One line of Tropos JSONL: a record of the import IR (types.ts) with a `type`
 * discriminator. The exporter (lib/export/jsonl-lines.ts) writes exactly these
 * shapes and the importer (parse-jsonl.ts) reads them, so a project dump
 * re-imports losslessly. Objects are strict: a misspelt key is an error, not
 * silently dropped data. Segments and MRWs are separate lines that point to
 * their parent (`documentId`, `segmentId`); the `line` fields of the IR are
 * provenance of the original upload and are not written.
 */
const ZSpan = z.strictObject({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() }).refine((s) => s.end >= s.start, { message: "end must be ≥ start" });
const ZSplit = z.enum(["pilot", "test"]);
const ZId = z.string().min(1);

/**
 * Any JSON value. Older files only had strings and numbers; structured values (an annotator's
 * ALIGNMENT `{spans, pattern}`, METAHOPE_ERRORS `{reviewed: true}`) need objects, so the value
 * was widened (backward compatible: every old line still parses).
 */
const ZJsonValue: z.ZodType<AnnotationValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(ZJsonValue), z.record(z.string(), ZJsonValue)]),
);

/**
 * A scheme's item data on a segment line: texts by role (a field's `{role}` scope) and named lists
 * (a choice field's `optionsFrom`, tokens) or item gold values (`{"answer": "b"}`). Absent on the
 * built-in projects' lines, so their files and exports are unchanged.
 */
const ZSegmentTexts = z.record(z.string().min(1), z.string());
const ZSegmentLists = z.record(z.string().min(1), z.union([z.array(ZJsonValue), z.string(), z.number(), z.boolean()]));

export const ZJsonlDocument = z.strictObject({
  type: z.literal("document"),
  externalId: ZId,
  title: z.string().optional(),
  language: z.string().min(1),
  genre: z.string().optional(),
  split: ZSplit.optional(),
});

export const ZJsonlSegment = z.strictObject({
  type: z.literal("segment"),
  documentId: ZId,
  externalId: ZId,
  index: z.number().int().nonnegative(),
  text: z.string(),
  language: z.string().min(1),
  split: ZSplit.optional(),
  metaphorical: z.boolean(),
  texts: ZSegmentTexts.optional(),
  lists: ZSegmentLists.optional(),
});

export const ZJsonlMrw = z.strictObject({
  type: z.literal("mrw"),
  segmentId: ZId,
  externalId: ZId,
  spans: z.array(ZSpan).min(1),
  token: z.string(),
  lemma: z.string().optional(),
  rawPos: z.string().optional(),
  pos: z.enum(["NOUN", "VERB", "ADJ", "ADV", "OTHER"]),
  /** ImportedMrw.type; renamed because `type` is the line discriminator */
  mrwType: z.string().optional(),
  subtype: z.string().optional(),
  deliberate: z.boolean().optional(),
  gloss: z.string().optional(),
  active: z.boolean(),
  metaphorical: z.boolean(),
});

export const ZJsonlTranslation = z.strictObject({
  type: z.literal("translation"),
  segmentId: ZId,
  system: z.string().min(1),
  language: z.string().min(1),
  text: z.string(),
});

export const ZJsonlAlignment = z.strictObject({
  type: z.literal("alignment"),
  segmentId: ZId,
  mrwId: ZId,
  system: z.string().min(1),
  /** the translation's language, where the segment has the system's output in several */
  language: z.string().min(1).optional(),
  spans: z.array(ZSpan),
  pattern: ZRealisationPatternCode,
});


export const ZJsonlAnnotation = z.strictObject({
  type: z.literal("annotation"),
  annotator: z.string().min(1),
  segmentId: ZId,
  system: z.string().optional(),
  /** the translation's language, where the segment has the system's output in several */
  language: z.string().min(1).optional(),
  mrwId: z.string().optional(),
  /** the item text a `{role}`-scope field of the project's scheme is anchored to */
  role: z.string().min(1).optional(),
  field: z.string().min(1),
  value: ZJsonValue,
});

/** An adjudicated (final) value; `adjudicator` absent when accepted automatically. Added in Tropos JSONL v2. */
export const ZJsonlAdjudication = z.strictObject({
  type: z.literal("adjudication"),
  segmentId: ZId,
  system: z.string().optional(),
  /** the translation's language, where the segment has the system's output in several */
  language: z.string().min(1).optional(),
  mrwId: z.string().optional(),
  role: z.string().min(1).optional(),
  field: z.string().min(1),
  value: ZJsonValue,
  rationale: z.string(),
  adjudicator: z.string().optional(),
  automatic: z.boolean(),
});

/** An approved gold reference with its provenance (source system or post-edit). Added in Tropos JSONL v2. */
export const ZJsonlGoldReference = z.strictObject({
  type: z.literal("goldReference"),
  segmentId: ZId,
  language: z.string().min(1),
  kind: ZPostEditVariant,
  text: z.string(),
  sourceSystem: z.string().optional(),
  sourcePostEditAnnotator: z.string().optional(),
  sourcePostEditKind: ZPostEditVariant.optional(),
  approvedBy: z.string().optional(),
});

export const ZJsonlErrorSpan = z.strictObject({
  type: z.literal("errorSpan"),
  annotator: z.string().min(1),
  segmentId: ZId,
  system: z.string().min(1),
  /** the translation's language, where the segment has the system's output in several */
  language: z.string().min(1).optional(),
  mrwId: z.string().optional(),
  /**
   * A code of the project's error categories: MetaHOPE's five, or whatever a variant's span field
   * lists (an extra CUL). The file alone cannot tell which, so the loader checks it against the
   * labels of the project's span field (lib/db/import/scheme-values.ts), naming file, line and field.
   */
  category: z.string().min(1),
  severity: ZPenalty,
  span: ZSpan,
  comment: z.string().optional(),
});

export const ZJsonlPostEdit = z.strictObject({
  type: z.literal("postEdit"),
  annotator: z.string().min(1),
  segmentId: ZId,
  system: z.string().optional(),
  text: z.string(),
  kind: ZPostEditVariant,
  language: z.string().min(1),
});

export const ZJsonlLine = z.discriminatedUnion("type", [
  ZJsonlDocument,
  ZJsonlSegment,
  ZJsonlMrw,
  ZJsonlTranslation,
  ZJsonlAlignment,
  ZJsonlAnnotation,
  ZJsonlErrorSpan,
  ZJsonlPostEdit,
  ZJsonlAdjudication,
  ZJsonlGoldReference,
]);

export type TJsonlDocument = z.infer<typeof ZJsonlDocument>;
export type TJsonlSegment = z.infer<typeof ZJsonlSegment>;
export type TJsonlMrw = z.infer<typeof ZJsonlMrw>;
export type TJsonlTranslation = z.infer<typeof ZJsonlTranslation>;
export type TJsonlAlignment = z.infer<typeof ZJsonlAlignment>;
export type TJsonlAnnotation = z.infer<typeof ZJsonlAnnotation>;
export type TJsonlErrorSpan = z.infer<typeof ZJsonlErrorSpan>;
export type TJsonlPostEdit = z.infer<typeof ZJsonlPostEdit>;
export type TJsonlAdjudication = z.infer<typeof ZJsonlAdjudication>;
export type TJsonlGoldReference = z.infer<typeof ZJsonlGoldReference>;
export type TJsonlLine = z.infer<typeof ZJsonlLine>;
