/**
 * The shape of a model's reply for one field: `{"value": …, "explanation": "…"}`, as a JSON Schema
 * for structured output (`response_format: {type: "json_schema"}`) and as the zod schema the reply
 * is validated with. Both come from the field's definition in the scheme language, so the model
 * can only answer with what an annotator could store: a choice's option values, a scale's whole
 * steps, a boolean. The explanation is asked for as in MMTE appendix D (label and explain).
 *
 * Strict structured output (OpenAI) needs every property required and no additional ones, and
 * refuses some keywords (maxLength, uniqueItems): those limits are kept in the zod check only, which
 * also catches servers that ignore `response_format` (some local ones).
 */
import { z } from "zod";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";

export interface TReplySchema {
  /** the name sent with the schema (letters, digits, _ and -, as the API requires) */
  name: string;
  jsonSchema: Record<string, unknown>;
  zod: z.ZodType<{ value: unknown; explanation: string }>;
}

/** Field kinds a model can answer in one reply; spans, tags, alignments and edits need more than a value. */
export const SUGGESTIBLE_KINDS = ["scale", "choice", "multi", "boolean", "number", "text", "vector"] as const;

const MAX_EXPLANATION = 4000;

function scaleValues(min: number, max: number, step: number): number[] {
  const out: number[] = [];
  for (let i = 0; min + i * step <= max + 1e-9; i++) out.push(Number((min + i * step).toFixed(10)));
  return out;
}

function valuePart(field: TSchemeField): { json: Record<string, unknown>; zod: z.ZodType } {
  switch (field.kind) {
    case "scale": {
      const integral = Number.isInteger(field.min) && Number.isInteger(field.step);
      if (integral && field.step === 1) return { json: { type: "integer", minimum: field.min, maximum: field.max }, zod: z.number().int().min(field.min).max(field.max) };
      const values = scaleValues(field.min, field.max, field.step);
      return { json: { type: "number", enum: values }, zod: z.number().refine((v) => values.includes(v), `one of ${values.join(", ")}`) };
    }
    case "choice":
    case "multi": {
      if (!field.options) throw new Error(`${field.id}: options taken from the item (optionsFrom) cannot be suggested yet`);
      const values = field.options.map((o) => o.value);
      const one = z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral, z.ZodLiteral, ...z.ZodLiteral[]]);
      const oneZod = values.length === 1 ? z.literal(values[0]) : one;
      const oneJson = values.every((v) => typeof v === "string") ? { type: "string", enum: values } : values.every((v) => typeof v === "number") ? { type: "number", enum: values } : { enum: values };
      if (field.kind === "choice") return { json: oneJson, zod: oneZod };
      let arr = z.array(oneZod).refine((a) => new Set(a).size === a.length, "no option twice");
      if (field.minSelected !== undefined) arr = arr.refine((a) => a.length >= field.minSelected!, `at least ${field.minSelected}`);
      if (field.maxSelected !== undefined) arr = arr.refine((a) => a.length <= field.maxSelected!, `at most ${field.maxSelected}`);
      return { json: { type: "array", items: oneJson, ...(field.minSelected !== undefined ? { minItems: field.minSelected } : {}), ...(field.maxSelected !== undefined ? { maxItems: field.maxSelected } : {}) }, zod: arr };
    }
    case "boolean":
      return { json: { type: "boolean" }, zod: z.boolean() };
    case "number": {
      let n = field.integer ? z.number().int() : z.number();
      if (field.min !== undefined) n = n.min(field.min);
      if (field.max !== undefined) n = n.max(field.max);
      return { json: { type: field.integer ? "integer" : "number", ...(field.min !== undefined ? { minimum: field.min } : {}), ...(field.max !== undefined ? { maximum: field.max } : {}) }, zod: n };
    }
    case "text":
      return { json: { type: "string" }, zod: z.string().max(field.maxLength) };
    case "vector": {
      const props = Object.fromEntries(field.dimensions.map((d) => [d.id, { type: "number", minimum: field.min, maximum: field.max }]));
      const shape = Object.fromEntries(field.dimensions.map((d) => [d.id, z.number().min(field.min).max(field.max)]));
      return { json: { type: "object", properties: props, required: field.dimensions.map((d) => d.id), additionalProperties: false }, zod: z.object(shape).strict() };
    }
    default:
      throw new Error(`${field.id}: a ${field.kind} field cannot be suggested (only ${SUGGESTIBLE_KINDS.join(", ")})`);
  }
}

export function replySchemaFor(field: TSchemeField): TReplySchema {
  const v = valuePart(field);
  return {
    name: `tropos_${field.id}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64),
    jsonSchema: {
      type: "object",
      properties: { value: v.json, explanation: { type: "string" } },
      required: ["value", "explanation"],
      additionalProperties: false,
    },
    zod: z.object({ value: v.zod, explanation: z.string().max(MAX_EXPLANATION) }).strict() as z.ZodType<{ value: unknown; explanation: string }>,
  };
}

/**
 * Parses a reply text: JSON (a ```json fence some local models add is tolerated), then the zod
 * check. The message says what was wrong, for the recorded failure.
 */
export function parseReply(schema: TReplySchema, text: string): { ok: true; value: unknown; explanation: string } | { ok: false; message: string } {
  const trimmed = text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, "$1");
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch (e) {
    return { ok: false, message: `the reply is not JSON (${(e as Error).message})` };
  }
  const r = schema.zod.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, message: `the reply does not fit the field: ${i.path.length ? i.path.join(".") : "reply"}: ${i.message}` };
  }
  return { ok: true, value: r.data.value, explanation: r.data.explanation };
}
