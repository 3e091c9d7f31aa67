/**
 * Drift alerts (issue 31 point 4): each annotator's agreement with the rest of the panel on their
 * last W submitted items, against the interval the panel's own agreement gives a window of that
 * size; an annotator below it is flagged, with the window's items that moved the figure. Pure: the
 * caller gives the report pipeline's value rows (lib/db/reports/scheme-report-data.ts) and when each
 * annotator submitted each item (lib/db/reports/drift-data.ts).
 *
 * Per unit the annotator's value is compared with the panel's value of that unit: the other
 * annotators' values (at least one other must have coded it) summed up at the field's level —
 * - nominal: the others' most frequent code; a tie counts for the annotator when their code is one
 *   of the tied (they side with part of a split panel: that is not drift), else the first tied code;
 * - ordinal: the others' lower median (an observed point of the scale: the order is all there is);
 * - interval, ratio: the others' mean.
 * One statistic per level, each from lib/agreement over the two rows (annotator, panel):
 * - nominal: percentage agreement (0..1). Why not κ: a window of 50 items often holds one or two
 *   categories only, where κ is undefined or swings on a single item, and the comparison below is
 *   with windows of the same size drawn from the same project, so chance agreement is the same on
 *   both sides of it and needs no correction;
 * - ordinal, interval, ratio: Krippendorff's α at the field's level, which weighs how far the value
 *   is from the panel's (a 4 against a 5 is not a 1 against a 5) and is the figure the dashboard
 *   gives those fields. α is undefined when the window has no variation (then no figure, no flag).
 *
 * The panel's interval: the figure a window of the same number of units gets when its (value,
 * panel) pairs are drawn, with replacement, from every *other* annotator's pairs over the whole
 * project (the annotator left out, so that their drift does not widen their own yardstick); the
 * percentile interval of B such windows (seeded, lib/agreement's seededRandom and quantile7, as
 * bootstrapCI). A window figure below its lower bound is flagged. Why this and not the bootstrap
 * interval of the pooled figure: a window of 50 is far noisier than the whole project, and the
 * pooled figure's interval would flag every annotator on an unlucky window.
 *
 * Accuracy on hidden gold checks drifts the same way (lib/reports/drift-gold-checks.ts): those rows
 * have source "gold".
 *
 * Kinds: scale, number, choice, boolean and multi (a set is one category, as the dashboard codes
 * it), alignments (the pattern, or the marked words as one set), each dimension of a vector (a
 * figure `field.dimension`), and tags and spans per token and character where anyone marked
 * something (subUnitCodes). Text and edits have no level and no figure.
 */
import { krippendorffAlpha, percentAgreement, quantile7, seededRandom, type Code } from "@/lib/agreement";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { measurementLevelOf, type TMeasurementLevel } from "@/lib/schemes/language/measurement-level";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { characterCodes, NO_SPAN, type TSchemeValueRow, type TUnitTexts } from "./scheme-agreement";

/** The lead's setting: how many of an annotator's last submitted items make the window. */
export const DEFAULT_DRIFT_WINDOW = 50;

export interface TDriftOptions {
  /** items (assignments) in an annotator's window: their last W submitted; default 50 */
  window?: number;
  /** fewest compared units in a window for a figure (fewer: no figure, reason given); default 10 */
  minUnits?: number;
  /** windows drawn for the panel's interval; default 400 */
  iterations?: number;
  seed?: number;
  /** the interval's level; default 0.95 */
  level?: number;
  /** the text each unit's spans mark (the report data's unitTexts): a spans field needs it */
  unitTexts?: TUnitTexts;
}

/** When an annotator submitted an item (segment): the window is their latest W. */
export interface TDriftSubmission {
  annotator: string;
  segmentId: string;
  /** milliseconds since the epoch */
  at: number;
}

/** gold_accuracy: the share of right answers to hidden gold checks (lib/reports/drift-gold-checks.ts) */
export type TDriftStatistic = "percent_agreement" | "alpha" | "gold_accuracy";

/** A window's unit where the annotator's value differs from the panel's. */
export interface TDriftItem {
  segmentId: string;
  unit: string;
  value: Code;
  panel: Code;
  /** nominal: the share of the other annotators who gave another code; else |value − panel| */
  disagreement: number;
  /** the other annotators who coded the unit */
  others: number;
}

