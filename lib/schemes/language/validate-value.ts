/**
 * What a stored value of each field kind looks like, checked against one
 * field of a scheme. Pure (it runs in the browser too); never throws. The
 * reference of the shapes is lib/schemes/README.md, "Stored values".
 *
 * Messages name the field by its id and quote the offending value, e.g.
 * `meaning: "maybe" is not one of kept, literal, lost`, because the same text
 * reaches an annotator (a refused save), an importer (file, line, field) and
 * a lead (the orphan check of a scheme change).
 *
 * `null` is not a value of any kind: clearing a field deletes its value
 * rather than storing null, so the caller decides what null means.
 */
import type { TSchemeField } from "./scheme-field";
import { MAX_COMMENT_LENGTH } from "../text-limits";
import type { TOption, TOptionValue } from "./scheme-option";

export type TValidateValueResult = { ok: true; value: unknown } | { ok: false; message: string };

/** What the item gives for checks that depend on it: named lists (e.g. cloze `candidates`, `tokens`). */
export interface TValueItemContext {
  lists?: Record<string, unknown[]>;
}

export interface TValidateValueOptions {
  /**
   * Accept any string or number for options taken from the item (`optionsFrom`)
   * and skip token counts when no item is given. For checks over stored values
   * without their items (the orphan check of a scheme change); a save must pass
   * its item instead, so the default fails closed.
   */
  withoutItem?: boolean;
  /**
   * Accept an `I-X` that starts a chunk (first, or after `O` or another tag) in a BIO tags value,
   * as conlleval reads it. For an imported file's tags, stored as written so that agreement counts
   * the annotator's own labels (issue 30.6), and for checks over stored values; an annotator's
   * save, an adjudication and a model's reply still need `B-X` first.
   */
  insideStartsChunk?: boolean;
}

const EPSILON = 1e-9;

