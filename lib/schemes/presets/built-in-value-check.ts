/**
 * A value of a project that runs the built-in runtime (MMTE, MetaHOPE), checked against the
 * preset's field with the scheme language's own validation (validateSchemeValue), as the scheme
 * runtime checks its values: Tropos JSONL annotation and adjudication lines and tabular files
 * (lib/db/import/load-import.ts), and the adjudicator's decisions (lib/db/adjudication-value.ts).
 *
 * Against which definition: every built-in field (MMTE_METAHOPE_PRESET), whatever parts the
 * project has on, because the built-in runtime keeps the values of a part switched off under the
 * same names (and reports read them); the field of that id decides its scope and its values.
 * EQUIVALENCE is two alternatives by the source MRW's metaphoricity (`when: item metaphorical`):
 * with the flag known, only the matching alternative's labels pass; without it the check fails
 * closed, as the field registry did.
 *
 * Besides preset values, the built-in runtime stores three things that are no field's value, each
 * accepted here explicitly and nowhere else:
 * - the MetaHOPE review mark, `{"reviewed": true}` as a METAHOPE_ERRORS annotation (the spans
 *   themselves live in the ErrorSpan table);
 * - the MetaHOPE workbooks' notes kept with the annotator's work (METAHOPE_SEGMENT_PENALTY: the
 *   sheet's number or text; METAHOPE_COMMENT: text), per MRW, as the workbook importer stores them;
 * - an adjudicated MetaHOPE penalty per category, METAHOPE_<label> (METAHOPE_IMP …): a sum of
 *   severity weights, so a whole non-negative multiple of their greatest common divisor, at most
 *   MAX_CATEGORY_PENALTY (several errors of one category on one MRW add up; 0 = no error).
 *
 * Pure; messages name the field and quote the value.
 */
import type { TSchemeField } from "../language/scheme-field";
import type { TSchemeScope } from "../language/scheme-scope";
import { showValue, validateSchemeValue } from "../language/validate-value";
import { MMTE_METAHOPE_PRESET } from "./preset-of-parts";
import { METAHOPE_PRESET } from "./metahope";

export type TBuiltInCheck = { ok: true; value: unknown } | { ok: false; message: string; missingContext?: true };

/** A guard on an adjudicated category penalty: ten critical errors of one category on one MRW. */
export const MAX_CATEGORY_PENALTY = 100;

export const REVIEW_MARK_FIELD = "METAHOPE_ERRORS";
/** The MetaHOPE workbook importer's notes (lib/import/parse-metahope-xlsx.ts), kept per MRW. */
export const SOURCE_NOTE_FIELDS = ["METAHOPE_SEGMENT_PENALTY", "METAHOPE_COMMENT"] as const;

const errorsField = METAHOPE_PRESET.fields.find((f) => f.id === "METAHOPE_ERRORS");
if (!errorsField || errorsField.kind !== "spans") throw new Error("built-in value check: the MetaHOPE preset has no METAHOPE_ERRORS spans field");
const weights = (errorsField.attributes.find((a) => a.id === "severity")?.options ?? []).map((o) => o.weight ?? Number(o.value));
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const WEIGHT_STEP = weights.reduce(gcd, 0) || 1;

/** METAHOPE_IMP … by label: the adjudicated penalty fields, from the preset's labels. */
export const CATEGORY_PENALTY_FIELDS: ReadonlyMap<string, string> = new Map(errorsField.labels.map((l) => [`METAHOPE_${String(l.value)}`, String(l.value)]));

/** The preset field(s) of an id: several when alternatives (EQUIVALENCE). */
export function builtInFields(id: string): TSchemeField[] {
  return MMTE_METAHOPE_PRESET.fields.filter((f) => f.id === id);
}

/** Where a built-in field is anchored (a preset field's scope), or null for no preset field. */
export function builtInScope(id: string): TSchemeScope | null {
  return builtInFields(id)[0]?.scope ?? null;
}

