/**
 * Accuracy against gold for the fields of a project's own scheme that declare
 * `gold` (lib/schemes/language/scheme-field.ts): the share of an annotator's
 * values equal to the gold value of their unit, as a percentage (as
 * exact_agreement), in the agreement-figure shape with statistic "accuracy".
 * Pure: the caller reads the values and the gold (lib/db/reports/scheme-report-data.ts).
 *
 * - Gold `{from: "item", key}`: the item's value under `key` (Segment.lists), the gold of
 *   every unit of that item (every translation of a segment, for a translation-scoped field).
 * - Gold `{from: "adjudication"}`: the adjudicated value of the unit.
 * - Equal: the same value as the field stores it, compared as text for single values (an item's
 *   imported gold "3" equals a scale's 3), as a set for a multi field (order does not matter),
 *   as the whole value otherwise (a tag sequence, a vector). A value the field does not accept
 *   is left out, as in the agreement figures; a unit without gold is not counted (`n` says how
 *   many were).
 * - Rows pooled over annotators (no `annotator`) and then per annotator (`annotator` named,
 *   raters 1), per system and pooled (`system: "all"`), as the agreement figures; with more
 *   than one annotator, a `mean_accuracy` row: the mean of their accuracies (n = annotators),
 *   as CR-ST's Table 6 reports beside each annotator's.
 */
import type { TAgreementFigure } from "./agreement-figure";
import { figureNote } from "./figure-note";
import { POOLED_SYSTEM, schemeUnitNoun, type TSchemeValueRow } from "./scheme-agreement";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { sortedJson } from "@/lib/schemes/canonical-value";

/** Gold values by field: by unit (adjudicated) and by segment (from the item). */
export interface TSchemeGold {
  byUnit: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  bySegment: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
}

/** The comparison key of a value of `field` (see the module comment). */
export function goldKey(field: TSchemeField, v: unknown): string {
  if (field.kind === "multi" && Array.isArray(v)) return JSON.stringify(v.map(String).sort());
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return String(v);
  return sortedJson(v);
}

const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));

/** The gold value of a unit for `field`, or undefined. */
function goldOf(field: TSchemeField, gold: TSchemeGold, unit: string): unknown {
  if (!field.gold) return undefined;
  if (field.gold.from === "adjudication") return gold.byUnit.get(field.id)?.get(unit);
  return gold.bySegment.get(field.id)?.get(segmentOf(unit));
}

interface TTally {
  hit: number;
  n: number;
}

export function schemeAccuracyFigures(scheme: TSchemeDefinition, rows: readonly TSchemeValueRow[], gold: TSchemeGold): TAgreementFigure[] {
  const out: TAgreementFigure[] = [];
  const withGold = new Map<string, TSchemeField>();
  for (const f of scheme.fields) if (f.gold && !withGold.has(f.id)) withGold.set(f.id, f);
  if (withGold.size === 0) return out;
  // field → system → annotator ("" = pooled) → tally, in one pass over the rows
  const tallies = new Map<string, Map<string, Map<string, TTally>>>();
  const systemsOf = new Map<string, Set<string>>();
  const bump = (field: string, system: string, annotator: string, hit: boolean) => {
    let bySystem = tallies.get(field);
    if (!bySystem) tallies.set(field, (bySystem = new Map()));
    let byAnnotator = bySystem.get(system);
    if (!byAnnotator) bySystem.set(system, (byAnnotator = new Map()));
    let t = byAnnotator.get(annotator);
    if (!t) byAnnotator.set(annotator, (t = { hit: 0, n: 0 }));
    t.n++;
    if (hit) t.hit++;
  };
  for (const r of rows) {
    const field = withGold.get(r.field);
    if (!field) continue;
    const g = goldOf(field, gold, r.unit);
    if (g === undefined || g === null) continue;
    if (!validateSchemeValue(field, r.value, undefined, { withoutItem: true, insideStartsChunk: true }).ok) continue;
    const hit = goldKey(field, r.value) === goldKey(field, g);
    const systems = r.system === null ? [POOLED_SYSTEM] : [r.system, POOLED_SYSTEM];
    if (r.system !== null) {
      let s = systemsOf.get(r.field);
      if (!s) systemsOf.set(r.field, (s = new Set()));
      s.add(r.system);
    }
    for (const system of systems) {
      bump(r.field, system, r.annotator, hit);
      bump(r.field, system, "", hit);
    }
  }
  for (const [id, field] of withGold) {
    const bySystem = tallies.get(id);
    if (!bySystem) continue;
    const unit = schemeUnitNoun(field);
    for (const system of [...[...(systemsOf.get(id) ?? [])].sort(), POOLED_SYSTEM]) {
      const byAnnotator = bySystem.get(system);
      if (!byAnnotator) continue;
      const annotators = [...byAnnotator.keys()].filter((a) => a !== "").sort();
      for (const a of ["", ...annotators]) {
        const t = byAnnotator.get(a)!;
        const f: TAgreementFigure = { scheme: scheme.id, system, field: id, statistic: "accuracy", value: t.n ? (100 * t.hit) / t.n : null, n: t.n, raters: a ? 1 : annotators.length };
        if (a) f.annotator = a;
        const { note } = figureNote(f, unit);
        if (note) f.note = note;
        out.push(f);
      }
      // the mean of the annotators' accuracies (CR-ST's "Average" row, issue 17): n = annotators
      if (annotators.length > 1) {
        const accs = annotators.map((a) => byAnnotator.get(a)!).filter((t) => t.n > 0).map((t) => (100 * t.hit) / t.n);
        out.push({ scheme: scheme.id, system, field: id, statistic: "mean_accuracy", value: accs.length ? accs.reduce((x, y) => x + y, 0) / accs.length : null, n: accs.length, raters: annotators.length });
      }
    }
  }
  return out;
}
