/**
 * Request and response schemas of the workspace API, shared by the route
 * handlers (which parse requests) and the browser (which parses responses and
 * its own persisted queue). See the save contract in the shared conventions:
 * PUT /api/projects/[slug]/annotations.
 */
import { z } from "zod";
import { ZFieldId } from "@/lib/schemes/language/scheme-when";

const ZId = z.string().min(1).max(64);

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
