/**
 * The one registry of annotation fields. Everything that needs to know what a
 * field is — the workspace form, keyboard digits, completeness, import of
 * spreadsheet values, agreement — reads it from here.
 *
 * Offsets in span values follow lib/import/types.ts: JavaScript string
 * indices (UTF-16 code units) into the translation text, start inclusive, end
 * exclusive. An empty span (start === end) is an anchored position, used for
 * omissions.
 */
import { z } from "zod";
import {
  EMOTION_LABELS,
  EQUIVALENCE_LITERAL_LABELS,
  EQUIVALENCE_METAPHORICAL_LABELS,
  LIKERT_SCALE,
  MMTE_MEASUREMENT_LEVEL,
  type TEmotionLabel,
  type TEquivalenceLabel,
  type TLikert,
  type TMeasurementLevel,
} from "./mmte";
import {
  METAHOPE_CATEGORIES,
  METAHOPE_PENALTIES,
  REALISATION_PATTERNS,
  REALISATION_PATTERN_DEFINITIONS,
  type TMetahopeCategory,
  type TMetahopeSeverity,
  type TRealisationPattern,
} from "./metahope";

export const FIELD_NAMES = [
  "FLUENCY",
  "INTELLIGIBILITY",
  "FIDELITY",
  "OVERALL",
  "TARGET_WORDS",
  "EQUIVALENCE",
  "EMOTION",
  "AUTHENTICITY",
  "ALIGNMENT",
  "METAHOPE_ERRORS",
  "METAHOPE_POSTEDIT",
  "POSTEDIT_FIGURATIVE",
  "POSTEDIT_LITERAL",
] as const;
export type TFieldName = (typeof FIELD_NAMES)[number];
export const ZFieldName = z.enum(FIELD_NAMES);

/** Where a value lives: one per translation, one per (translation, MRW), or one per source segment. */
export type TFieldScope = "translation" | "mrw" | "segment";

/** Which switch of the scheme configuration turns the field on (see scheme-config.ts). */
export type TFieldPart =
  | "mmteQuality"
  | "mmteMrw.equivalence"
  | "mmteMrw.emotion"
  | "mmteMrw.authenticity"
  | "mmteMrw.targetWords"
  | "alignment"
  | "metahopeErrors"
  | "metahopePostEdit"
  | "postEdit.figurative"
  | "postEdit.literal";

export type TValueKind =
  | { kind: "likert"; min: 1; max: 5 }
  | { kind: "enum"; labels: readonly string[]; dependsOnSourceMetaphorical: boolean }
  | { kind: "alignment" }
  | { kind: "targetWords" }
  | { kind: "errorSpans" }
  | { kind: "text" };

export interface TSpan {
  start: number;
  end: number;
}

export interface TAlignmentValue {
  pattern: TRealisationPattern;
  spans: TSpan[];
}

/** MMTE's target words of an MRW in a translation: the marked spans; an empty list = not rendered. */
export interface TTargetWordsValue {
  spans: TSpan[];
}

export interface TErrorSpanValue {
  start: number;
  end: number;
  category: TMetahopeCategory;
  severity: TMetahopeSeverity;
  /** The MRW the error concerns (metaphor-level), or null/absent for a sentence-level error. */
  mrwId?: string | null;
  comment?: string;
}

export interface TFieldValueMap {
  FLUENCY: TLikert;
  INTELLIGIBILITY: TLikert;
  FIDELITY: TLikert;
  OVERALL: TLikert;
  TARGET_WORDS: TTargetWordsValue;
  EQUIVALENCE: TEquivalenceLabel;
  EMOTION: TEmotionLabel;
  AUTHENTICITY: TLikert;
  ALIGNMENT: TAlignmentValue;
  /** An empty array is an explicit "no errors" (penalty 0), distinct from not yet reviewed (undefined). */
  METAHOPE_ERRORS: TErrorSpanValue[];
  METAHOPE_POSTEDIT: string;
  POSTEDIT_FIGURATIVE: string;
  POSTEDIT_LITERAL: string;
}

export interface TFieldContext {
  /** Whether the source MRW is metaphorical; required for EQUIVALENCE (the label set depends on it). */
  sourceMetaphorical?: boolean;
  /** The translation text; when given, span offsets are checked against its length. */
  translationText?: string;
  /** MRW ids of the segment; when given, an error span's mrwId must be one of them. */
  mrwIds?: readonly string[];
}

