/**
 * The weight of one span of a `spans` field, for scores (MQM's error weights): the first of the
 * field's `weights` rules whose label (a label value, or the group the label sits under) and
 * attribute values all match; a span no rule matches weighs the sum of the declared weights of
 * its label option and of its attribute options (MetaHOPE: the severity's penalty), 0 when none
 * is declared. Pure.
 *
 * MQM (Freitag et al. 2021, the WMT MQM release's README): Major 5, Minor 1, Neutral 0 as the
 * severity options' weights, with two rules before them: Non-translation 25, Minor
 * Fluency/Punctuation 0.1.
 */
import type { TSchemeField } from "./scheme-field";
import type { TOptionValue } from "./scheme-option";

type TSpans = Extract<TSchemeField, { kind: "spans" }>;

export interface TWeighedSpan {
  label: TOptionValue;
  attributes?: Record<string, TOptionValue>;
}

/** The group a label sits under, or null. */
export function spanLabelGroup(field: TSpans, label: TOptionValue): string | null {
  return field.labels.find((l) => l.value === label)?.group ?? null;
}

export function spanWeight(field: TSpans, span: TWeighedSpan): number {
  const group = spanLabelGroup(field, span.label);
  const attrs = span.attributes ?? {};
  for (const rule of field.weights ?? []) {
    if (rule.label !== undefined && rule.label !== span.label && rule.label !== group) continue;
    if (Object.entries(rule.attributes ?? {}).some(([k, v]) => attrs[k] !== v)) continue;
    return rule.weight;
  }
  let w = field.labels.find((l) => l.value === span.label)?.weight ?? 0;
  for (const a of field.attributes) {
    const v = attrs[a.id];
    if (v === undefined) continue;
    w += a.options.find((o) => o.value === v)?.weight ?? 0;
  }
  return w;
}
