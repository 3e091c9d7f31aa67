/**
 * Agreement for every field of a scheme written in the scheme language, from
 * the field's measurement level (issue 14 point 5), in the agreement-figure
 * shape of `tropos export --what agreement` with `scheme` the scheme's id.
 * Pure: the caller reads the stored values (one row per annotator and unit).
 *
 * What each level gets (the statistics the level allows, Stevens 1946):
 * - every level: Krippendorff's α at the field's level and every level below
 *   it (nominal < ordinal < interval < ratio), Cohen's κ per annotator pair,
 *   exact agreement (percentage of units coded by every annotator on which
 *   all agree);
 * - nominal: unweighted κ, and Fleiss' κ (overall and per label) when every
 *   unit was coded by the same number of annotators (Fleiss 1971 assumes it);
 * - ordinal and up: κ also linear and quadratic weighted (Cohen 1968);
 * - interval and ratio: Pearson's r per pair.
 * The statistics, and the conventions shared with the MMTE and MetaHOPE
 * figures (coders without a value left out, pairs named when there are more
 * than two annotators, undefined values with their reason), are
 * lib/reports/ratings-figures.ts over lib/agreement.
 *
 * Codes per kind: a scale or number value is its number; a choice its option
 * value, or for an ordinal choice its position in the options (1, 2, …), since
 * the declared order is the order and α and weighted κ need numbers; a boolean
 * "true"/"false"; a choice among the item's own options (`optionsFrom`, cloze
 * candidates) its 1-based position in the item's list, so that categories mean
 * the same across items (CR-ST's Fleiss' κ over candidate positions); a multi
 * value the set as one category (sorted JSON), so two
 * annotators agree only on the same set; an alignment its pattern (without patterns, its marked
 * spans as one category, like a set); a vector
 * one figure set per dimension (field `emotion.joy`); tags one unit per token
 * (an untagged token is "O"); spans one unit per character of the text they
 * mark (below). Text and edits (no level; compared by edit distance) get no
 * figures here. A value the field does not accept is left out.
 *
 * Spans, per character: every non-whitespace UTF-16 code unit of the text the
 * value is anchored to (the source, a translation or a role's text) is a unit,
 * `<unit>#<offset>`, coded with the label of the span covering it, "none" where
 * no span does, and the labels joined by "+" in sorted order where spans with
 * different labels overlap (so two annotators agree only on the same labels).
 * Then α, κ and Fleiss' κ at the nominal level, as for tags. An annotator with
 * no value for a text codes none of its characters (missing, not "none"); an
 * empty list codes every character "none". Why characters rather than tokens:
 * spans are stored as character offsets and need not follow any tokenisation
 * (imported spans, Chinese without spaces), and per character nothing but the
 * text is needed; whitespace is left out so that the spacing of a text does
 * not add "none" agreement. A long word weighs as many units as it has
 * characters. Attributes (a severity) are not compared: that needs the spans
 * matched first. A text the caller did not give (`unitTexts`) is left out.
 *
 * Figures are per system and pooled over systems (`system: "all"`); a field at
 * a scope without systems (segment, MRW, document, role) gets only the pooled
 * figures. When a field's values are about items in more than one language
 * (Meta4XNLI's EN and ES), the pooled figures come once more per language
 * (`language` set, issue 16 point 4). Categories: a scale's κ uses its whole
 * grid (`kappaCategories: "scale"`), a choice its options, others the values
 * observed. Pairwise figures (Cohen's κ, Pearson's r) always name their pair in
 * `annotators`, two annotators included.
 *
 * Fleiss' κ of a tags field: the units are tokens, and every token of a
 * sentence has the same annotators (a value is a whole tag sequence). When the
 * sentences were not all tagged by the same number of annotators, Fleiss'
 * κ is computed over the tokens of the sentences tagged by the largest number
 * k ≥ 2 of annotators (Fleiss 1971 assumes a constant k), and its note says how
 * many sentences that leaves out; Cohen's κ and α still use every token.
 */
