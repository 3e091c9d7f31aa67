/**
 * The `cr-st.accuracy` analysis (issue 17 point 4): accuracy against the item's gold, per
 * annotator and the mean over annotators, over all items and broken down by every scalar attribute
 * the items carry (ChID's `transparency` T1–T4, a source set, a score), as the CR-ST paper splits
 * its results by semantic-transparency subset; the same for each model (its suggestions of the
 * field, lib/db/models/model-values.ts) as rows of its own, never as an annotator and never in the
 * annotators' mean, as the paper's Tables 2 and 6 set LLMs beside humans. Which candidates were
 * chosen wrongly, by how many annotators, is the confusion list. Pure: the caller gives the values,
 * the models' values, the items' gold and their attributes.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeValueRow } from "../scheme-agreement";

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

/** A model's accuracy on one subset (or on all items): over the items it answered. */
export interface TModelSubsetAccuracy {
  attribute: string;
  value: string;
  model: string;
  /** share 0–1 */
  accuracy: number;
  n: number;
}

/** The group of every item, before the attributes' subsets. */
export const ALL_ITEMS = { attribute: "all", value: "all" } as const;

export interface TConfusion {
  segmentId: string;
  gold: string;
  /** wrong candidates chosen, with how many annotators chose each, most chosen first */
  wrong: { candidate: string; annotators: number }[];
}

export interface TCrStAnalysis {
  field: string;
  /** every item first (ALL_ITEMS), then each attribute's subsets by name and value */
  subsets: TSubsetAccuracy[];
  /** the models' rows, in the same groups, models by name */
  models: TModelSubsetAccuracy[];
  confusion: TConfusion[];
}

const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));

/** The field the analysis is about: a choice with gold from the item (CR-ST's `answer`). */
function goldField(def: TSchemeDefinition): { id: string; key: string } | null {
  const f = def.fields.find((x) => x.kind === "choice" && x.gold?.from === "item");
  return f && f.gold?.from === "item" ? { id: f.id, key: f.gold.key } : null;
}

/** The id of the field the analysis is about, or null when the scheme has none. */
export function crStField(def: TSchemeDefinition): string | null {
  return goldField(def)?.id ?? null;
}

export function crStAnalysisApplies(def: TSchemeDefinition): boolean {
  return def.analyses.includes(CR_ST_ANALYSIS) && goldField(def) !== null;
}

type TTally = { hit: number; n: number };

/** (group key → rater → tally) over every item and each attribute's subsets. */
function tallyByGroup(
  answers: readonly { unit: string; rater: string; value: unknown }[],
  goldBySegment: ReadonlyMap<string, unknown>,
  metadata: ReadonlyMap<string, Readonly<Record<string, string | number | boolean>>>,
): Map<string, Map<string, TTally>> {
  const tallies = new Map<string, Map<string, TTally>>();
  const count = (key: string, rater: string, hit: boolean) => {
    const byRater = tallies.get(key) ?? new Map<string, TTally>();
    const t = byRater.get(rater) ?? { hit: 0, n: 0 };
    t.n++;
    if (hit) t.hit++;
    byRater.set(rater, t);
    tallies.set(key, byRater);
  };
  for (const r of answers) {
    const seg = segmentOf(r.unit);
    const hit = String(r.value) === String(goldBySegment.get(seg));
    count(ALL_KEY, r.rater, hit);
    for (const [attribute, v] of Object.entries(metadata.get(seg) ?? {})) count(`${attribute}\u0000${String(v)}`, r.rater, hit);
  }
  return tallies;
}

const ALL_KEY = `${ALL_ITEMS.attribute}\u0000${ALL_ITEMS.value}`;
/** every item first, then the attributes' subsets by name and value */
const groupOrder = (keys: Iterable<string>) => [...keys].sort((a, b) => Number(b === ALL_KEY) - Number(a === ALL_KEY) || (a < b ? -1 : a > b ? 1 : 0));

export function crStAnalysis(
  def: TSchemeDefinition,
  values: readonly TSchemeValueRow[],
  goldBySegment: ReadonlyMap<string, unknown>,
  metadata: ReadonlyMap<string, Readonly<Record<string, string | number | boolean>>>,
  modelValues: readonly { field: string; unit: string; model: string; value: unknown }[] = [],
): TCrStAnalysis {
  const field = goldField(def)!;
  const answers = values.filter((r) => r.field === field.id && goldBySegment.has(segmentOf(r.unit)));
  const wrong = new Map<string, Map<string, number>>();
  for (const r of answers) {
    const seg = segmentOf(r.unit);
    if (String(r.value) === String(goldBySegment.get(seg))) continue;
    const m = wrong.get(seg) ?? new Map<string, number>();
    m.set(String(r.value), (m.get(String(r.value)) ?? 0) + 1);
    wrong.set(seg, m);
  }
  const tallies = tallyByGroup(answers.map((r) => ({ unit: r.unit, rater: r.annotator, value: r.value })), goldBySegment, metadata);
  const subsets: TSubsetAccuracy[] = [];
  for (const key of groupOrder(tallies.keys())) {
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
  const modelAnswers = modelValues.filter((r) => r.field === field.id && goldBySegment.has(segmentOf(r.unit)));
  const modelTallies = tallyByGroup(modelAnswers.map((r) => ({ unit: r.unit, rater: r.model, value: r.value })), goldBySegment, metadata);
  const models: TModelSubsetAccuracy[] = [];
  for (const key of groupOrder(modelTallies.keys())) {
    const [attribute, value] = key.split("\u0000");
    const byModel = modelTallies.get(key)!;
    for (const model of [...byModel.keys()].sort()) {
      const t = byModel.get(model)!;
      models.push({ attribute, value, model, accuracy: t.hit / t.n, n: t.n });
    }
  }
  const confusion: TConfusion[] = [...wrong.entries()]
    .map(([segmentId, m]) => ({
      segmentId,
      gold: String(goldBySegment.get(segmentId)),
      wrong: [...m.entries()].map(([candidate, annotators]) => ({ candidate, annotators })).sort((a, b) => b.annotators - a.annotators || a.candidate.localeCompare(b.candidate)),
    }))
    .sort((a, b) => b.wrong.reduce((k, w) => k + w.annotators, 0) - a.wrong.reduce((k, w) => k + w.annotators, 0) || a.segmentId.localeCompare(b.segmentId));
  return { field: field.id, subsets, models, confusion };
}