export interface TFieldDefinition<F extends TFieldName = TFieldName> {
  name: F;
  label: string;
  scope: TFieldScope;
  part: TFieldPart;
  value: TValueKind;
  /** For agreement; undefined for structured values (spans, text) that have their own statistics. */
  measurement?: TMeasurementLevel;
  /** Whether the field is required for submit when its part is on and the config does not list required fields. */
  requiredByDefault: boolean;
}

const likert = { kind: "likert", min: 1, max: 5 } as const;

export const FIELDS: { readonly [F in TFieldName]: TFieldDefinition<F> } = {
  FLUENCY: { name: "FLUENCY", label: "Fluency", scope: "translation", part: "mmteQuality", value: likert, measurement: MMTE_MEASUREMENT_LEVEL.FLUENCY, requiredByDefault: true },
  INTELLIGIBILITY: { name: "INTELLIGIBILITY", label: "Intelligibility", scope: "translation", part: "mmteQuality", value: likert, measurement: MMTE_MEASUREMENT_LEVEL.INTELLIGIBILITY, requiredByDefault: true },
  FIDELITY: { name: "FIDELITY", label: "Fidelity", scope: "translation", part: "mmteQuality", value: likert, measurement: MMTE_MEASUREMENT_LEVEL.FIDELITY, requiredByDefault: true },
  OVERALL: { name: "OVERALL", label: "Overall", scope: "translation", part: "mmteQuality", value: likert, measurement: MMTE_MEASUREMENT_LEVEL.OVERALL, requiredByDefault: true },
  // MMTE §3.3: "Annotators also mark the positions of target words during alignment"; a part a project switches on (issue 19 point 4)
  TARGET_WORDS: { name: "TARGET_WORDS", label: "Target words", scope: "mrw", part: "mmteMrw.targetWords", value: { kind: "targetWords" }, requiredByDefault: true },
  EQUIVALENCE: {
    name: "EQUIVALENCE",
    label: "Equivalence",
    scope: "mrw",
    part: "mmteMrw.equivalence",
    // `labels` is the union for display of codes; the choosable set depends on the source (see equivalenceLabelsFor).
    value: { kind: "enum", labels: [...EQUIVALENCE_METAPHORICAL_LABELS, "LITERAL", "METAPHORICAL"], dependsOnSourceMetaphorical: true },
    measurement: MMTE_MEASUREMENT_LEVEL.EQUIVALENCE,
    requiredByDefault: true,
  },
  EMOTION: { name: "EMOTION", label: "Emotion", scope: "mrw", part: "mmteMrw.emotion", value: { kind: "enum", labels: EMOTION_LABELS, dependsOnSourceMetaphorical: false }, measurement: MMTE_MEASUREMENT_LEVEL.EMOTION, requiredByDefault: true },
  AUTHENTICITY: { name: "AUTHENTICITY", label: "Authenticity", scope: "mrw", part: "mmteMrw.authenticity", value: likert, measurement: MMTE_MEASUREMENT_LEVEL.AUTHENTICITY, requiredByDefault: true },
  ALIGNMENT: { name: "ALIGNMENT", label: "Alignment", scope: "mrw", part: "alignment", value: { kind: "alignment" }, requiredByDefault: true },
  METAHOPE_ERRORS: { name: "METAHOPE_ERRORS", label: "MetaHOPE errors", scope: "translation", part: "metahopeErrors", value: { kind: "errorSpans" }, requiredByDefault: true },
  // the workbooks' "Human Gold Standard": annotators MAY post-edit (few did), so not required; a part a project switches on (issue 19 point 3)
  METAHOPE_POSTEDIT: { name: "METAHOPE_POSTEDIT", label: "Post-edit", scope: "segment", part: "metahopePostEdit", value: { kind: "text" }, requiredByDefault: false },
  POSTEDIT_FIGURATIVE: { name: "POSTEDIT_FIGURATIVE", label: "Post-edit (figurative)", scope: "segment", part: "postEdit.figurative", value: { kind: "text" }, requiredByDefault: true },
  POSTEDIT_LITERAL: { name: "POSTEDIT_LITERAL", label: "Post-edit (literal)", scope: "segment", part: "postEdit.literal", value: { kind: "text" }, requiredByDefault: true },
};