/** MetaHOPE's review mark `{ "reviewed": true }`: reviewed, no span marked yet (the scheme runtime stores it as an empty list). */
export const isReviewMark = (v: unknown): boolean => typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && (v as { reviewed?: unknown }).reviewed === true;

/** A preset field's value; `metaphorical` is the flag of the unit the field's `when: item` looks at. */
function checkPresetValue(id: string, value: unknown, metaphorical: boolean | undefined): TBuiltInCheck | null {
  const alternatives = builtInFields(id);
  if (alternatives.length === 0) return null;
  if (value === null) return { ok: false, message: `${id}: null is not a value (leave it out instead)` };
  const byItem = alternatives.some((f) => f.when && "item" in f.when);
  if (byItem && metaphorical === undefined) return { ok: false, message: `${id}: cannot be checked without knowing whether the source MRW is metaphorical`, missingContext: true };
  const shown = byItem ? alternatives.filter((f) => !f.when || !("item" in f.when) || (f.when.in as readonly unknown[]).includes(metaphorical)) : alternatives;
  const results = shown.map((f) => validateSchemeValue(f, value));
  const passed = results.find((r) => r.ok);
  if (passed) return { ok: true, value };
  const why = results.map((r) => (r.ok ? "" : r.message)).join("; ");
  return { ok: false, message: byItem ? `${why} (for a ${metaphorical ? "metaphorical" : "literal"} source)` : why };
}

/** An annotator's value (an import line): a preset field's value, the review mark, or a workbook note. */
export function checkBuiltInAnnotation(field: string, value: unknown, ctx: { metaphorical?: boolean } = {}): TBuiltInCheck {
  if (field === REVIEW_MARK_FIELD && isReviewMark(value)) return { ok: true, value };
  if ((SOURCE_NOTE_FIELDS as readonly string[]).includes(field)) {
    const ok = field === "METAHOPE_COMMENT" ? typeof value === "string" && value.trim() !== "" : (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value.trim() !== "");
    return ok ? { ok: true, value } : { ok: false, message: `${field}: ${showValue(value)} is not ${field === "METAHOPE_COMMENT" ? "a non-empty text" : "a number or a non-empty text"}` };
  }
  return checkPresetValue(field, value, ctx.metaphorical) ?? { ok: false, message: unknownField(field, [REVIEW_MARK_FIELD, ...SOURCE_NOTE_FIELDS]) };
}

/** An adjudicated value: a preset field's value (the queue's fields) or a category's penalty. */
export function checkBuiltInAdjudication(field: string, value: unknown, ctx: { metaphorical?: boolean } = {}): TBuiltInCheck {
  if (CATEGORY_PENALTY_FIELDS.has(field)) {
    const ok = typeof value === "number" && Number.isInteger(value) && value >= 0 && value % WEIGHT_STEP === 0 && value <= MAX_CATEGORY_PENALTY;
    return ok
      ? { ok: true, value }
      : { ok: false, message: `${field}: ${showValue(value)} is not a penalty (a sum of the severity weights ${weights.join(", ")}: a whole number from 0 to ${MAX_CATEGORY_PENALTY} in steps of ${WEIGHT_STEP})` };
  }
  if (field === REVIEW_MARK_FIELD) return { ok: false, message: `${field}: error spans are adjudicated per category (${[...CATEGORY_PENALTY_FIELDS.keys()].join(", ")})` };
  return checkPresetValue(field, value, ctx.metaphorical) ?? { ok: false, message: unknownField(field, [...CATEGORY_PENALTY_FIELDS.keys()]) };
}

function unknownField(field: string, extra: readonly string[]): string {
  const ids = [...new Set(MMTE_METAHOPE_PRESET.fields.map((f) => f.id))];
  return `${field}: is not a field of the built-in MMTE and MetaHOPE presets (their fields: ${[...ids, ...extra.filter((e) => !ids.includes(e))].join(", ")})`;
}
