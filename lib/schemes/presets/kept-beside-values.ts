/**
 * What a MetaHOPE project of an earlier release stored that is no value of a scheme field, and how
 * an import checks it. A project moved onto the scheme runtime (lib/db/upgrade/move-onto-scheme-runtime.ts)
 * keeps these beside its scheme's values, and its full export writes them, so a scheme with
 * MetaHOPE's error field and no field of these ids takes them back (lib/import/scheme-line-check.ts
 * isKeptBesideScheme):
 * - the MetaHOPE workbooks' notes kept with the annotator's work (METAHOPE_SEGMENT_PENALTY: the
 *   sheet's number or text; METAHOPE_COMMENT: text), per MRW, as the workbook importer stores them;
 * - an adjudicated MetaHOPE penalty per category, METAHOPE_<label> (METAHOPE_IMP …), which the paper
 *   tables read as decided cells: a sum of severity weights, so a whole non-negative multiple of
 *   their greatest common divisor, at most MAX_CATEGORY_PENALTY (several errors of one category on
 *   one MRW add up; 0 = no error).
 * And the earlier release's review mark, `{"reviewed": true}` as a METAHOPE_ERRORS annotation
 * ("reviewed, no span marked"), which an import stores as the empty list the scheme runtime uses.
 *
 * Pure; messages quote the value and leave the field's name to the caller.
 */
import { showValue } from "../language/validate-value";
import { METAHOPE_PRESET } from "./metahope";

/** A guard on an adjudicated category penalty: ten critical errors of one category on one MRW. */
export const MAX_CATEGORY_PENALTY = 100;

export const REVIEW_MARK_FIELD = "METAHOPE_ERRORS";
/** The MetaHOPE workbook importer's notes (lib/import/parse-metahope-xlsx.ts), kept per MRW. */
export const SOURCE_NOTE_FIELDS = ["METAHOPE_SEGMENT_PENALTY", "METAHOPE_COMMENT"] as const;

const errorsField = METAHOPE_PRESET.fields.find((f) => f.id === REVIEW_MARK_FIELD);
if (!errorsField || errorsField.kind !== "spans") throw new Error("kept-beside values: the MetaHOPE preset has no METAHOPE_ERRORS spans field");
const weights = (errorsField.attributes.find((a) => a.id === "severity")?.options ?? []).map((o) => o.weight ?? Number(o.value));
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const WEIGHT_STEP = weights.reduce(gcd, 0) || 1;

/** METAHOPE_IMP … by label: the adjudicated penalty fields, from the preset's labels. */
export const CATEGORY_PENALTY_FIELDS: ReadonlyMap<string, string> = new Map(errorsField.labels.map((l) => [`METAHOPE_${String(l.value)}`, String(l.value)]));

/** MetaHOPE's review mark `{ "reviewed": true }`: reviewed, no span marked yet (the scheme runtime stores it as an empty list). */
export const isReviewMark = (v: unknown): boolean => typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && (v as { reviewed?: unknown }).reviewed === true;

/**
 * What is wrong with a kept value's import line (an annotator's workbook note, or a decided
 * category penalty), without the field's name in front; null when it is fine.
 */
export function keptBesideIssue(kind: "annotation" | "adjudication", line: { field: string; translationId: string | null; value: unknown }): string | null {
  const { field, value } = line;
  if (kind === "adjudication") {
    if (line.translationId === null) return `is decided per translation (or per MRW of a translation): the line needs "system"`;
    const ok = typeof value === "number" && Number.isInteger(value) && value >= 0 && value % WEIGHT_STEP === 0 && value <= MAX_CATEGORY_PENALTY;
    return ok ? null : `${showValue(value)} is not a penalty (a sum of the severity weights ${weights.join(", ")}: a whole number from 0 to ${MAX_CATEGORY_PENALTY} in steps of ${WEIGHT_STEP})`;
  }
  const text = typeof value === "string" && value.trim() !== "";
  if (field === "METAHOPE_COMMENT") return text ? null : `${showValue(value)} is not a non-empty text`;
  return text || (typeof value === "number" && Number.isFinite(value)) ? null : `${showValue(value)} is not a number or a non-empty text`;
}
