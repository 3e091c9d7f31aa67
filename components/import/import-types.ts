// Shapes of the import route's JSON answers, parsed with zod on the client (the route is a boundary).
import { z } from "zod";

const ZIssue = z.object({ file: z.string(), line: z.number().optional(), column: z.union([z.number(), z.string()]).optional(), field: z.string().optional(), message: z.string() });
export type TIssue = z.infer<typeof ZIssue>;

export const ZOutcome = z.object({
  file: z.string(),
  format: z.string().nullable(),
  ok: z.boolean(),
  dryRun: z.boolean(),
  counts: z.record(z.string(), z.number()),
  // a member by email, or a placeholder ("imported rater", email null) of this project; never a user id
  annotators: z.array(z.object({ name: z.string(), email: z.string().nullable(), imported: z.boolean(), created: z.boolean() })),
  errors: z.array(ZIssue),
  warnings: z.array(ZIssue),
  preview: z.object({
    segments: z.array(z.object({ id: z.string(), text: z.string(), mrws: z.array(z.string()), line: z.number().optional() })),
    translations: z.array(z.object({ segment: z.string(), system: z.string(), text: z.string() })),
    annotations: z.array(z.object({ annotator: z.string(), segment: z.string(), field: z.string(), value: z.string() })),
  }),
});
export type TOutcome = z.infer<typeof ZOutcome>;

export const ZImportAnswer = z.object({
  outcomes: z.array(ZOutcome).optional(),
  error: z.object({ code: z.string(), message: z.string() }).passthrough().optional(),
});
export type TImportAnswer = z.infer<typeof ZImportAnswer>;

/** `file:line column c (field): message` — the one way issues are shown. */
export function issueText(i: TIssue): string {
  return `${i.file}${i.line !== undefined ? `:${i.line}` : ""}${i.column !== undefined && i.column !== i.field ? ` column ${i.column}` : ""}${i.field ? ` (${i.field})` : ""}: ${i.message}`;
}