import type { TAgreementFigure } from "./agreement-figure";
import { figureNote } from "./figure-note";
import { ratingsFigures, type TRatingsSpec } from "./ratings-figures";
import type { TAlphaLevelName } from "./agreement-options";
import type { Code, Ratings } from "@/lib/agreement";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { measurementLevelOf, MEASUREMENT_LEVELS, type TMeasurementLevel } from "@/lib/schemes/language/measurement-level";
import { acceptedValues, type TAcceptedValues } from "./scheme-accepted-values";
import { rowCodesOf, type TRowCodes } from "./scheme-row-codes";

/** One stored value. `unit` identifies what it is about (e.g. the item key with its segment), distinct across systems. */
export interface TSchemeValueRow {
  field: string;
  /** the system of the translation the value is about; null at scopes without one */
  system: string | null;
  unit: string;
  annotator: string;
  value: unknown;
  /** the language of the item the value is about (Segment.language) */
  language?: string;
}

/** The agreement figure with `scheme` the scheme's id. */
export type TSchemeAgreementFigure = TAgreementFigure;

export const POOLED_SYSTEM = "all";

const LEVEL_ORDER: readonly TMeasurementLevel[] = MEASUREMENT_LEVELS;

function optionValues(fields: TSchemeField[]): Code[] | undefined {
  const out: Code[] = [];
  for (const f of fields) {
    if ((f.kind !== "choice" && f.kind !== "multi") || !f.options) return undefined;
    for (const o of f.options) if (!out.includes(o.value)) out.push(o.value);
  }
  return out;
}

function scaleGrid(f: Extract<TSchemeField, { kind: "scale" }>): number[] {
  const out: number[] = [];
  const steps = Math.round((f.max - f.min) / f.step);
  // computed from min by multiplication, rounded to 12 digits, so 0.1 steps give 0.3, not 0.30000000000000004
  for (let i = 0; i <= steps; i++) out.push(Number((f.min + i * f.step).toPrecision(12)));
  return out;
}

/** segmentId → list name → the item's list (a choice field's optionsFrom: cloze candidates). */
export type TItemLists = ReadonlyMap<string, Readonly<Record<string, readonly unknown[]>>>;

/** The unit of a value → the text it marks (a spans field's source, translation or role text). */
export type TUnitTexts = ReadonlyMap<string, string>;

export const NO_SPAN = "none";

/** JavaScript's `\s` on one UTF-16 code unit (below U+00A0 only tab to carriage return and space). */
const SPACE = /\s/;
const isSpace = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return c < 0xa0 ? c === 32 || (c >= 9 && c <= 13) : SPACE.test(text[i]);
};

/**
 * One code per non-whitespace character of `text`: the sorted labels of the spans covering it,
 * joined by "+", or NO_SPAN. Offsets past the text are ignored. Index = the character's offset.
 * A set of labels only where spans with different labels overlap.
 */
export function characterCodes(text: string, spans: readonly { start: number; end: number; label: Code }[]): (string | null)[] {
  const n = text.length;
  const first: (string | undefined)[] = new Array(n);
  let several: Set<string>[] | null = null;
  for (const sp of spans) {
    const label = String(sp.label);
    for (let i = Math.max(0, sp.start); i < Math.min(sp.end, n); i++) {
      const had = first[i];
      if (had === undefined) first[i] = label;
      else if (had !== label) {
        several ??= [];
        (several[i] ??= new Set([had])).add(label);
      }
    }
  }
  const out = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const set = several?.[i];
    out[i] = isSpace(text, i) ? null : set ? [...set].sort().join("+") : (first[i] ?? NO_SPAN);
  }
  return out;
}

/** A growing list of 32-bit integers: no array of numbers for the garbage collector to trace and copy. */
class IntList {
  items = new Int32Array(1024);
  length = 0;
  push(x: number) {
    if (this.length === this.items.length) {
      const more = new Int32Array(this.length * 2);
      more.set(this.items);
      this.items = more;
    }
    this.items[this.length++] = x;
  }
}

