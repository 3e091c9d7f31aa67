/**
 * Drift on hidden gold checks (issue 31 point 4, "and with gold checks"): each annotator's share of
 * right answers over their last W answers to gold checks of one field, against the interval that
 * windows of as many answers drawn from the other annotators' answers give; below it, flagged, with
 * the window's wrong answers as the items that moved it. Pure: the caller gives the stored answers
 * (GoldCheckAnswer: one per annotator, gold item, field and unit, right or wrong).
 *
 * Why a window of answers and not of items, as the panel rows have: gold checks are a small share
 * of a queue (5 % is typical), so the last W items would hold two or three of them, too few for a
 * figure. The interval is the panel rows' (lib/reports/drift.ts panelInterval) with each answer a
 * pair that agrees when right, so the window's figure is its accuracy and the yardstick is the
 * other annotators' accuracy on windows of the same size, the annotator left out.
 */
import type { TMeasurementLevel } from "@/lib/schemes/language/measurement-level";
import { panelInterval, type TDriftOptions, type TDriftRow } from "./drift";

/** One stored answer to a hidden gold check. */
export interface TGoldCheckAnswerRow {
  annotator: string;
  segmentId: string;
  field: string;
  /** the unit within the item (its item key) */
  unit: string;
  correct: boolean;
  /** milliseconds since the epoch */
  at: number;
}

const RIGHT = { own: "right", panel: "right" } as const;
const WRONG = { own: "wrong", panel: "right" } as const;

/** Every annotator's gold-check drift row per field that has answers; `levels` names each field's level for the row. */
export function goldCheckDrift(answers: readonly TGoldCheckAnswerRow[], levels: ReadonlyMap<string, TMeasurementLevel>, opts: TDriftOptions = {}): TDriftRow[] {
  const W = opts.window ?? 50;
  const minUnits = opts.minUnits ?? 10;
  const interval = { iterations: opts.iterations ?? 400, seed: opts.seed ?? 1, level: opts.level ?? 0.95 };
  const byField = new Map<string, Map<string, TGoldCheckAnswerRow[]>>();
  for (const a of answers) {
    let byAnnotator = byField.get(a.field);
    if (!byAnnotator) byField.set(a.field, (byAnnotator = new Map()));
    const list = byAnnotator.get(a.annotator);
    if (list) list.push(a);
    else byAnnotator.set(a.annotator, [a]);
  }
  const rows: TDriftRow[] = [];
  for (const field of [...byField.keys()].sort()) {
    const byAnnotator = byField.get(field)!;
    // latest first; the same instant (one submit answers several units) by item and unit
    for (const list of byAnnotator.values()) list.sort((x, y) => y.at - x.at || (x.segmentId < y.segmentId ? -1 : x.segmentId > y.segmentId ? 1 : x.unit < y.unit ? -1 : 1));
    for (const annotator of [...byAnnotator.keys()].sort()) {
      const window = byAnnotator.get(annotator)!.slice(0, W);
      const base = { source: "gold" as const, field, level: levels.get(field) ?? "nominal", statistic: "gold_accuracy" as const, annotator, items: new Set(window.map((a) => a.segmentId)).size, units: window.length };
      if (window.length < minUnits) {
        rows.push({ ...base, value: null, reason: `${window.length} gold-check answers in the window (fewer than ${minUnits})`, lower: null, upper: null, flagged: false, moved: [] });
        continue;
      }
      const value = window.filter((a) => a.correct).length / window.length;
      const pool = [...byAnnotator].filter(([b]) => b !== annotator).flatMap(([, xs]) => xs.map((a) => (a.correct ? RIGHT : WRONG)));
      const { lower, upper, reason } = panelInterval("nominal", pool, window.length, interval);
      const moved = window.filter((a) => !a.correct).map((a) => ({ segmentId: a.segmentId, unit: a.unit, value: "wrong", panel: "gold", disagreement: 1, others: 0 }));
      rows.push({ ...base, value, reason, lower, upper, flagged: lower !== null && value < lower, moved });
    }
  }
  return rows;
}
