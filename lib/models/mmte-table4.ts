/**
 * MMTE's Table 4 (Wang et al. 2024, §4.3): how often a model's equivalence label equals the
 * humans', split by what the humans said: on translations the humans labelled full equivalence
 * ("full") and on those they labelled part- or non-equivalence ("others"; mistranslations and
 * errors are in neither, as in the paper's caption). Pure.
 *
 * The humans' label of a unit: its adjudicated value when there is one, else the label most of
 * its annotators gave (a tie has no human label and the unit is left out). Accuracy is a share
 * (0–1) over the units with a human label in the class and a model label; `n` says how many.
 */
import type { Code } from "@/lib/agreement/types";

export const MMTE_TABLE4_CLASSES = { full: ["FULL"], others: ["PART", "NON"] } as const;
export type TTable4Class = keyof typeof MMTE_TABLE4_CLASSES;

export interface TTable4Row {
  class: TTable4Class;
  value: number | null;
  n: number;
}

/** The humans' label per unit: adjudicated, else a strict majority of the annotators. */
export function humanLabels(annotators: readonly ReadonlyMap<string, Code>[], adjudicated: ReadonlyMap<string, Code>): Map<string, Code> {
  const out = new Map<string, Code>(adjudicated);
  const votes = new Map<string, Map<Code, number>>();
  for (const a of annotators) {
    for (const [unit, v] of a) {
      if (adjudicated.has(unit)) continue;
      const m = votes.get(unit) ?? new Map<Code, number>();
      m.set(v, (m.get(v) ?? 0) + 1);
      votes.set(unit, m);
    }
  }
  for (const [unit, m] of votes) {
    const sorted = [...m.entries()].sort((x, y) => y[1] - x[1]);
    if (sorted.length === 1 || sorted[0][1] > sorted[1][1]) out.set(unit, sorted[0][0]);
  }
  return out;
}

export function mmteTable4(model: ReadonlyMap<string, Code>, human: ReadonlyMap<string, Code>): TTable4Row[] {
  return (Object.keys(MMTE_TABLE4_CLASSES) as TTable4Class[]).map((cls) => {
    const labels: readonly Code[] = MMTE_TABLE4_CLASSES[cls];
    let n = 0;
    let hit = 0;
    for (const [unit, h] of human) {
      if (!labels.includes(h)) continue;
      const m = model.get(unit);
      if (m === undefined) continue;
      n++;
      if (m === h) hit++;
    }
    return { class: cls, value: n ? hit / n : null, n };
  });
}