/**
 * The coded values of one figure name (a field, or a vector's dimension), in the order of the rows:
 * per value its row, its unit and its code. A unit is a row's `unit` (`units`, an index into
 * `bases`: the units of the rows, scheme-row-codes.ts, shared by every name of the rows), or with
 * `sub` ≥ 0 one of its tokens or characters, `<unit>#<sub>`, kept as the pair (no string per
 * character).
 */
interface TCodedValues {
  bases: readonly string[];
  rows: IntList;
  units: IntList;
  subs: IntList;
  codes: Code[];
}

function codedValues(bases: readonly string[]): TCodedValues {
  return { bases, rows: new IntList(), units: new IntList(), subs: new IntList(), codes: [] };
}

function pushCode(into: TCodedValues, row: number, unit: number, sub: number, code: Code) {
  into.rows.push(row);
  into.units.push(unit);
  into.subs.push(sub);
  into.codes.push(code);
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The codes of the values of one field id (`fields`: its alternatives), per figure name: the code
 * of each kind as the module comment says. `accepted`: per row, the alternative that accepts it;
 * `rowCodes`: the rows' units as numbers.
 */
function codeField(
  fields: TSchemeField[],
  level: TMeasurementLevel,
  rows: readonly TSchemeValueRow[],
  indices: readonly number[],
  accepted: TAcceptedValues,
  rowCodes: TRowCodes,
  names: readonly string[],
  itemLists?: TItemLists,
  unitTexts?: TUnitTexts,
): Map<string, TCodedValues> {
  const out = new Map<string, TCodedValues>(names.map((n) => [n, codedValues(rowCodes.units)]));
  const unitOf = rowCodes.unit;
  const id = fields[0].id;
  const single = out.get(id);
  const options = level === "ordinal" ? optionValues(fields) : undefined;
  for (const r of indices) {
    const acc = accepted[r];
    if (!acc) continue;
    const row = rows[r];
    const v = row.value;
    switch (acc.kind) {
      case "scale":
      case "number":
        if (single) pushCode(single, r, unitOf[r], -1, v as number);
        break;
      case "choice": {
        if (!single) break;
        // options from the item (cloze candidates): every item has its own, so the code is the
        // value's position in the item's published list, as CR-ST counts Fleiss' κ (issue 17)
        if (acc.optionsFrom && itemLists) {
          const list = itemLists.get(row.unit.slice(0, row.unit.indexOf("|")))?.[acc.optionsFrom];
          const p = list ? list.indexOf(v) : -1;
          if (p >= 0) pushCode(single, r, unitOf[r], -1, p + 1);
        } else if (level !== "ordinal") pushCode(single, r, unitOf[r], -1, v as Code);
        else if (options) pushCode(single, r, unitOf[r], -1, options.indexOf(v as Code) + 1);
        else if (typeof v === "number") pushCode(single, r, unitOf[r], -1, v);
        break;
      }
      case "boolean":
        if (single) pushCode(single, r, unitOf[r], -1, String(v));
        break;
      case "multi":
        if (single) pushCode(single, r, unitOf[r], -1, JSON.stringify([...(v as Code[])].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0))));
        break;
      case "alignment":
        if (!single) break;
        // without patterns (target words) the marked spans as one category, as a multi value's set
        // ("[]" = not rendered): two annotators agree only on the same words
        if (!acc.patterns) pushCode(single, r, unitOf[r], -1, JSON.stringify([...(v as { spans: { start: number; end: number }[] }).spans].sort((a, b) => a.start - b.start || a.end - b.end).map((s) => [s.start, s.end])));
        else pushCode(single, r, unitOf[r], -1, (v as { pattern: Code }).pattern);
        break;
      case "vector":
        for (const [d, x] of Object.entries(v as Record<string, number>)) {
          const into = out.get(`${row.field}.${d}`);
          if (into) pushCode(into, r, unitOf[r], -1, x);
        }
        break;
      case "tags":
        if (single) {
          const u = unitOf[r];
          (v as (Code | null)[]).forEach((t, i) => {
            single.rows.push(r);
            single.units.push(u);
            single.subs.push(i + 1);
            single.codes.push(t ?? "O");
          });
        }
        break;
      case "spans": {
        const text = unitTexts?.get(row.unit);
        if (text === undefined || !single) break;
        const codes = characterCodes(text, v as { start: number; end: number; label: Code }[]);
        const u = unitOf[r];
        for (let i = 0; i < codes.length; i++) {
          const c = codes[i];
          if (c === null) continue;
          single.rows.push(r);
          single.units.push(u);
          single.subs.push(i);
          single.codes.push(c);
        }
        break;
      }
    }
  }
  return out;
}

