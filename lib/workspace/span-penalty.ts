/**
 * The running penalty a spans field shows under its spans, as the built-in workspace shows
 * MetaHOPE's per translation (lib/workspace/workspace-model.ts `translationPenalty`: the sum of the
 * errors' severities, "no error = 0"): the sum of each span's weight by the field's own rules
 * (lib/schemes/language/span-weight.ts: MetaHOPE's severity options weigh 2–10, MQM's rules).
 * A span whose attributes are not all chosen yet adds only what it has (a draft adds nothing
 * until its severity is chosen). Shown only for a field that declares weights. Pure.
 */
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { spanWeight } from "@/lib/schemes/language/span-weight";
import { spanList } from "./scheme-field-edits";

type TSpans = Extract<TSchemeField, { kind: "spans" }>;

/** Whether any span of the field weighs something: weight rules, or weights on its labels or attribute options. */
export function declaresWeights(field: TSpans): boolean {
  return (field.weights?.length ?? 0) > 0 || field.labels.some((l) => l.weight !== undefined) || field.attributes.some((a) => a.options.some((o) => o.weight !== undefined));
}

/** The penalty of a spans value and how many spans it counts; null for a field without weights. */
export function spansPenalty(field: TSpans, value: unknown): { penalty: number; spans: number } | null {
  if (!declaresWeights(field)) return null;
  const spans = spanList(value);
  // summed in hundredths: MQM's 0.1 weights add up without float noise
  const hundredths = spans.reduce((s, x) => s + Math.round(spanWeight(field, { label: x.label, attributes: x.attributes }) * 100), 0);
  return { penalty: hundredths / 100, spans: spans.length };
}
