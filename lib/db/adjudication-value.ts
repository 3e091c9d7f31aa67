// Checks an adjudicated value against its field before it is stored: MMTE fields through the
// field registry (lib/schemes/fields.ts, so the same rules as annotators' values), MetaHOPE
// category fields (METAHOPE_<CAT>) as a penalty: a whole, even, non-negative number of points
// (several errors of one category on one MRW add up, so 12 is possible; 0 = no error).
import { AppError } from "@/lib/errors";
import { FIELD_NAMES, validateFieldValue, type TFieldName } from "@/lib/schemes/fields";
import { QUEUE_FIELDS } from "@/lib/reports/disagreements";

export function checkAdjudicationValue(field: string, value: unknown, ctx: { sourceMetaphorical?: boolean; translationText?: string }): unknown {
  if (!(QUEUE_FIELDS as readonly string[]).includes(field)) {
    throw new AppError("BAD_REQUEST", `Invalid field: ${field} cannot be adjudicated (expected one of ${QUEUE_FIELDS.join(", ")}).`, { field: "field" });
  }
  if (field.startsWith("METAHOPE_")) {
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value % 2 !== 0 || value > 100) {
      throw new AppError("BAD_REQUEST", `Invalid value: ${field} is a penalty, a whole even number of points from 0 (no error) up, e.g. 2, 4, 6, 8, 10.`, { field: "value" });
    }
    return value;
  }
  if (!(FIELD_NAMES as readonly string[]).includes(field)) throw new AppError("BAD_REQUEST", `Invalid field: ${field}.`, { field: "field" });
  const r = validateFieldValue(field as TFieldName, value, ctx);
  if (!r.ok) throw new AppError("BAD_REQUEST", `Invalid value: ${r.error.message}`, { field: "value" });
  return r.value;
}
