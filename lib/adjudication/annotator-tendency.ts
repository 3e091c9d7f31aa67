/**
 * Each annotator's tendency over the whole project, the context an adjudicator needs to weigh a
 * value ("Annotator 2 rates everything a point lower", "Annotator 3 marks twice the penalty"),
 * for every scheme:
 * - scale fields: the mean of (own value − mean of the other annotators' values of the same unit)
 *   over the units the annotator shares with at least one other; negative = harsher than the panel;
 * - spans fields that weigh their spans (MetaHOPE's severities, MQM's weights): the same
 *   difference of the penalty per unit (the sum of the spans' weights, an empty list = 0), and
 *   the annotator's total penalty over every unit (MetaHOPE's per-annotator totals).
 * Computed on the report pipeline's value rows (lib/db/reports/scheme-report-data.ts), so it compares like
 * with like; null where an annotator shares no such unit. Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { declaresWeights, spansPenalty } from "@/lib/workspace/span-penalty";

type TSpans = Extract<TSchemeField, { kind: "spans" }>;

export interface TTendencyRow {
  field: string;
  unit: string;
  annotator: string;
  value: unknown;
}

export interface TPenaltyTendency {
  field: string;
  label: string;
  meanDifference: number | null;
  /** units shared with another annotator */
  units: number;
  /** the annotator's penalty summed over every unit they marked */
  total: number;
}

export interface TAnnotatorTendency {
  annotator: string;
  scales: { meanDifference: number | null; units: number };
  penalties: TPenaltyTendency[];
}

/** The fields a tendency is computed for: scales, and spans fields that declare weights (one alternative per id). */
export function tendencyFields(def: TSchemeDefinition): { scales: Set<string>; spans: Map<string, TSpans> } {
  const scales = new Set<string>();
  const spans = new Map<string, TSpans>();
  for (const f of def.fields) {
    if (f.kind === "scale") scales.add(f.id);
    else if (f.kind === "spans" && declaresWeights(f) && !spans.has(f.id)) spans.set(f.id, f);
  }
  return { scales, spans };
}

interface TAcc {
  sum: number;
  n: number;
  total: number;
}

/** Adds each value's difference from the mean of the others' values of its unit to `acc` (per annotator). */
function addDifferences(byUnit: Map<string, { annotator: string; x: number }[]>, acc: (annotator: string) => TAcc | undefined): void {
  for (const values of byUnit.values()) {
    if (values.length < 2) continue;
    const sum = values.reduce((s, v) => s + v.x, 0);
    for (const v of values) {
      const a = acc(v.annotator);
      if (!a) continue;
      a.sum += v.x - (sum - v.x) / (values.length - 1);
      a.n++;
    }
  }
}

export function annotatorTendency(def: TSchemeDefinition, rows: readonly TTendencyRow[], annotators: readonly string[]): TAnnotatorTendency[] {
  const { scales, spans } = tendencyFields(def);
  const wanted = new Set(annotators);
  const scaleAcc = new Map(annotators.map((a) => [a, { sum: 0, n: 0, total: 0 }]));
  const scaleUnits = new Map<string, { annotator: string; x: number }[]>();
  const spanUnits = new Map([...spans.keys()].map((id) => [id, new Map<string, { annotator: string; x: number }[]>()]));
  const spanAcc = new Map([...spans.keys()].map((id) => [id, new Map(annotators.map((a) => [a, { sum: 0, n: 0, total: 0 }]))]));
  for (const r of rows) {
    if (scales.has(r.field)) {
      if (typeof r.value !== "number") continue;
      const k = `${r.field}\u0000${r.unit}`;
      (scaleUnits.get(k) ?? scaleUnits.set(k, []).get(k)!).push({ annotator: r.annotator, x: r.value });
      continue;
    }
    const field = spans.get(r.field);
    // a spans value is a list (an empty one: nothing marked, penalty 0); anything else is no value
    if (!field || !Array.isArray(r.value)) continue;
    const x = spansPenalty(field, r.value)?.penalty ?? 0;
    const units = spanUnits.get(r.field)!;
    (units.get(r.unit) ?? units.set(r.unit, []).get(r.unit)!).push({ annotator: r.annotator, x });
    if (wanted.has(r.annotator)) spanAcc.get(r.field)!.get(r.annotator)!.total += x;
  }
  addDifferences(scaleUnits, (a) => scaleAcc.get(a));
  for (const [id, units] of spanUnits) addDifferences(units, (a) => spanAcc.get(id)!.get(a));
  const mean = (a: TAcc) => (a.n ? a.sum / a.n : null);
  return annotators.map((annotator) => {
    const s = scaleAcc.get(annotator)!;
    return {
      annotator,
      scales: { meanDifference: mean(s), units: s.n },
      penalties: [...spans.values()].map((f) => {
        const a = spanAcc.get(f.id)!.get(annotator)!;
        return { field: f.id, label: f.label, meanDifference: mean(a), units: a.n, total: Math.round(a.total * 100) / 100 };
      }),
    };
  });
}