/** Registry order: the order fields are shown, navigated (Tab) and reported missing within a scope. */
export const FIELD_LIST: readonly TFieldDefinition[] = FIELD_NAMES.map((n) => FIELDS[n]);

export function fieldsInScope(scope: TFieldScope): TFieldDefinition[] {
  return FIELD_LIST.filter((f) => f.scope === scope);
}

// ---------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------

/** Maximum stored length of a post-edit, a guard against pasted documents. */
export const MAX_POST_EDIT_LENGTH = 5000;
export const MAX_COMMENT_LENGTH = 2000;

export type TFieldError = { code: "invalid" | "missing-context"; message: string };
export type TFieldValidation<F extends TFieldName> =
  | { ok: true; field: F; value: TFieldValueMap[F] }
  | { ok: false; field: F; error: TFieldError };

const LIKERT_TEXT = `a whole number from 1 (${LIKERT_SCALE[0].name}) to 5 (${LIKERT_SCALE[4].name})`;

const ZLikert = z.number().int().min(1).max(5);
const ZSpan = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
const ZAlignment = z.object({ pattern: z.enum(REALISATION_PATTERNS), spans: z.array(ZSpan) }).strict();
const ZTargetWords = z.object({ spans: z.array(ZSpan) }).strict();
const ZErrorSpan = z
  .object({
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    category: z.enum(METAHOPE_CATEGORIES),
    severity: z.literal(METAHOPE_PENALTIES),
    mrwId: z.string().min(1).nullable().optional(),
    comment: z.string().max(MAX_COMMENT_LENGTH).optional(),
  })
  .strict();

function show(value: unknown): string {
  if (value === undefined) return "nothing";
  try {
    const s = JSON.stringify(value);
    return s.length > 60 ? `${s.slice(0, 57)}...` : s;
  } catch {
    return String(value);
  }
}

function fail<F extends TFieldName>(field: F, message: string, code: TFieldError["code"] = "invalid"): TFieldValidation<F> {
  return { ok: false, field, error: { code, message: `${FIELDS[field].label}: ${message}` } };
}

function checkSpanBounds(span: TSpan, ctx: TFieldContext, what: string): string | null {
  if (span.end < span.start) return `${what} ends (${span.end}) before it starts (${span.start})`;
  if (ctx.translationText !== undefined && span.end > ctx.translationText.length) {
    return `${what} [${span.start}, ${span.end}) runs past the end of the translation (length ${ctx.translationText.length})`;
  }
  return null;
}

/**
 * Validates one value of one field. Never throws; the message names the field
 * and says what was expected and what was given.
 *
 * Fails closed: EQUIVALENCE without `ctx.sourceMetaphorical` is rejected
 * ("missing-context") rather than accepted against the union of both label
 * sets, since a literal-source label on a metaphorical MRW is a real error.
 */
