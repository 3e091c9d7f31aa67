/**
 * The distribution of the annotators' values per field of a project's own
 * scheme, per system and pooled (`system: "all"`): every annotator's value
 * counted once, the data the agreement figures rest on. Pure.
 *
 * Categories per kind: a scale its steps (up to 21, else ten equal bins), a
 * choice its options (an item-list choice the values seen), a multi its
 * options (each chosen option counted, "(none)" for an empty set), a boolean
 * yes/no, a number the values seen (up to 12, else ten equal bins between the
 * smallest and the largest), tags the tag of every token, spans the label of
 * every span, an alignment its patterns. Vectors, texts and edits have no
 * categories (`categories` empty; `values` still counts them). A value the
 * field does not accept is left out.
 */
import { POOLED_SYSTEM, type TSchemeValueRow } from "./scheme-agreement";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { valueLabelText } from "@/lib/schemes/language/scheme-option";
import { acceptedValues, type TAcceptedValues } from "./scheme-accepted-values";
import { rowCodesOf } from "./scheme-row-codes";

export interface TSchemeDistribution {
  field: string;
  system: string;
  /** category keys, in order */
  categories: string[];
  /** what the reader sees for each category (option labels, "3 neutral", bins "0–10") */
  names: string[];
  counts: number[];
  /** annotator values counted */
  values: number;
  units: number;
  raters: number;
}

const MAX_SCALE_STEPS = 21;
const MAX_NUMBER_VALUES = 12;
const BINS = 10;

const num = (x: number) => String(Number(x.toPrecision(12)));

interface TBinning {
  lo: number;
  hi: number;
}
const binNames = ({ lo, hi }: TBinning) => Array.from({ length: BINS }, (_, i) => `${num(lo + ((hi - lo) * i) / BINS)}–${num(lo + ((hi - lo) * (i + 1)) / BINS)}`);
const binOf = ({ lo, hi }: TBinning, v: number) => (hi === lo ? 0 : Math.min(BINS - 1, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * BINS))));

/** The category keys one value contributes (several for multi, tags, spans). */
function keysOf(field: TSchemeField, v: unknown, bins: TBinning | null): string[] {
  switch (field.kind) {
    case "scale":
    case "number":
      return [bins ? String(binOf(bins, v as number)) : num(v as number)];
    case "choice":
      return [String(v)];
    case "multi":
      return (v as unknown[]).length === 0 ? ["(none)"] : (v as unknown[]).map(String);
    case "boolean":
      return [String(v)];
    case "tags":
      return (v as (string | null)[]).map((t) => t ?? "O");
    case "spans":
      return (v as { label?: unknown }[]).map((s) => String(s.label ?? "(no label)"));
    case "alignment":
      // without patterns (target words): whether the unit is rendered
      return "pattern" in (v as object) ? [String((v as { pattern: unknown }).pattern)] : [(v as { spans: unknown[] }).spans.length ? "rendered" : "not rendered"];
    default:
      return [];
  }
}

/** Declared categories (keys and names) of a field, or null when they come from the values seen. */
function declared(field: TSchemeField): { keys: string[]; names: string[] } | null {
  switch (field.kind) {
    case "scale": {
      const steps = Math.round((field.max - field.min) / field.step);
      if (steps + 1 > MAX_SCALE_STEPS) return { keys: Array.from({ length: BINS }, (_, i) => String(i)), names: binNames({ lo: field.min, hi: field.max }) };
      const keys = Array.from({ length: steps + 1 }, (_, i) => num(field.min + i * field.step));
      const labels = field.labels ?? {};
      return { keys, names: keys.map((k) => (labels[k] ? `${k} ${valueLabelText(labels[k])}` : k)) };
    }
    case "choice":
    case "multi": {
      if (!field.options) return null;
      const keys = field.options.map((o) => String(o.value));
      const names = field.options.map((o) => o.label ?? String(o.value));
      return field.kind === "multi" ? { keys: [...keys, "(none)"], names: [...names, "(none)"] } : { keys, names };
    }
    case "boolean":
      return { keys: ["true", "false"], names: ["yes", "no"] };
    case "tags": {
      const keys = ["O"];
      for (const t of field.tags) {
        const v = String(t.value);
        if (field.bio) keys.push(`B-${v}`, `I-${v}`);
        else keys.push(v);
      }
      return { keys, names: keys };
    }
    case "spans":
      return { keys: field.labels.map((l) => String(l.value)), names: field.labels.map((l) => l.label ?? String(l.value)) };
    case "alignment":
      if (!field.patterns) return { keys: ["rendered", "not rendered"], names: ["rendered", field.none?.label ?? "not rendered"] };
      return { keys: field.patterns.map((p) => String(p.value)), names: field.patterns.map((p) => p.label ?? String(p.value)) };
    default:
      return null;
  }
}

/**
 * The declared categories of a field id over its alternatives (one per `when`, as MMTE's
 * EQUIVALENCE for metaphorical and literal sources): the first one's, then each later one's keys
 * not seen yet with their own names, so a literal source's "LITERAL" reads "Literal" too.
 */
