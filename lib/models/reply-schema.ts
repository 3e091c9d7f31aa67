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
 *
 * Some value sets come from the unit: a choice with `optionsFrom` (CR-ST's candidates) has the
 * item's own list as its enum, and a `tags` reply is an array of exactly as many tags as the unit's
 * text has tokens. Those schemas are built per unit (`TReplyContext`); the prompt version hashes the
 * field's shape instead (`replyShapeOf`: "the item's candidates", "one per token"), so every unit
 * of a field shares one version. After the zod check, the value goes through the scheme language's
 * own validation (validateSchemeValue with the unit's lists): a model's value is accepted only when
 * an annotator's would be (e.g. BIO: no I-X after O).
 */
import { z } from "zod";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";

export interface TReplySchema {
  /** the name sent with the schema (letters, digits, _ and -, as the API requires) */
  name: string;
  jsonSchema: Record<string, unknown>;
  zod: z.ZodType<{ value: unknown; explanation: string }>;
  /** a check after zod (the scheme's own rules for the value): a message when the value is refused */
  check?: (value: unknown) => string | null;
}

/** What a unit gives a reply schema: the item's lists (optionsFrom) and the number of tokens (tags). */
export interface TReplyContext {
  lists: Record<string, unknown[]>;
  tokens: number;
}

/** Field kinds a model can answer in one reply; spans, alignments and edits need more than a value. */
export const SUGGESTIBLE_KINDS = ["scale", "choice", "multi", "boolean", "number", "text", "vector", "tags"] as const;

/** A JSON Schema enum with the type strict structured output wants beside it. */
export function enumJson(values: readonly unknown[]): Record<string, unknown> {
  if (values.every((v) => typeof v === "string")) return { type: "string", enum: values };
  if (values.every((v) => typeof v === "number")) return { type: "number", enum: values };
  return { enum: values };
}

/** zod for one of `values` (a literal union; one value: that literal). */
export function oneOf(values: readonly (string | number)[]): z.ZodType {
  if (values.length === 1) return z.literal(values[0]);
  return z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral, z.ZodLiteral, ...z.ZodLiteral[]]);
}

/** The tags a tags field's value may hold per token: O, B-X, I-X with bio; the tag values (and null) without. */
export function tagValues(field: Extract<TSchemeField, { kind: "tags" }>): (string | number | null)[] {
  if (field.bio) return ["O", ...field.tags.flatMap((t) => [`B-${t.value}`, `I-${t.value}`])];
  return [...field.tags.map((t) => t.value), null];
}

const MAX_EXPLANATION = 4000;

function scaleValues(min: number, max: number, step: number): number[] {
  const out: number[] = [];
  for (let i = 0; min + i * step <= max + 1e-9; i++) out.push(Number((min + i * step).toFixed(10)));
  return out;
}

/** The value's schema; without `ctx` the unit-independent shape (for the prompt version only). */
function valuePart(field: TSchemeField, ctx: TReplyContext | undefined): { json: Record<string, unknown>; zod: z.ZodType } {
  switch (field.kind) {
    case "scale": {
      const integral = Number.isInteger(field.min) && Number.isInteger(field.step);
      if (integral && field.step === 1) return { json: { type: "integer", minimum: field.min, maximum: field.max }, zod: z.number().int().min(field.min).max(field.max) };
      const values = scaleValues(field.min, field.max, field.step);
      return { json: { type: "number", enum: values }, zod: z.number().refine((v) => values.includes(v), `one of ${values.join(", ")}`) };
    }
    case "choice":
    case "multi": {
      let values: (string | number)[];
      if (field.options) values = field.options.map((o) => o.value);
      else if (!ctx) values = [`<the item's ${field.optionsFrom}>`];
      else {
        const list = ctx.lists[field.optionsFrom!];
        if (!list?.length) throw new UnitReplyError(`the item has no "${field.optionsFrom}" list to choose from`);
        values = list.filter((v): v is string | number => typeof v === "string" || typeof v === "number");
      }
      const oneZod = oneOf(values);
      const oneJson = enumJson(values);
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
    case "tags": {
      const tags = tagValues(field);
      const named = tags.filter((t): t is string | number => t !== null);
      // without bio an untagged token is null: a nullable string type where every tag is a string
      const item = !tags.includes(null) ? enumJson(named) : named.every((t) => typeof t === "string") ? { type: ["string", "null"], enum: tags } : { enum: tags };
      const tagZod = tags.includes(null) ? z.union([oneOf(named), z.null()]) : oneOf(named);
      // the shape says "one per token"; a unit's schema has the count (strict mode keeps minItems/maxItems)
      if (!ctx) return { json: { type: "array", items: item, "x-length": "one per token" }, zod: z.array(tagZod) };
      const n = ctx.tokens;
      return { json: { type: "array", items: item, minItems: n, maxItems: n }, zod: z.array(tagZod).length(n, `exactly ${n} tags, one per token`) };
    }
    case "vector": {
      // whole steps from a whole minimum (EMOS's 0–3): integers, as a Likert scale's
      const integral = Number.isInteger(field.min) && (field.step === undefined ? false : Number.isInteger(field.step));
      const props = Object.fromEntries(field.dimensions.map((d) => [d.id, { type: integral ? "integer" : "number", minimum: field.min, maximum: field.max }]));
      const shape = Object.fromEntries(field.dimensions.map((d) => [d.id, (integral ? z.number().int() : z.number()).min(field.min).max(field.max)]));
      return { json: { type: "object", properties: props, required: field.dimensions.map((d) => d.id), additionalProperties: false }, zod: z.object(shape).strict() };
    }
    default:
      throw new Error(`${field.id}: a ${field.kind} field cannot be suggested (only ${SUGGESTIBLE_KINDS.join(", ")})`);
  }
}

/** A unit's value set cannot be built (its item lacks the list the field takes options from). */
export class UnitReplyError extends Error {}

/** Whether the field's reply depends on the unit (its options come from the item, or it is per token). */
export function replyDependsOnUnit(field: TSchemeField): boolean {
  return field.kind === "tags" || ((field.kind === "choice" || field.kind === "multi") && !field.options);
}

/**
 * The reply schema for one unit (`ctx`: its lists and token count), or, without `ctx`, for any
 * unit of a field whose values do not depend on the unit (for one that does: its shape, which no
 * real reply fits). Throws UnitReplyError when the unit lacks what the field needs.
 */
export function replySchemaFor(field: TSchemeField, ctx?: TReplyContext): TReplySchema {
  const v = valuePart(field, ctx);
  return {
    name: `tropos_${field.id}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64),
    jsonSchema: {
      type: "object",
      properties: { value: v.json, explanation: { type: "string" } },
      required: ["value", "explanation"],
      additionalProperties: false,
    },
    zod: z.object({ value: v.zod, explanation: z.string().max(MAX_EXPLANATION) }).strict() as z.ZodType<{ value: unknown; explanation: string }>,
    check: (value) => {
      const r = validateSchemeValue(field, value, { lists: ctx?.lists ?? {} }, { withoutItem: !ctx });
      return r.ok ? null : r.message;
    },
  };
}

/** The unit-independent shape of a field's reply, for the prompt version (see the module comment). */
export function replyShapeOf(field: TSchemeField): Record<string, unknown> {
  return { type: "object", properties: { value: valuePart(field, undefined).json, explanation: { type: "string" } }, required: ["value", "explanation"], additionalProperties: false };
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
  const refused = schema.check?.(r.data.value) ?? null;
  if (refused !== null) return { ok: false, message: `the reply does not fit the field: value: ${refused}` };
  return { ok: true, value: r.data.value, explanation: r.data.explanation };
}
