/**
 * The `cr-st.accuracy` analysis (issue 17 point 4): accuracy against the item's gold, per
 * annotator and the mean over annotators, broken down by every scalar attribute the items carry
 * (ChID's `transparency` T1–T4, a source set, a score), as the CR-ST paper splits its results by
 * semantic-transparency subset. Which candidates were chosen wrongly, by how many annotators, is
 * the confusion list. Pure: the caller gives the values, the items' gold and their attributes.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeValueRow } from "./scheme-agreement";

export const CR_ST_ANALYSIS = "cr-st.accuracy";

export interface TSubsetAccuracy {
  attribute: string;
  value: string;
  /** null = the mean over annotators of their accuracies */
  annotator: string | null;
  /** share 0–1; null without any item */
  accuracy: number | null;
  n: number;
}

export interface TConfusion {
  segmentId: string;
  gold: string;
  /** wrong candidates chosen, with how many annotators chose each, most chosen first */
  wrong: { candidate: string; annotators: number }[];
}

export interface TCrStAnalysis {
  field: string;
  subsets: TSubsetAccuracy[];
  confusion: TConfusion[];
}

const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));

/** The field the analysis is about: a choice with gold from the item (CR-ST's `answer`). */
function goldField(def: TSchemeDefinition): { id: string; key: string } | null {
  const f = def.fields.find((x) => x.kind === "choice" && x.gold?.from === "item");
  return f && f.gold?.from === "item" ? { id: f.id, key: f.gold.key } : null;
}

export function crStAnalysisApplies(def: TSchemeDefinition): boolean {
  return def.analyses.includes(CR_ST_ANALYSIS) && goldField(def) !== null;
}

export function crStAnalysis(
  def: TSchemeDefinition,
  values: readonly TSchemeValueRow[],
  goldBySegment: ReadonlyMap<string, unknown>,
  metadata: ReadonlyMap<string, Readonly<Record<string, string | number | boolean>>>,
): TCrStAnalysis {
  const field = goldField(def)!;
  const answers = values.filter((r) => r.field === field.id && goldBySegment.has(segmentOf(r.unit)));
  // (attribute, value) → annotator → tally
  const tallies = new Map<string, Map<string, { hit: number; n: number }>>();
  const wrong = new Map<string, Map<string, number>>();
  for (const r of answers) {
    const seg = segmentOf(r.unit);
    const gold = String(goldBySegment.get(seg));
    const hit = String(r.value) === gold;
    if (!hit) {
      const m = wrong.get(seg) ?? new Map<string, number>();
      m.set(String(r.value), (m.get(String(r.value)) ?? 0) + 1);
      wrong.set(seg, m);
    }
    for (const [attribute, v] of Object.entries(metadata.get(seg) ?? {})) {
      const key = `${attribute}\u0000${String(v)}`;
      const byAnnotator = tallies.get(key) ?? new Map<string, { hit: number; n: number }>();
      const t = byAnnotator.get(r.annotator) ?? { hit: 0, n: 0 };
      t.n++;
      if (hit) t.hit++;
      byAnnotator.set(r.annotator, t);
      tallies.set(key, byAnnotator);
    }
  }
  const subsets: TSubsetAccuracy[] = [];
  for (const key of [...tallies.keys()].sort()) {
    const [attribute, value] = key.split("\u0000");
    const byAnnotator = tallies.get(key)!;
    const annotators = [...byAnnotator.keys()].sort();
    const accs: number[] = [];
    for (const a of annotators) {
      const t = byAnnotator.get(a)!;
      accs.push(t.hit / t.n);
      subsets.push({ attribute, value, annotator: a, accuracy: t.hit / t.n, n: t.n });
    }
    subsets.push({ attribute, value, annotator: null, accuracy: accs.length ? accs.reduce((x, y) => x + y, 0) / accs.length : null, n: annotators.length });
  }
  const confusion: TConfusion[] = [...wrong.entries()]
    .map(([segmentId, m]) => ({
      segmentId,
      gold: String(goldBySegment.get(segmentId)),
      wrong: [...m.entries()].map(([candidate, annotators]) => ({ candidate, annotators })).sort((a, b) => b.annotators - a.annotators || a.candidate.localeCompare(b.candidate)),
    }))
    .sort((a, b) => b.wrong.reduce((k, w) => k + w.annotators, 0) - a.wrong.reduce((k, w) => k + w.annotators, 0) || a.segmentId.localeCompare(b.segmentId));
  return { field: field.id, subsets, confusion };
}