/** A value for messages: JSON, cut at 60 characters. */
export function showValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  let s: string;
  try {
    s = JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

const list = (values: readonly unknown[]) => values.map((v) => (typeof v === "string" ? v : showValue(v))).join(", ");
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const onGrid = (v: number, min: number, step: number) => {
  const n = (v - min) / step;
  return Math.abs(n - Math.round(n)) < EPSILON * Math.max(1, Math.abs(n));
};
const isOffset = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const sameValue = (a: unknown, b: unknown) => a === b;
const has = (options: readonly TOption[], v: unknown) => options.some((o) => sameValue(o.value, v));
const rangeText = (min: number, max: number, step?: number) => `${min}–${max}${step !== undefined && step !== 1 ? ` (step ${step})` : ""}`;

/**
 * Checks one value of one field. `item` supplies the item's lists: the options
 * of an `optionsFrom` field and the `tokens` a tags value must match in number.
 * Returns the value unchanged when it is valid.
 */
export function validateSchemeValue(field: TSchemeField, value: unknown, item?: TValueItemContext, opts: TValidateValueOptions = {}): TValidateValueResult {
  const message = checkValue(field, value, item, opts);
  return message === null ? { ok: true, value } : { ok: false, message: `${field.id}: ${message}` };
}

/** The options of a choice or multi field, or null when they come from the item and cannot be known. */
function optionValuesOf(field: Extract<TSchemeField, { kind: "choice" | "multi" }>, item: TValueItemContext | undefined, opts: TValidateValueOptions): readonly unknown[] | string | null {
  if (field.options) return field.options.map((o) => o.value);
  const name = field.optionsFrom!;
  const fromItem = item?.lists?.[name];
  if (fromItem) return fromItem;
  if (opts.withoutItem) return null;
  return `cannot be checked without the item's "${name}" list`;
}

function checkValue(field: TSchemeField, value: unknown, item: TValueItemContext | undefined, opts: TValidateValueOptions): string | null {
  const v = showValue(value);
  switch (field.kind) {
    case "scale": {
      if (!isFiniteNumber(value)) return `${v} is not a number of the scale ${rangeText(field.min, field.max, field.step)}`;
      if (value < field.min || value > field.max) return `${v} is outside the scale ${rangeText(field.min, field.max, field.step)}`;
      if (!onGrid(value, field.min, field.step)) return `${v} is not a value of the scale ${rangeText(field.min, field.max, field.step)}`;
      return null;
    }
    case "choice": {
      const values = optionValuesOf(field, item, opts);
      if (typeof values === "string") return values;
      if (values === null) return typeof value === "string" || isFiniteNumber(value) ? null : `${v} is not a string or a number`;
      if (!values.some((o) => sameValue(o, value))) return `${v} is not one of ${list(values)}`;
      return null;
    }
    case "multi": {
      if (!Array.isArray(value)) return `${v} is not a list of options`;
      const values = optionValuesOf(field, item, opts);
      if (typeof values === "string") return values;
      const seen: unknown[] = [];
      for (const x of value) {
        if (values === null ? !(typeof x === "string" || isFiniteNumber(x)) : !values.some((o) => sameValue(o, x))) {
          return values === null ? `${showValue(x)} is not a string or a number` : `${showValue(x)} is not one of ${list(values)}`;
        }
        if (seen.some((s) => sameValue(s, x))) return `${showValue(x)} is chosen twice`;
        seen.push(x);
      }
      const min = field.minSelected ?? 0;
      if (value.length < min) return `${v} has ${value.length} option${value.length === 1 ? "" : "s"}; choose at least ${min}`;
      if (field.maxSelected !== undefined && value.length > field.maxSelected) return `${v} has ${value.length} options; choose at most ${field.maxSelected}`;
      return null;
    }
    case "boolean":
      return typeof value === "boolean" ? null : `${v} is not true or false`;
    case "number": {
      if (!isFiniteNumber(value)) return `${v} is not a number`;
      if (field.integer && !Number.isInteger(value)) return `${v} is not a whole number`;
      if (field.min !== undefined && value < field.min) return `${v} is less than ${field.min}`;
      if (field.max !== undefined && value > field.max) return `${v} is more than ${field.max}`;
      return null;
    }
    case "text":
    case "edit": {
      if (typeof value !== "string") return `${v} is not text`;
      if (value.trim() === "") return "is empty (clear the field instead of storing an empty text)";
      if (value.length > field.maxLength) return `is ${value.length} characters long, more than ${field.maxLength}`;
      return null;
    }
    case "vector": {
      if (!isObject(value)) return `${v} is not an object of dimensions (${list(field.dimensions.map((d) => d.id))})`;
      const ids = field.dimensions.map((d) => d.id);
      for (const [k, x] of Object.entries(value)) {
        if (!ids.includes(k)) return `"${k}" is not one of the dimensions ${list(ids)}`;
        if (!isFiniteNumber(x)) return `${k}: ${showValue(x)} is not a number`;
        if (x < field.min || x > field.max) return `${k}: ${showValue(x)} is outside ${rangeText(field.min, field.max, field.step)}`;
        if (field.step !== undefined && !onGrid(x, field.min, field.step)) return `${k}: ${showValue(x)} is not on the step ${field.step} from ${field.min}`;
      }
      if (field.nonZero && Object.values(value).every((x) => x === 0)) return typeof field.nonZero === "string" ? `every dimension is 0: ${field.nonZero}` : "every dimension is 0";
      return null;
    }
    case "spans":
      return checkSpans(field, value);
    case "tags":
      return checkTags(field, value, item, opts);
    case "alignment":
      return checkAlignment(field, value);
  }
}

/**
 * A span is `{ start, end, label, attributes?, mrwId?, comment?, on? }`: UTF-16 offsets into the
 * text, start inclusive, end exclusive (lib/schemes/fields.ts); `attributes` maps attribute ids to
 * one of their option values; `on` ("target" or "source", default target) only for a field that
 * declares `on`, naming the text the offsets count in.
 */
function checkSpans(field: Extract<TSchemeField, { kind: "spans" }>, value: unknown): string | null {
  if (!Array.isArray(value)) return `${showValue(value)} is not a list of spans (an empty list says "none")`;
  const allowed = new Set(["start", "end", "label", "attributes", ...(field.mrw !== "none" ? ["mrwId"] : []), ...(field.comments ? ["comment"] : []), ...(field.on ? ["on"] : [])]);
  const texts = field.on ?? ["target"];
  for (const [i, s] of value.entries()) {
    const at = `span ${i + 1}`;
    if (!isObject(s)) return `${at}: ${showValue(s)} is not a span { start, end, label }`;
    const unknown = Object.keys(s).filter((k) => !allowed.has(k));
    if (unknown.length > 0) return `${at}: unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => `"${k}"`).join(", ")}`;
    if (!isOffset(s.start) || !isOffset(s.end)) return `${at}: start and end are character offsets (whole numbers from 0), got ${showValue(s.start)} and ${showValue(s.end)}`;
    if (s.end < s.start) return `${at} ends (${s.end}) before it starts (${s.start})`;
    if (s.end === s.start && !field.allowEmpty) return `${at} is empty; mark at least one character`;
    if (!has(field.labels, s.label)) return `${at}: label ${showValue(s.label)} is not one of ${list(field.labels.map((l) => l.value))}`;
    const attrs = s.attributes ?? {};
    if (!isObject(attrs)) return `${at}: attributes ${showValue(attrs)} is not an object`;
    const applying = field.attributes.filter((a) => a.appliesTo === undefined || a.appliesTo.some((l) => sameValue(l, s.label)));
    for (const [k, x] of Object.entries(attrs)) {
      const a = applying.find((b) => b.id === k);
      if (!a) {
        const declared = field.attributes.some((b) => b.id === k);
        return declared ? `${at}: attribute "${k}" does not apply to label ${showValue(s.label)}` : `${at}: "${k}" is not an attribute (${list(field.attributes.map((b) => b.id)) || "none declared"})`;
      }
      if (!has(a.options, x)) return `${at}: ${k} ${showValue(x)} is not one of ${list(a.options.map((o) => o.value))}`;
    }
    for (const a of applying) if (a.required && !(a.id in attrs)) return `${at} has no ${a.id}`;
    if (field.mrw === "required" && (typeof s.mrwId !== "string" || s.mrwId === "")) return `${at} names no MRW (mrwId)`;
    if (s.mrwId !== undefined && s.mrwId !== null && (typeof s.mrwId !== "string" || s.mrwId === "")) return `${at}: mrwId ${showValue(s.mrwId)} is not an MRW id`;
    if (s.comment !== undefined && typeof s.comment !== "string") return `${at}: comment ${showValue(s.comment)} is not text`;
    if (typeof s.comment === "string" && s.comment.length > MAX_COMMENT_LENGTH) return `${at}: comment is ${s.comment.length} characters long (at most ${MAX_COMMENT_LENGTH})`;
    // a span without `on` lies on the scope's own text (the translation)
    if (field.on && !(texts as readonly unknown[]).includes(s.on ?? "target")) return `${at}: on ${showValue(s.on ?? "target")} is not one of ${list(texts)}`;
  }
  return null;
}

/**
 * A tags value is one tag per token, in token order. With `bio`: "O", "B-X" or "I-X" for a tag X
 * of the set, and "I-X" only right after "B-X" or "I-X" (a chunk starts with B). Without: a tag
 * value of the set, or null for an untagged token.
 */
function checkTags(field: Extract<TSchemeField, { kind: "tags" }>, value: unknown, item: TValueItemContext | undefined, opts: TValidateValueOptions): string | null {
  if (!Array.isArray(value)) return `${showValue(value)} is not a list of tags, one per token`;
  const tokens = item?.lists?.tokens;
  if (field.tokens === "item") {
    if (tokens && tokens.length !== value.length) return `${value.length} tag${value.length === 1 ? "" : "s"} for ${tokens.length} tokens`;
    if (!tokens && !opts.withoutItem) return `cannot be checked without the item's "tokens" list`;
  }
  const names = field.tags.map((t) => t.value);
  for (const [i, t] of value.entries()) {
    const at = `token ${i + 1}`;
    if (!field.bio) {
      if (t !== null && !has(field.tags, t)) return `${at}: ${showValue(t)} is not one of ${list(names)} (or null)`;
      continue;
    }
    if (t === "O") continue;
    const m = typeof t === "string" ? /^([BI])-(.+)$/.exec(t) : null;
    if (!m || !has(field.tags, m[2])) return `${at}: ${showValue(t)} is not O or B-/I- of ${list(names)}`;
    if (m[1] === "I" && !opts.insideStartsChunk) {
      const prev = i > 0 ? value[i - 1] : undefined;
      if (prev !== `B-${m[2]}` && prev !== `I-${m[2]}`) return `${at}: ${showValue(t)} follows ${i === 0 ? "nothing" : showValue(prev)}; I-${m[2]} continues a B-${m[2]} or I-${m[2]}`;
    }
  }
  return null;
}

/**
 * An alignment is `{ pattern, spans: [{ start, end }] }`: how the source unit is realised and
 * where in the target. A pattern with span "required" needs at least one span, "none" (an
 * omission) none; spans are never empty. A field without patterns marks only the target words:
 * `{ spans }`, several spans allowed, an empty list meaning the unit is not rendered.
 */
function checkAlignment(field: Extract<TSchemeField, { kind: "alignment" }>, value: unknown): string | null {
  const patterns = field.patterns;
  const shape = patterns ? `{ pattern, spans: [{ start, end }] }` : `{ spans: [{ start, end }] } (an empty list: not rendered)`;
  if (!isObject(value)) return `${showValue(value)} is not ${shape}`;
  const keys = patterns ? ["pattern", "spans"] : ["spans"];
  const unknown = Object.keys(value).filter((k) => !keys.includes(k));
  if (unknown.length > 0) return `unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => `"${k}"`).join(", ")} (${patterns ? "an alignment" : "a target-word marking"} is ${shape})`;
  const pattern = patterns?.find((p) => sameValue(p.value, value.pattern));
  if (patterns && !pattern) return `pattern ${showValue(value.pattern)} is not one of ${list(patterns.map((p) => p.value))}`;
  if (!Array.isArray(value.spans)) return `spans ${showValue(value.spans)} is not a list of { start, end }`;
  if (pattern) {
    const p = showValue(pattern.value as TOptionValue);
    if (pattern.span === "none" && value.spans.length > 0) return `${p} has no target span, got ${value.spans.length}`;
    if (pattern.span === "required" && value.spans.length === 0) return `${p} needs at least one target span`;
  }
  for (const [i, s] of value.spans.entries()) {
    const at = `span ${i + 1}`;
    if (!isObject(s) || Object.keys(s).some((k) => k !== "start" && k !== "end")) return `${at}: ${showValue(s)} is not { start, end }`;
    if (!isOffset(s.start) || !isOffset(s.end)) return `${at}: start and end are character offsets (whole numbers from 0), got ${showValue(s.start)} and ${showValue(s.end)}`;
    if (s.end <= s.start) return s.end === s.start ? `${at} is empty; mark the target characters` : `${at} ends (${s.end}) before it starts (${s.start})`;
  }
  return null;
}
