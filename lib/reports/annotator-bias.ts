/**
 * Per-annotator severity bias, the context an adjudicator needs to weigh a
 * value ("B marks everything as an error"). Computed on the units the
 * annotator shares with others (disagreements.ts), so it compares like with
 * like:
 * - Likert fields: mean of (own score − mean of the others' scores); negative
 *   = harsher than the panel;
 * - MetaHOPE: mean of (own penalty − mean of the others' penalties) per cell,
 *   plus the annotator's total penalty (MetaHOPE's "A/B totals").
 * Undefined (null) when the annotator shares no such unit.
 */
import { isNumericField, type TDisagreementUnit } from "./disagreements";

export interface TAnnotatorBias {
  annotatorId: string;
  likert: { meanDifference: number | null; units: number };
  metahope: { meanDifference: number | null; units: number; totalPenalty: number };
}

export function annotatorBias(units: readonly TDisagreementUnit[], annotatorIds: readonly string[]): TAnnotatorBias[] {
  const acc = new Map(annotatorIds.map((a) => [a, { l: 0, ln: 0, m: 0, mn: 0, total: 0 }]));
  for (const u of units) {
    if (!isNumericField(u.field) || !u.values.every((v) => typeof v.value === "number")) continue;
    const metahope = u.field.startsWith("METAHOPE_");
    const sum = u.values.reduce((s, v) => s + (v.value as number), 0);
    for (const v of u.values) {
      const a = acc.get(v.annotatorId);
      if (!a) continue;
      const others = (sum - (v.value as number)) / (u.values.length - 1);
      const d = (v.value as number) - others;
      if (metahope) {
        a.m += d;
        a.mn++;
        a.total += v.value as number;
      } else {
        a.l += d;
        a.ln++;
      }
    }
  }
  return annotatorIds.map((id) => {
    const a = acc.get(id)!;
    return {
      annotatorId: id,
      likert: { meanDifference: a.ln ? a.l / a.ln : null, units: a.ln },
      metahope: { meanDifference: a.mn ? a.m / a.mn : null, units: a.mn, totalPenalty: a.total },
    };
  });
}