export interface TDriftRow {
  /** "panel": agreement with the other annotators; "gold": accuracy on hidden gold checks */
  source: "panel" | "gold";
  field: string;
  level: TMeasurementLevel;
  statistic: TDriftStatistic;
  annotator: string;
  /** submitted items in the window, and the units of this field compared in them */
  items: number;
  units: number;
  value: number | null;
  /** why value (or the interval) is missing */
  reason?: string;
  lower: number | null;
  upper: number | null;
  flagged: boolean;
  /** the window's units where the annotator left the panel, most disagreeing first (then latest first) */
  moved: TDriftItem[];
}

/**
 * A drift figure's field: `id` is its name (a field id, or `id.dimension` of a vector), `fieldId`
 * the values' field. `shape` says what one value codes: one code ("one"; a vector's dimension
 * "dimension"), or one per token ("tokens") or non-whitespace character ("characters") that anyone
 * marked in the unit.
 */
type TDriftField = { id: string; fieldId: string; level: TMeasurementLevel; fields: TSchemeField[]; shape: "one" | "dimension" | "tokens" | "characters"; dimension?: string };

const ONE_CODE = new Set(["scale", "number", "choice", "boolean", "multi", "alignment"]);

/** The figures drift is computed for: every field with a measurement level but text and edits (which have none). */
export function driftFields(def: TSchemeDefinition): TDriftField[] {
  const byId = new Map<string, TSchemeField[]>();
  for (const f of def.fields) byId.set(f.id, [...(byId.get(f.id) ?? []), f]); // few fields
  const out: TDriftField[] = [];
  for (const [id, fields] of byId) {
    const level = measurementLevelOf(fields[0]);
    if (!level) continue;
    const f = fields[0];
    if (fields.every((x) => ONE_CODE.has(x.kind))) out.push({ id, fieldId: id, level, fields, shape: "one" });
    else if (f.kind === "vector" && fields.length === 1) for (const d of f.dimensions) out.push({ id: `${id}.${d.id}`, fieldId: id, level, fields, shape: "dimension", dimension: d.id });
    else if (f.kind === "tags" && fields.length === 1) out.push({ id, fieldId: id, level, fields, shape: "tokens" });
    else if (f.kind === "spans" && fields.length === 1) out.push({ id, fieldId: id, level, fields, shape: "characters" });
  }
  return out;
}

/** The one code of a stored value (null: a value the field does not accept). Ordinal choices are their position, as α needs numbers. */
function codeOf(f: TDriftField, value: unknown): Code | null {
  const field = f.fields.find((x) => validateSchemeValue(x, value, undefined, { withoutItem: true }).ok);
  if (!field) return null;
  switch (field.kind) {
    case "scale":
    case "number":
      return value as number;
    case "boolean":
      return String(value);
    case "multi":
      return JSON.stringify([...(value as Code[])].map(String).sort());
    case "alignment": {
      // as the dashboard codes it: the pattern, or (target words) the marked spans as one set
      const v = value as { pattern?: Code; spans: { start: number; end: number }[] };
      if (field.patterns) return v.pattern ?? null;
      return JSON.stringify([...v.spans].sort((a, b) => a.start - b.start || a.end - b.end).map((x) => [x.start, x.end]));
    }
    case "vector": {
      const x = (value as Record<string, unknown>)[f.dimension!];
      return typeof x === "number" ? x : null;
    }
    case "choice": {
      if (f.level !== "ordinal") return value as Code;
      if (typeof value === "number") return value;
      const p = field.options?.findIndex((o) => o.value === value) ?? -1;
      return p >= 0 ? p + 1 : null;
    }
    default:
      return null;
  }
}

const UNMARKED_TOKEN = "O";

/**
 * Tokens and characters: each annotator's code per token (the tag, "O" untagged) or non-whitespace
 * character (its labels, NO_SPAN unmarked), as the dashboard codes them, kept only where someone
 * marked something: a figure over every unmarked character of a text would be near 1 for anyone,
 * and what drift is to catch, an annotator who stops marking or marks elsewhere, shows where the
 * others marked. Sub-units are `unit#index`.
 */
function subUnitCodes(f: TDriftField, coders: Map<string, unknown>, text: string | undefined): Map<string, Map<string, Code>> {
  const perAnnotator = new Map<string, (Code | null)[]>();
  for (const [a, value] of coders) {
    if (!f.fields.some((x) => validateSchemeValue(x, value, undefined, { withoutItem: true }).ok)) continue;
    if (f.shape === "tokens") perAnnotator.set(a, (value as (Code | null)[]).map((t) => t ?? UNMARKED_TOKEN));
    else if (text !== undefined) perAnnotator.set(a, characterCodes(text, value as { start: number; end: number; label: Code }[]));
  }
  const unmarked = f.shape === "tokens" ? UNMARKED_TOKEN : NO_SPAN;
  const out = new Map<string, Map<string, Code>>();
  const length = Math.max(0, ...[...perAnnotator.values()].map((c) => c.length));
  for (let i = 0; i < length; i++) {
    let marked = false;
    for (const codes of perAnnotator.values()) if (codes[i] !== undefined && codes[i] !== null && codes[i] !== unmarked) marked = true;
    if (!marked) continue;
    const m = new Map<string, Code>();
    for (const [a, codes] of perAnnotator) {
      const c = i < codes.length ? codes[i] : unmarked;
      if (c !== null && c !== undefined) m.set(a, c);
    }
    out.set(`#${i}`, m);
  }
  return out;
}