export function validateFieldValue<F extends TFieldName>(field: F, value: unknown, ctx: TFieldContext = {}): TFieldValidation<F> {
  const def = FIELDS[field] as TFieldDefinition;
  switch (def.value.kind) {
    case "likert": {
      if (!ZLikert.safeParse(value).success) return fail(field, `expected ${LIKERT_TEXT}, got ${show(value)}`);
      return { ok: true, field, value: value as TFieldValueMap[F] };
    }
    case "enum": {
      let labels: readonly string[] = def.value.labels;
      if (def.value.dependsOnSourceMetaphorical) {
        if (ctx.sourceMetaphorical === undefined) {
          return fail(field, "cannot be checked without knowing whether the source MRW is metaphorical", "missing-context");
        }
        labels = ctx.sourceMetaphorical ? EQUIVALENCE_METAPHORICAL_LABELS : EQUIVALENCE_LITERAL_LABELS;
      }
      if (typeof value !== "string" || !labels.includes(value)) {
        const forWhat = def.value.dependsOnSourceMetaphorical
          ? ` for a ${ctx.sourceMetaphorical ? "metaphorical" : "literal"} source`
          : "";
        return fail(field, `expected one of ${labels.join(", ")}${forWhat}, got ${show(value)}`);
      }
      return { ok: true, field, value: value as TFieldValueMap[F] };
    }
    case "alignment": {
      const parsed = ZAlignment.safeParse(value);
      if (!parsed.success) {
        return fail(field, `expected { pattern: ${REALISATION_PATTERNS.join("|")}, spans: [{start, end}] }, got ${show(value)}`);
      }
      const a = parsed.data;
      const def2 = REALISATION_PATTERN_DEFINITIONS[a.pattern];
      if (a.pattern === "OMISSION" && a.spans.length > 0) return fail(field, "an OMISSION has no target span");
      if (def2.requiresSpan && a.spans.length === 0) return fail(field, `${a.pattern} needs at least one target span`);
      for (const [i, s] of a.spans.entries()) {
        if (s.start === s.end) return fail(field, `span ${i + 1} is empty; mark the target characters`);
        const err = checkSpanBounds(s, ctx, `span ${i + 1}`);
        if (err) return fail(field, err);
      }
      return { ok: true, field, value: a as TFieldValueMap[F] };
    }
    case "targetWords": {
      const parsed = ZTargetWords.safeParse(value);
      if (!parsed.success) return fail(field, `expected { spans: [{start, end}] } (an empty list: not rendered), got ${show(value)}`);
      for (const [i, s] of parsed.data.spans.entries()) {
        if (s.start === s.end) return fail(field, `span ${i + 1} is empty; mark the target characters`);
        const err = checkSpanBounds(s, ctx, `span ${i + 1}`);
        if (err) return fail(field, err);
      }
      return { ok: true, field, value: parsed.data as TFieldValueMap[F] };
    }
    case "errorSpans": {
      if (!Array.isArray(value)) return fail(field, `expected a list of error spans (empty for "no errors"), got ${show(value)}`);
      const out: TErrorSpanValue[] = [];
      for (const [i, raw] of value.entries()) {
        // A draft span (stored before its category/severity were chosen) gets a plain message.
        const r = (raw ?? {}) as { category?: unknown; severity?: unknown };
        if (typeof raw === "object" && (r.category == null || r.severity == null)) {
          return fail(field, `error ${i + 1} has no ${r.category == null ? "category" : "severity"} yet`);
        }
        const parsed = ZErrorSpan.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const where = issue?.path.join(".") || "value";
          return fail(
            field,
            `error ${i + 1}: invalid ${where} (categories ${METAHOPE_CATEGORIES.join("/")}, severities ${METAHOPE_PENALTIES.join("/")}), got ${show(raw)}`,
          );
        }
        const e = parsed.data as TErrorSpanValue;
        const err = checkSpanBounds(e, ctx, `error ${i + 1}`);
        if (err) return fail(field, err);
        if (e.mrwId != null && ctx.mrwIds !== undefined && !ctx.mrwIds.includes(e.mrwId)) {
          return fail(field, `error ${i + 1} refers to MRW ${show(e.mrwId)}, which is not in this segment`);
        }
        out.push(e);
      }
      return { ok: true, field, value: out as TFieldValueMap[F] };
    }
    case "text": {
      if (typeof value !== "string") return fail(field, `expected text, got ${show(value)}`);
      if (value.trim() === "") return fail(field, "is empty");
      if (value.length > MAX_POST_EDIT_LENGTH) return fail(field, `is longer than ${MAX_POST_EDIT_LENGTH} characters`);
      return { ok: true, field, value: value as TFieldValueMap[F] };
    }
  }
}

/** The choosable labels/values of a field in context, in definition order (digit keys number them 1..n). */
export function choicesFor(field: TFieldName, ctx: TFieldContext = {}): readonly (string | number)[] {
  const def = FIELDS[field] as TFieldDefinition;
  if (def.value.kind === "likert") return [1, 2, 3, 4, 5];
  if (def.value.kind !== "enum") return [];
  if (!def.value.dependsOnSourceMetaphorical) return def.value.labels;
  if (ctx.sourceMetaphorical === undefined) return [];
  return ctx.sourceMetaphorical ? EQUIVALENCE_METAPHORICAL_LABELS : EQUIVALENCE_LITERAL_LABELS;
}
