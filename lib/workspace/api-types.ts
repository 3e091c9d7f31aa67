/**
 * Request and response schemas of the workspace API, shared by the route
 * handlers (which parse requests) and the browser (which parses responses and
 * its own persisted queue). See the save contract in the shared conventions:
 * PUT /api/projects/[slug]/annotations.
 */
import { z } from "zod";
import { ZFieldId } from "@/lib/schemes/language/scheme-when";
import { METAHOPE_CATEGORIES, METAHOPE_PENALTIES } from "@/lib/schemes/metahope";
import { MAX_COMMENT_LENGTH, MAX_POST_EDIT_LENGTH } from "@/lib/schemes/text-limits";
import { EDIT_KINDS } from "@/lib/schemes/edit-kinds";

const ZId = z.string().min(1).max(64);

/** Annotation fields saved through the annotations endpoint (post-edits have their own rows and endpoint). */
export const ANNOTATION_FIELDS = [
  "FLUENCY",
  "INTELLIGIBILITY",
  "FIDELITY",
  "OVERALL",
  "EQUIVALENCE",
  "EMOTION",
  "AUTHENTICITY",
  "TARGET_WORDS",
  "ALIGNMENT",
  "METAHOPE_ERRORS",
] as const;
export type TAnnotationField = (typeof ANNOTATION_FIELDS)[number];

export const ZSaveAnnotationInput = z
  .object({
    segmentId: ZId,
    translationId: ZId.nullish(),
    mrwId: ZId.nullish(),
    /** the item text by role a role-scope field is anchored to (a project's own scheme) */
    role: z.string().min(1).max(64).nullish(),
    /** a built-in field name (MMTE/MetaHOPE) or a field id of the project's scheme; checked against it by the save */
    field: ZFieldId,
    /** null clears the value (kept as a version, so the history shows the clearing). */
    value: z.unknown(),
    /** The version the edit was based on; 0 = the annotator had no value yet. */
    baseVersion: z.number().int().min(0),
  })
  .strict();
export type TSaveAnnotationInput = z.infer<typeof ZSaveAnnotationInput>;

export const ZSaveResult = z.object({ id: z.string(), version: z.number().int() });
export type TSaveResult = z.infer<typeof ZSaveResult>;

export const ZConflictCurrent = z.object({
  value: z.unknown(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type TConflictCurrent = z.infer<typeof ZConflictCurrent>;

export const ZErrorSpanFields = z.object({
  translationId: ZId,
  mrwId: ZId.nullable(),
  /** null = not chosen yet: the span is stored as a draft (never lost on reload) and keeps the item incomplete. */
  category: z.enum(METAHOPE_CATEGORIES).nullable(),
  /** The MetaHOPE penalty 2/4/6/8/10 (stored as the Severity enum); null = not chosen yet (draft). */
  severity: z.literal(METAHOPE_PENALTIES).nullable(),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  comment: z.string().max(MAX_COMMENT_LENGTH).nullable(),
});
export type TErrorSpanFields = z.infer<typeof ZErrorSpanFields>;

export const ZSavePostEditInput = z
  .object({
    kind: z.enum(EDIT_KINDS),
    text: z.string().max(MAX_POST_EDIT_LENGTH),
    baseTranslationId: ZId.nullable(),
    baseVersion: z.number().int().min(0),
  })
  .strict();
export type TSavePostEditInput = z.infer<typeof ZSavePostEditInput>;

/** An action on the caller's one assignment of the item (annotator × item, for the project's whole scheme). */
export const ZAssignmentAction = z.discriminatedUnion("action", [
  /** Active time since the last report, in ms (capped server-side). */
  z.object({ action: z.literal("time"), activeMs: z.number().int().min(0).max(600_000) }).strict(),
  z.object({ action: z.literal("submit"), activeMs: z.number().int().min(0).max(600_000).default(0) }).strict(),
  z.object({ action: z.literal("skip") }).strict(),
  z.object({ action: z.literal("reopen") }).strict(),
]);
export type TAssignmentAction = z.infer<typeof ZAssignmentAction>;

export function annotationItemKey(translationId: string | null | undefined, mrwId: string | null | undefined): string {
  return `${translationId ?? "-"}:${mrwId ?? "-"}`;
}
