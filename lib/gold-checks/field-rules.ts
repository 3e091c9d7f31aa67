/**
 * A lead's rules per gold field (issue 31 point 1: "a pass mark … accuracy or agreement with gold
 * per field, set by the lead"): a field's own pass mark (else the project's), and for a scale or a
 * number a tolerance, the distance from the gold value an answer may have and still count as right
 * (a 4 where gold says 5 is near agreement on a 1–5 scale, not a miss). Other kinds are scored by
 * exact match (score-against-gold.ts): a tolerance there would have no meaning, and is refused.
 */
import { z } from "zod";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { goldFields } from "./score-against-gold";

export const ZGoldFieldRule = z
  .object({
    passMark: z.number().min(0, "a pass mark is between 0 and 1").max(1, "a pass mark is between 0 and 1").optional(),
    tolerance: z.number().min(0, "a tolerance is a distance, 0 or more").optional(),
  })
  .strict();
export const ZGoldFieldRules = z.record(z.string().min(1), ZGoldFieldRule);
export type TGoldFieldRules = z.infer<typeof ZGoldFieldRules>;

/** The kinds whose answers are numbers a tolerance can be measured on. */
export const TOLERANCE_KINDS: ReadonlySet<string> = new Set(["scale", "number"]);

/** Rules read back from the database (anything else there counts as none). */
export function storedGoldFieldRules(json: unknown): TGoldFieldRules {
  const parsed = ZGoldFieldRules.safeParse(json);
  return parsed.success ? parsed.data : {};
}

/** The rules without empty entries, or the first problem with them against the scheme, naming the field. */
export function checkGoldFieldRules(definition: TSchemeDefinition, rules: TGoldFieldRules): { rules: TGoldFieldRules } | { error: string; field: string } {
  const fields = goldFields(definition);
  const out: TGoldFieldRules = {};
  for (const [id, rule] of Object.entries(rules)) {
    if (rule.passMark === undefined && rule.tolerance === undefined) continue;
    const field = fields.get(id);
    if (!field) return { error: `${id}: the scheme has no field "${id}" that declares gold (${[...fields.keys()].join(", ") || "none"})`, field: id };
    if (rule.tolerance !== undefined && !TOLERANCE_KINDS.has(field.kind)) return { error: `${id}: a tolerance is for scales and numbers; a ${field.kind} field is scored by exact match`, field: id };
    out[id] = rule;
  }
  return { rules: out };
}