/**
 * The rank of every coded value's unit among the name's units in the order of their strings
 * (`unit`, or `unit#sub`), as sorting those strings does (so the ratings matrices have the columns,
 * and the figures the last bits, they had when the strings were sorted), with one sort of the row
 * units per field instead of one sort of every token's or character's string per group. Tokens
 * and characters of one unit follow it in the order of their numbers as text ("#10" before "#2").
 * When a unit is a prefix of another (`a` and `a#1`), their tokens' strings may interleave: those
 * are ranked by their strings.
 */
function unitRanks(c: TCodedValues): { ranks: Int32Array; count: number } {
  const { bases } = c;
  const units = c.units.items;
  const subs = c.subs.items;
  const n = c.units.length;
  const order = bases.map((_, i) => i).sort((a, b) => byString(bases[a], bases[b]));
  const baseRank = new Int32Array(bases.length);
  order.forEach((b, k) => (baseRank[b] = k));
  const ranks = new Int32Array(n);
  let maxSub = -1;
  for (let e = 0; e < n; e++) if (subs[e] > maxSub) maxSub = subs[e];
  if (maxSub < 0) {
    for (let e = 0; e < n; e++) ranks[e] = baseRank[units[e]];
    return { ranks, count: bases.length };
  }
  let prefixed = false;
  for (let k = 1; k < order.length && !prefixed; k++) prefixed = bases[order[k]].startsWith(bases[order[k - 1]]);
  if (prefixed) {
    const strings = Array.from({ length: n }, (_, e) => (subs[e] < 0 ? bases[units[e]] : `${bases[units[e]]}#${subs[e]}`));
    const sorted = [...new Set(strings)].sort();
    const rank = new Map(sorted.map((s, k) => [s, k]));
    for (let e = 0; e < n; e++) ranks[e] = rank.get(strings[e])!;
    return { ranks, count: sorted.length };
  }
  // the tokens' numbers in the order of their decimal strings
  const subRank = new Int32Array(maxSub + 2);
  subRank[0] = -1;
  Array.from({ length: maxSub + 1 }, (_, s) => s)
    .sort((a, b) => byString(String(a), String(b)))
    .forEach((s, k) => (subRank[s + 1] = k));
  // the values grouped by their unit's rank (a counting sort)
  const start = new Int32Array(bases.length + 1);
  for (let e = 0; e < n; e++) start[baseRank[units[e]] + 1]++;
  for (let k = 0; k < bases.length; k++) start[k + 1] += start[k];
  const fill = start.slice(0, bases.length);
  const grouped = new Int32Array(n);
  for (let e = 0; e < n; e++) grouped[fill[baseRank[units[e]]]++] = e;
  const stamp = new Int32Array(maxSub + 2);
  const rankOfSub = new Int32Array(maxSub + 2);
  let count = 0;
  const distinct: number[] = [];
  for (let k = 0; k < bases.length; k++) {
    distinct.length = 0;
    for (let g = start[k]; g < start[k + 1]; g++) {
      const s = subs[grouped[g]] + 1;
      if (stamp[s] !== k + 1) {
        stamp[s] = k + 1;
        distinct.push(s);
      }
    }
    distinct.sort((a, b) => subRank[a] - subRank[b]);
    for (const s of distinct) rankOfSub[s] = count++;
    for (let g = start[k]; g < start[k + 1]; g++) ranks[grouped[g]] = rankOfSub[subs[grouped[g]] + 1];
  }
  return { ranks, count };
}