/** The panel's code of a unit for an annotator whose code is `own`, from the others' codes (non-empty). */
function panelCode(level: TMeasurementLevel, own: Code, others: Code[]): Code {
  if (level === "nominal") {
    const counts = new Map<Code, number>();
    for (const c of others) counts.set(c, (counts.get(c) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const tied = [...counts.keys()].filter((c) => counts.get(c) === top);
    return tied.includes(own) ? own : tied.sort((x, y) => (String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0))[0];
  }
  const xs = (others as number[]).slice().sort((x, y) => x - y);
  if (level === "ordinal") return xs[Math.floor((xs.length - 1) / 2)];
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

function disagreementOf(level: TMeasurementLevel, own: Code, panel: Code, others: Code[]): number {
  if (level === "nominal") return others.filter((c) => c !== own).length / others.length;
  return Math.abs((own as number) - (panel as number));
}

/** The statistic of a level over (annotator, panel) rows. */
function statistic(level: TMeasurementLevel, own: Code[], panel: Code[]): { value: number | null; reason?: string } {
  const r = level === "nominal" ? percentAgreement([own, panel]) : krippendorffAlpha([own, panel], { level });
  return { value: r.value, reason: r.reason };
}

interface TPair {
  segmentId: string;
  unit: string;
  own: Code;
  panel: Code;
  others: Code[];
}

/**
 * Every annotator's drift figure per covered field. `submissions` are the submitted items (DONE
 * assignments) with their time; values on items not submitted are neither in a window nor in the
 * panel's pool (a draft is not yet the annotator's answer).
 */
export function schemeDrift(def: TSchemeDefinition, values: readonly TSchemeValueRow[], submissions: readonly TDriftSubmission[], opts: TDriftOptions = {}): TDriftRow[] {
  const W = opts.window ?? DEFAULT_DRIFT_WINDOW;
  const minUnits = opts.minUnits ?? 10;
  const iterations = opts.iterations ?? 400;
  const seed = opts.seed ?? 1;
  const level = opts.level ?? 0.95;
  if (!Number.isInteger(W) || W < 1) throw new Error(`drift: the window must be a positive whole number of items, got ${W}`);

  // each annotator's submitted items, latest first; the window is the first W
  const submitted = new Map<string, TDriftSubmission[]>();
  for (const s of submissions) {
    const list = submitted.get(s.annotator);
    if (list) list.push(s);
    else submitted.set(s.annotator, [s]);
  }
  const windows = new Map<string, Set<string>>();
  const doneSegments = new Map<string, Set<string>>();
  const recency = new Map<string, Map<string, number>>();
  for (const [a, list] of submitted) {
    list.sort((x, y) => y.at - x.at || (x.segmentId < y.segmentId ? -1 : 1));
    windows.set(a, new Set(list.slice(0, W).map((s) => s.segmentId)));
    doneSegments.set(a, new Set(list.map((s) => s.segmentId)));
    recency.set(a, new Map(list.map((s, i) => [s.segmentId, i])));
  }
  const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));

  const rows: TDriftRow[] = [];
  for (const f of driftFields(def)) {
    // unit (or token, character) → annotator → code, submitted items only
    const byUnit = new Map<string, Map<string, Code>>();
    if (f.shape === "one" || f.shape === "dimension") {
      for (const v of values) {
        if (v.field !== f.fieldId || !doneSegments.get(v.annotator)?.has(segmentOf(v.unit))) continue;
        const code = codeOf(f, v.value);
        if (code === null) continue;
        let m = byUnit.get(v.unit);
        if (!m) byUnit.set(v.unit, (m = new Map()));
        m.set(v.annotator, code);
      }
    } else {
      const byValueUnit = new Map<string, Map<string, unknown>>();
      for (const v of values) {
        if (v.field !== f.fieldId || !doneSegments.get(v.annotator)?.has(segmentOf(v.unit))) continue;
        let m = byValueUnit.get(v.unit);
        if (!m) byValueUnit.set(v.unit, (m = new Map()));
        m.set(v.annotator, v.value);
      }
      for (const [unit, coders] of byValueUnit) for (const [sub, m] of subUnitCodes(f, coders, opts.unitTexts?.get(unit))) byUnit.set(unit + sub, m);
    }
    // every annotator's (own, panel) pairs over the whole project
    const pairs = new Map<string, TPair[]>();
    for (const [unit, coders] of byUnit) {
      if (coders.size < 2) continue;
      for (const [a, own] of coders) {
        const others = [...coders].filter(([b]) => b !== a).map(([, c]) => c);
        const pair = { segmentId: segmentOf(unit), unit, own, panel: panelCode(f.level, own, others), others };
        const list = pairs.get(a);
        if (list) list.push(pair);
        else pairs.set(a, [pair]);
      }
    }
    const stat: TDriftStatistic = f.level === "nominal" ? "percent_agreement" : "alpha";
    for (const a of [...pairs.keys()].sort()) {
      const inWindow = pairs.get(a)!.filter((p) => windows.get(a)?.has(p.segmentId));
      const base = { source: "panel" as const, field: f.id, level: f.level, statistic: stat, annotator: a, items: windows.get(a)?.size ?? 0, units: inWindow.length };
      if (inWindow.length < minUnits) {
        rows.push({ ...base, value: null, reason: `${inWindow.length} compared units in the window (fewer than ${minUnits})`, lower: null, upper: null, flagged: false, moved: [] });
        continue;
      }
      const own = statistic(f.level, inWindow.map((p) => p.own), inWindow.map((p) => p.panel));
      const interval = panelInterval(f.level, [...pairs].filter(([b]) => b !== a).flatMap(([, ps]) => ps), inWindow.length, { iterations, seed, level });
      const flagged = own.value !== null && interval.lower !== null && own.value < interval.lower;
      const rank = recency.get(a)!;
      const each = inWindow
        .filter((p) => p.own !== p.panel)
        .map((p) => ({ segmentId: p.segmentId, unit: p.unit, value: p.own, panel: p.panel, disagreement: disagreementOf(f.level, p.own, p.panel, p.others), others: p.others.length }))
        .sort((x, y) => y.disagreement - x.disagreement || rank.get(x.segmentId)! - rank.get(y.segmentId)! || (x.unit < y.unit ? -1 : 1));
      // a token or character is not an item: its unit is listed once, at its most disagreeing sub-unit
      const moved = f.shape === "tokens" || f.shape === "characters" ? firstPerUnit(each) : each;
      rows.push({ ...base, value: own.value, reason: own.reason ?? interval.reason, lower: interval.lower, upper: interval.upper, flagged, moved });
    }
  }
  return rows;
}

/** The first entry of each unit (`unit#sub` → `unit`), in the order given. */
function firstPerUnit(items: TDriftItem[]): TDriftItem[] {
  const seen = new Set<string>();
  const out: TDriftItem[] = [];
  for (const m of items) {
    const unit = m.unit.slice(0, m.unit.lastIndexOf("#"));
    if (seen.has(unit)) continue;
    seen.add(unit);
    out.push({ ...m, unit });
  }
  return out;
}

/**
 * The percentile interval of the figure of a window of `n` units drawn with replacement from `pool`
 * (the other annotators' pairs). Undefined replicates (α without variation) are left out; when more
 * than half are undefined, or the pool is empty, there is no interval.
 */
export function panelInterval(level: TMeasurementLevel, pool: readonly { own: Code; panel: Code }[], n: number, opts: { iterations: number; seed: number; level: number }): { lower: number | null; upper: number | null; reason?: string } {
  if (pool.length === 0) return { lower: null, upper: null, reason: "no other annotator shares units with the panel" };
  const rng = seededRandom(opts.seed);
  const own: Code[] = new Array(n);
  const panel: Code[] = new Array(n);
  const figures: number[] = [];
  for (let b = 0; b < opts.iterations; b++) {
    for (let i = 0; i < n; i++) {
      const p = pool[rng.int(pool.length)];
      own[i] = p.own;
      panel[i] = p.panel;
    }
    const v = statistic(level, own, panel).value;
    if (v !== null) figures.push(v);
  }
  if (figures.length * 2 < opts.iterations) return { lower: null, upper: null, reason: `the panel's windows have no figure in ${opts.iterations - figures.length} of ${opts.iterations} draws` };
  figures.sort((x, y) => x - y);
  const tail = (1 - opts.level) / 2;
  return { lower: quantile7(figures, tail), upper: quantile7(figures, 1 - tail) };
}
