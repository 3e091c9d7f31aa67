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
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";

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

interface TCoded {
  /** the figure's field name: the field id, or `id.dimension` for a vector */
  field: string;
  system: string | null;
  language: string | null;
  unit: string;
  annotator: string;
  code: Code;
}

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

/**
 * One code per non-whitespace character of `text`: the sorted labels of the spans covering it,
 * joined by "+", or NO_SPAN. Offsets past the text are ignored. Index = the character's offset.
 */
export function characterCodes(text: string, spans: readonly { start: number; end: number; label: Code }[]): (string | null)[] {
  const labels: Set<string>[] = Array.from({ length: text.length }, () => new Set<string>());
  for (const sp of spans) for (let i = Math.max(0, sp.start); i < Math.min(sp.end, text.length); i++) labels[i].add(String(sp.label));
  return labels.map((l, i) => (/\s/.test(text[i]) ? null : l.size === 0 ? NO_SPAN : [...l].sort().join("+")));
}

/** The codes one stored value contributes (several for vectors, tags and spans). */
function codesOf(fields: TSchemeField[], level: TMeasurementLevel, row: TSchemeValueRow, itemLists?: TItemLists, unitTexts?: TUnitTexts): TCoded[] {
  // stored values: an imported file's tags as written (an I- after O is a label of its own: issue 30.6)
  const accepted = fields.find((f) => validateSchemeValue(f, row.value, undefined, { withoutItem: true, insideStartsChunk: true }).ok);
  if (!accepted) return [];
  const at = (code: Code, field = row.field, unit = row.unit): TCoded => ({ field, system: row.system, language: row.language ?? null, unit, annotator: row.annotator, code });
  const v = row.value;
  switch (accepted.kind) {
    case "scale":
    case "number":
      return [at(v as number)];
    case "choice": {
      // options from the item (cloze candidates): every item has its own, so the code is the
      // value's position in the item's published list, as CR-ST counts Fleiss' κ (issue 17)
      if (accepted.optionsFrom && itemLists) {
        const list = itemLists.get(row.unit.slice(0, row.unit.indexOf("|")))?.[accepted.optionsFrom];
        const p = list ? list.indexOf(v) : -1;
        return p >= 0 ? [at(p + 1)] : [];
      }
      if (level !== "ordinal") return [at(v as Code)];
      const options = optionValues(fields);
      return options ? [at(options.indexOf(v as Code) + 1)] : typeof v === "number" ? [at(v)] : [];
    }
    case "boolean":
      return [at(String(v))];
    case "multi":
      return [at(JSON.stringify([...(v as Code[])].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0))))];
    case "alignment": {
      // without patterns (target words) the marked spans as one category, as a multi value's set
      // ("[]" = not rendered): two annotators agree only on the same words
      if (!accepted.patterns) return [at(JSON.stringify([...(v as { spans: { start: number; end: number }[] }).spans].sort((a, b) => a.start - b.start || a.end - b.end).map((s) => [s.start, s.end])))];
      return [at((v as { pattern: Code }).pattern)];
    }
    case "vector":
      return Object.entries(v as Record<string, number>).map(([d, x]) => at(x, `${row.field}.${d}`));
    case "tags":
      return (v as (Code | null)[]).map((t, i) => at(t ?? "O", row.field, `${row.unit}#${i + 1}`));
    case "spans": {
      const text = unitTexts?.get(row.unit);
      if (text === undefined) return [];
      return characterCodes(text, v as { start: number; end: number; label: Code }[]).flatMap((c, i) => (c === null ? [] : [at(c, row.field, `${row.unit}#${i}`)]));
    }
    default:
      return [];
  }
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
  const counts = new Set<number>();
  const units = matrix[0]?.length ?? 0;
  for (let u = 0; u < units; u++) {
    const k = matrix.reduce((n, row) => n + (row[u] === null ? 0 : 1), 0);
    if (k > 0) counts.add(k);
  }
  const constantRaters = counts.size === 1 && [...counts][0] >= 2;
  const observed = [...new Set(matrix.flat().filter((c): c is Code => c !== null))].sort((a, b) =>
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

/** Coders × units, both sorted, null where an annotator gave no value. */
function matrixOf(rows: TCoded[]): { ratings: Ratings; coders: string[] } {
  const coders = [...new Set(rows.map((r) => r.annotator))].sort();
  const units = [...new Set(rows.map((r) => r.unit))].sort();
  const ci = new Map(coders.map((c, i) => [c, i]));
  const ui = new Map(units.map((u, i) => [u, i]));
  const ratings: Ratings = coders.map(() => new Array<Code | null>(units.length).fill(null));
  for (const r of rows) ratings[ci.get(r.annotator)!][ui.get(r.unit)!] = r.code;
  return { ratings, coders };
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
  const coded = rows.filter((r) => r.field === id).flatMap((r) => codesOf(fields, level, r, opts.itemLists, opts.unitTexts));
  return { level, ...matrixOf(coded.filter((c) => c.field === name)), unit };
}

/**
 * Agreement figures of every field of `scheme` that has a measurement level,
 * in the scheme's field order; per field, the systems in name order and then
 * the pooled figures.
 */
export function schemeAgreementFigures(
  scheme: TSchemeDefinition,
  rows: readonly TSchemeValueRow[],
  /** byItemLanguage: false when the report is one target language's (scheme-report-language.ts) */
  opts: { bootstrap?: TRatingsSpec["bootstrap"]; itemLists?: TItemLists; unitTexts?: TUnitTexts; byItemLanguage?: boolean } = {},
): TSchemeAgreementFigure[] {
  const out: TSchemeAgreementFigure[] = [];
  const ids = [...new Set(scheme.fields.map((f) => f.id))];
  const byField = new Map<string, TSchemeValueRow[]>();
  for (const r of rows) {
    let list = byField.get(r.field);
    if (!list) byField.set(r.field, (list = []));
    list.push(r);
  }
  for (const id of ids) {
    const fields = scheme.fields.filter((f) => f.id === id);
    const level = measurementLevelOf(fields[0]);
    if (level === null) continue;
    const coded = (byField.get(id) ?? []).flatMap((r) => codesOf(fields, level, r, opts.itemLists, opts.unitTexts));
    // a vector's dimensions are figures of their own, in the declared order
    const names = fields[0].kind === "vector" ? fields[0].dimensions.map((d) => `${id}.${d.id}`) : [id];
    for (const name of names) {
      const mine = coded.filter((c) => c.field === name);
      if (mine.length === 0) continue;
      const systems = [...new Set(mine.map((c) => c.system).filter((s): s is string => s !== null))].sort();
      const groups: [string, string | null, TCoded[]][] = systems.map((s) => [s, null, mine.filter((c) => c.system === s)]);
      groups.push([POOLED_SYSTEM, null, mine]);
      const languages = [...new Set(mine.map((c) => c.language).filter((l): l is string => l !== null))].sort();
      if (languages.length > 1 && opts.byItemLanguage !== false) for (const l of languages) groups.push([POOLED_SYSTEM, l, mine.filter((c) => c.language === l)]);
      const unit = schemeUnitNoun(fields[0]);
      for (const [system, language, group] of groups) {
        const { ratings, coders } = matrixOf(group);
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