/** What one unit of a field is, for the figure's note ("only 3 translations: unstable"). */
export function schemeUnitNoun(field: TSchemeField): string {
  if (field.kind === "tags") return "token";
  if (field.kind === "spans") return "character";
  const scope = field.scope;
  if (typeof scope !== "string") return "item";
  return { document: "document", segment: "item", translation: "translation", mrw: "MRW", "mrw-translation": "MRW instance" }[scope];
}

function specFor(fields: TSchemeField[], level: TMeasurementLevel, matrix: Ratings): Omit<TRatingsSpec, "unit"> {
  const f = fields[0];
  const alphaLevels = LEVEL_ORDER.slice(0, LEVEL_ORDER.indexOf(level) + 1) as TAlphaLevelName[];
  const ordered = level !== "nominal";
  let categories: { name: "observed" | "scale"; categories: Code[] | undefined } = { name: "observed", categories: undefined };
  if (f.kind === "scale") categories = { name: "scale", categories: scaleGrid(f) };
  else if (f.kind === "choice" && ordered) {
    const options = optionValues(fields);
    if (options) categories = { name: "scale", categories: options.map((_, i) => i + 1) };
  } else if (f.kind === "choice") {
    const options = optionValues(fields);
    if (options) categories = { name: "scale", categories: options };
  }
  // Fleiss' κ assumes every unit rated by the same number of raters
  const units = matrix[0]?.length ?? 0;
  let raters = 0;
  let constant = true;
  const seen = new Set<Code>();
  for (let u = 0; u < units; u++) {
    let k = 0;
    for (const row of matrix) {
      const c = row[u];
      if (c === null) continue;
      k++;
      seen.add(c);
    }
    if (k === 0) continue;
    if (raters === 0) raters = k;
    else if (k !== raters) constant = false;
  }
  const constantRaters = constant && raters >= 2;
  const observed = [...seen].sort((a, b) =>
    typeof a === "number" && typeof b === "number" ? a - b : typeof a === "number" ? -1 : typeof b === "number" ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
  return {
    alphaLevels,
    kappaWeights: ordered ? ["unweighted", "linear", "quadratic"] : ["unweighted"],
    kappaCategoryLists: [categories],
    pearson: level === "interval" || level === "ratio",
    totals: false,
    fleiss: level === "nominal" && constantRaters ? { categories: categories.categories ?? observed } : undefined,
  };
}

/**
 * The tokens of the sentences tagged by the most annotators (k ≥ 2), as a ratings matrix with
 * only those units; null when every token already has the same number of raters (or none has two).
 */
function constantRatersSubset(matrix: Ratings): { ratings: Ratings; rows: number[]; k: number; units: number; kept: number } | null {
  const units = matrix[0]?.length ?? 0;
  const counts = new Array<number>(units).fill(0);
  for (const row of matrix) for (let u = 0; u < units; u++) if (row[u] !== null) counts[u]++;
  const coded = counts.filter((c) => c > 0);
  const k = Math.max(0, ...coded);
  if (k < 2 || coded.every((c) => c === k)) return null;
  const keep: number[] = [];
  counts.forEach((c, u) => c === k && keep.push(u));
  const rows = matrix.flatMap((row, i) => (keep.some((u) => row[u] !== null) ? [i] : []));
  return { ratings: rows.map((i) => keep.map((u) => matrix[i][u])), rows, k, units: coded.length, kept: keep.length };
}

/** unitRanks of units given as (unit, sub) pairs (sub -1: the unit itself), for its test. */
export function rankUnits(units: readonly string[], subs: readonly number[]): { ranks: Int32Array; count: number } {
  const bases = [...new Set(units)];
  const c = codedValues(bases);
  units.forEach((u, i) => pushCode(c, i, bases.indexOf(u), subs[i], 0));
  return unitRanks(c);
}

/**
 * Coders × units of the coded values `group` (indices into `c`; all when null), coders sorted,
 * units in rank order (unitRanks), null where an annotator gave no value; a later value of the same
 * annotator and unit replaces an earlier one.
 */
function matrixOf(c: TCodedValues, ranks: { ranks: Int32Array; count: number }, coderOf: Int32Array, coderNames: readonly string[], group: readonly number[] | null): { ratings: Ratings; coders: string[] } {
  const n = group ? group.length : c.rows.length;
  const rows = c.rows.items;
  const at = (k: number) => (group ? group[k] : k);
  const present = new Uint8Array(coderNames.length);
  const seen = new Uint8Array(ranks.count);
  for (let k = 0; k < n; k++) {
    const e = at(k);
    present[coderOf[rows[e]]] = 1;
    seen[ranks.ranks[e]] = 1;
  }
  const coderIds: number[] = [];
  present.forEach((p, i) => p && coderIds.push(i));
  coderIds.sort((a, b) => byString(coderNames[a], coderNames[b]));
  const rowOf = new Int32Array(coderNames.length);
  coderIds.forEach((id, i) => (rowOf[id] = i));
  const column = new Int32Array(ranks.count);
  let units = 0;
  for (let u = 0; u < ranks.count; u++) if (seen[u]) column[u] = units++;
  const ratings: Ratings = coderIds.map(() => new Array<Code | null>(units).fill(null));
  for (let k = 0; k < n; k++) {
    const e = at(k);
    ratings[rowOf[coderOf[rows[e]]]][column[ranks.ranks[e]]] = c.codes[e];
  }
  return { ratings, coders: coderIds.map((i) => coderNames[i]) };
}

/**
 * One field's ratings as its pooled figures (`system: "all"`) see them, coded as above: the study
 * planner's pilot (lib/db/reports/study-plan.ts). `name`: a field id, or `id.dimension` of a vector.
 * Null when the scheme has no such field; `level` null (and no ratings) for a field without one.
 */
export function schemeFieldRatings(scheme: TSchemeDefinition, rows: readonly TSchemeValueRow[], name: string, opts: { itemLists?: TItemLists; unitTexts?: TUnitTexts } = {}): { level: TMeasurementLevel | null; ratings: Ratings; coders: string[]; unit: string } | null {
  const id = scheme.fields.some((f) => f.id === name) ? name : name.slice(0, name.indexOf("."));
  const fields = scheme.fields.filter((f) => f.id === id);
  if (fields.length === 0 || (id !== name && (fields[0].kind !== "vector" || !fields[0].dimensions.some((d) => `${id}.${d.id}` === name)))) return null;
  const level = measurementLevelOf(fields[0]);
  const unit = schemeUnitNoun(fields[0]);
  if (level === null) return { level, ratings: [], coders: [], unit };
  const own = rows.filter((r) => r.field === id);
  const codes = rowCodesOf(own);
  const mine = codeField(fields, level, own, own.map((_, i) => i), acceptedValues(scheme, own), codes, [name], opts.itemLists, opts.unitTexts).get(name)!;
  return { level, ...matrixOf(mine, unitRanks(mine), codes.annotator, codes.annotators, null), unit };
}

/**
 * Agreement figures of every field of `scheme` that has a measurement level,
 * in the scheme's field order; per field, the systems in name order and then
 * the pooled figures. `accepted`: which values count (scheme-accepted-values.ts), when the
 * caller has it already.
 */
export function schemeAgreementFigures(
  scheme: TSchemeDefinition,
  rows: readonly TSchemeValueRow[],
  /** byItemLanguage: false when the report is one target language's (scheme-report-language.ts) */
  opts: { bootstrap?: TRatingsSpec["bootstrap"]; itemLists?: TItemLists; unitTexts?: TUnitTexts; byItemLanguage?: boolean; accepted?: TAcceptedValues } = {},
): TSchemeAgreementFigure[] {
  const out: TSchemeAgreementFigure[] = [];
  const accepted = opts.accepted ?? acceptedValues(scheme, rows);
  const ids = [...new Set(scheme.fields.map((f) => f.id))];
  const byField = new Map<string, number[]>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    let list = byField.get(r.field);
    if (!list) byField.set(r.field, (list = []));
    list.push(i);
  }
  // units, annotators, systems and languages as numbers, once for every field (and for the
  // distributions of the same rows: scheme-row-codes.ts)
  const codes = rowCodesOf(rows);
  const coderOf = { of: codes.annotator, names: codes.annotators };
  const systemOf = { of: codes.system, names: codes.systems };
  const languageOf = { of: codes.language, names: codes.languages };
  for (const id of ids) {
    const fields = scheme.fields.filter((f) => f.id === id);
    const level = measurementLevelOf(fields[0]);
    if (level === null) continue;
    // a vector's dimensions are figures of their own, in the declared order
    const names = fields[0].kind === "vector" ? fields[0].dimensions.map((d) => `${id}.${d.id}`) : [id];
    const coded = codeField(fields, level, rows, byField.get(id) ?? [], accepted, codes, names, opts.itemLists, opts.unitTexts);
    for (const name of names) {
      const mine = coded.get(name)!;
      if (mine.rows.length === 0) continue;
      const ranks = unitRanks(mine);
      // the values per system and per item language, bucketed once
      const bySystem: number[][] = [];
      const byLanguage: number[][] = [];
      for (let e = 0; e < mine.rows.length; e++) {
        const s = systemOf.of[mine.rows.items[e]];
        if (s >= 0) (bySystem[s] ??= []).push(e);
        const l = languageOf.of[mine.rows.items[e]];
        if (l >= 0) (byLanguage[l] ??= []).push(e);
      }
      const present = <T,>(buckets: T[][], names: string[]) => buckets.flatMap((g, i): [string, T[]][] => (g ? [[names[i], g]] : [])).sort((a, b) => byString(a[0], b[0]));
      const groups: [string, string | null, number[] | null][] = present(bySystem, systemOf.names).map(([s, g]) => [s, null, g]);
      groups.push([POOLED_SYSTEM, null, null]);
      const languages = present(byLanguage, languageOf.names);
      if (languages.length > 1 && opts.byItemLanguage !== false) for (const [l, g] of languages) groups.push([POOLED_SYSTEM, l, g]);
      const unit = schemeUnitNoun(fields[0]);
      for (const [system, language, group] of groups) {
        const { ratings, coders } = matrixOf(mine, ranks, coderOf.of, coderOf.names, group);
        if (coders.length < 2) continue;
        const spec = specFor(fields, level, ratings);
        const figures = ratingsFigures({ scheme: scheme.id, system, field: name }, ratings, coders, { ...spec, unit, bootstrap: opts.bootstrap });
        // tags: Fleiss' κ over the sentences tagged by the most annotators, when their number varies
        const subset = fields[0].kind === "tags" && !spec.fleiss && level === "nominal" ? constantRatersSubset(ratings) : null;
        if (subset) {
          const observed = [...new Set(subset.ratings.flat().filter((c): c is Code => c !== null))].sort((a, b) => String(a).localeCompare(String(b)));
          const fleissOnly: TRatingsSpec = { unit, alphaLevels: [], kappaWeights: [], kappaCategoryLists: [{ name: "observed", categories: undefined }], pearson: false, totals: false, fleiss: { categories: observed } };
          const extra = ratingsFigures({ scheme: scheme.id, system, field: name }, subset.ratings, subset.rows.map((i) => coders[i]), { ...fleissOnly, bootstrap: opts.bootstrap });
          for (const f of extra) {
            if (f.statistic !== "fleiss_kappa") continue;
            f.note = `over the ${subset.kept} tokens tagged by ${subset.k} annotators each (tokens with fewer annotators, ${subset.units - subset.kept} of ${subset.units}, left out: Fleiss' κ needs the same number of raters per unit)`;
            figures.push(f);
          }
        }
        for (const f of figures) {
          const g: TSchemeAgreementFigure = { ...f };
          if (language !== null) g.language = language;
          // a pair is always named, two annotators included (the tables list pairs by name)
          if ((g.statistic === "cohen_kappa" || g.statistic === "pearson_r") && !g.annotators && coders.length === 2) g.annotators = [coders[0], coders[1]];
          const own = subset && g.statistic === "fleiss_kappa" ? g.note : undefined;
          delete g.note;
          const { note } = figureNote(g, unit);
          if (note || own) g.note = [own, note].filter(Boolean).join("; ");
          out.push(g);
        }
      }
    }
  }
  return out;
}