function declaredOfAlternatives(alternatives: TSchemeField[]): { keys: string[]; names: string[] } | null {
  const [first, ...rest] = alternatives;
  const out = declared(first);
  if (!out) return null;
  for (const alt of rest) {
    const more = alt.kind === first.kind ? declared(alt) : null;
    more?.keys.forEach((k, i) => {
      if (out.keys.includes(k)) return;
      out.keys.push(k);
      out.names.push(more.names[i]);
    });
  }
  // a multi's empty set stays last
  const none = out.keys.indexOf("(none)");
  if (first.kind === "multi" && none >= 0 && none < out.keys.length - 1) {
    out.keys.push(...out.keys.splice(none, 1));
    out.names.push(...out.names.splice(none, 1));
  }
  return out;
}

/**
 * `accepted`: which values count (scheme-accepted-values.ts), when the caller has it already.
 * One pass over a field's values counts every system and the pooled group at once, each value's
 * categories found once (once per distinct value for numbers, strings and booleans).
 */
export function schemeDistributions(scheme: TSchemeDefinition, rows: readonly TSchemeValueRow[], accepted: TAcceptedValues = acceptedValues(scheme, rows)): TSchemeDistribution[] {
  // units, systems and annotators as numbers (the same codes as the agreement figures' of these rows)
  const codes = rowCodesOf(rows);
  const first = new Map<string, TSchemeField>();
  for (const f of scheme.fields) if (!first.has(f.id)) first.set(f.id, f);
  const byField = new Map<string, number[]>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!accepted[i] || !first.has(r.field)) continue;
    let list = byField.get(r.field);
    if (!list) byField.set(r.field, (list = []));
    list.push(i);
  }
  const out: TSchemeDistribution[] = [];
  for (const [id, field] of first) {
    const mine = byField.get(id);
    if (!mine?.length) continue;
    let bins: TBinning | null = null;
    if (field.kind === "scale" && Math.round((field.max - field.min) / field.step) + 1 > MAX_SCALE_STEPS) bins = { lo: field.min, hi: field.max };
    let cats = declaredOfAlternatives(scheme.fields.filter((g) => g.id === id));
    if (field.kind === "number") {
      const seen = [...new Set(mine.map((i) => rows[i].value as number))].sort((a, b) => a - b);
      if (seen.length > MAX_NUMBER_VALUES) {
        bins = { lo: seen[0], hi: seen[seen.length - 1] };
        cats = { keys: Array.from({ length: BINS }, (_, i) => String(i)), names: binNames(bins) };
      } else cats = { keys: seen.map(num), names: seen.map(num) };
    }
    // the categories of every value as numbers, found once (a number, string or boolean once per value)
    const categoryIndex = new Map<string, number>();
    const indexOf = (keys: string[]) =>
      keys.map((k) => {
        let c = categoryIndex.get(k);
        if (c === undefined) categoryIndex.set(k, (c = categoryIndex.size));
        return c;
      });
    const memo = new Map<unknown, number[]>();
    const categoriesOf = (v: unknown) => {
      if (typeof v === "object" && v !== null) return indexOf(keysOf(field, v, bins));
      let cs = memo.get(v);
      if (!cs) memo.set(v, (cs = indexOf(keysOf(field, v, bins))));
      return cs;
    };
    // per group (each system by its code, then pooled): counts per category, values, units, raters
    interface TGroup {
      counts: number[];
      values: number;
      units: number;
      raters: number;
      /** units counted: a unit's code → 1 */
      seen: Uint8Array;
      /** raters counted: an annotator's code → 1 */
      rated: Uint8Array;
    }
    const newGroup = (): TGroup => ({ counts: [], values: 0, units: 0, raters: 0, seen: new Uint8Array(codes.units.length), rated: new Uint8Array(codes.annotators.length) });
    const groups: (TGroup | undefined)[] = [];
    const pooled = newGroup();
    const count = (g: TGroup, cs: number[], unit: number, annotator: number) => {
      for (const c of cs) g.counts[c] = (g.counts[c] ?? 0) + 1;
      g.values++;
      if (!g.seen[unit]) {
        g.seen[unit] = 1;
        g.units++;
      }
      if (!g.rated[annotator]) {
        g.rated[annotator] = 1;
        g.raters++;
      }
    };
    for (const i of mine) {
      const cs = categoriesOf(rows[i].value);
      const unit = codes.unit[i];
      const annotator = codes.annotator[i];
      count(pooled, cs, unit, annotator);
      const sys = codes.system[i];
      if (sys >= 0) count((groups[sys] ??= newGroup()), cs, unit, annotator);
    }
    // one category list for every system of the field: the declared categories, then values seen
    // outside them (an item-list choice, an option removed later), sorted
    let keys = cats?.keys ?? [];
    let names = cats?.names ?? [];
    if (!["vector", "text", "edit"].includes(field.kind)) {
      const known = new Set(keys);
      const extra = [...categoryIndex.keys()].filter((k) => !known.has(k)).sort();
      keys = [...keys, ...extra];
      names = [...names, ...extra];
    }
    const systems = groups.flatMap((g, sys): [string, TGroup][] => (g ? [[codes.systems[sys], g]] : [])).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (const [system, g] of [...systems, [POOLED_SYSTEM, pooled] as [string, TGroup]]) {
      out.push({ field: id, system, categories: keys, names, counts: keys.map((k) => g.counts[categoryIndex.get(k) ?? -1] ?? 0), values: g.values, units: g.units, raters: g.raters });
    }
  }
  return out;
}
