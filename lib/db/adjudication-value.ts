// Checks a built-in project's adjudicated value before it is stored, against the preset's field
// (lib/schemes/presets/built-in-value-check.ts: the scheme language's validation, as the scheme
// runtime checks its decisions): the queue's MMTE and MetaHOPE fields by their definition
// (EQUIVALENCE by the source MRW's metaphoricity), MetaHOPE category fields (METAHOPE_<label>) as a
// penalty, a sum of the severity weights (several errors of one category on one MRW add up, so 12
// is possible; 0 = no error). An alignment's spans must also lie within the translation, which the
// definition's check cannot see.
import { AppError } from "@/lib/errors";
import { QUEUE_FIELDS } from "@/lib/reports/disagreements";
import { builtInFields, checkBuiltInAdjudication } from "@/lib/schemes/presets/built-in-value-check";

export function checkAdjudicationValue(field: string, value: unknown, ctx: { sourceMetaphorical?: boolean; translationText?: string }): unknown {
  if (!(QUEUE_FIELDS as readonly string[]).includes(field)) {
    throw new AppError("BAD_REQUEST", `Invalid field: ${field} cannot be adjudicated (expected one of ${QUEUE_FIELDS.join(", ")}).`, { field: "field" });
  }
  const r = checkBuiltInAdjudication(field, value, { metaphorical: ctx.sourceMetaphorical });
  // an adjudicator reads the field's label ("Fluency: 6 is outside …"), as the workspace shows it
  const label = builtInFields(field)[0]?.label;
  if (!r.ok) throw new AppError("BAD_REQUEST", `Invalid value: ${label && r.message.startsWith(`${field}: `) ? `${label}: ${r.message.slice(field.length + 2)}` : r.message}.`, { field: "value" });
  if ((field === "ALIGNMENT" || field === "TARGET_WORDS") && ctx.translationText !== undefined) {
    const spans = (value as { spans: { start: number; end: number }[] }).spans;
    const past = spans.findIndex((s) => s.end > ctx.translationText!.length);
    if (past >= 0) throw new AppError("BAD_REQUEST", `Invalid value: ${field}: span ${past + 1} [${spans[past].start}, ${spans[past].end}) runs past the end of the translation (length ${ctx.translationText.length}).`, { field: "value" });
  }
  return r.value;
}
