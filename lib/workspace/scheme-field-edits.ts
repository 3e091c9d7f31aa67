/**
 * Edits of scheme field values, as pure functions shared by the field components (buttons, token
 * clicks) and the scheme workspace's keyboard: one code path whichever way an annotator works.
 *
 * Token-based kinds work on a selection of tokens (anchor and focus token indices, either order):
 * - tags: a tag applied to the selection tags each token (with BIO: B-X on the first, I-X after);
 *   applied again to a selection that carries it, it clears it. With BIO, Shift and the tag's key
 *   extend: the selection continues the chunk before it (I-X). BIO stays well formed: an I-Y left
 *   after something other than Y becomes B-Y.
 * - spans: a label adds a span over the selection (offsets per lib/workspace/span-selection.ts:
 *   start inclusive, end exclusive); attribute options set the attributes of one span.
 * - alignment: the selection's tokens are added to or removed from the target spans; a pattern
 *   without a target span (an omission) keeps none. A field without patterns (target words) is
 *   `{ spans }`: marking saves at once, the last word unmarked clears the value, and its `none`
 *   key answers "not rendered" (`{ spans: [] }`).
 * - edit: where the annotator picks the translation to start from (lib/workspace/edit-base.ts), a
 *   digit picks the translation of that number.
 * A cleared value is null (lib/schemes/language/validate-value.ts: null is no kind's value).
 */
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import type { TOptionValue } from "@/lib/schemes/language/scheme-option";
import { alignmentPatterns, booleanAnswers, choiceOptions, isLongScale, scaleKey, scaleValues } from "@/lib/schemes/language/field-keys";
import { spanNoneOf } from "@/lib/schemes/language/span-none";
import { toggleTokenRange, type TToken } from "./span-selection";
import { baseForKey, picksTranslation, startFrom, type TEditBase } from "./edit-base";

export type TSelection = readonly [number, number];
type TTags = Extract<TSchemeField, { kind: "tags" }>;
type TSpans = Extract<TSchemeField, { kind: "spans" }>;
type TAlignmentField = Extract<TSchemeField, { kind: "alignment" }>;

export interface TSchemeSpan {
  start: number;
  end: number;
  label: TOptionValue;
  attributes?: Record<string, TOptionValue>;
  /** the text the offsets count in, for a field with `on` */
  on?: "source" | "target";
  /** the MRW the span concerns, for a field with `mrw` (absent: sentence level; lib/workspace/span-mrw.ts) */
  mrwId?: string | null;
  /** the annotator's note, for a field with `comments` */
  comment?: string;
}
export interface TAlignmentValue {
  /** null in a draft whose words are marked before its pattern is chosen */
  pattern: TOptionValue | null;
  spans: { start: number; end: number }[];
}

export const bounds = (s: TSelection): [number, number] => [Math.min(s[0], s[1]), Math.max(s[0], s[1])];
const sameKey = (a: string | undefined, key: string) => a !== undefined && a.toLowerCase() === key.toLowerCase();

// ---- tags ------------------------------------------------------------------------------------

type TTag = string | number | null;

function tagList(field: TTags, value: unknown, n: number): TTag[] {
  const empty = field.bio ? "O" : null;
  return Array.isArray(value) && value.length === n ? (value as TTag[]).slice() : Array.from({ length: n }, () => empty);
}

/** The tag of a token without its B-/I- prefix (null: untagged). */
export function bareTag(field: TTags, t: TTag): TTag {
  if (!field.bio) return t;
  return t === "O" || t === null ? null : String(t).replace(/^[BI]-/, "");
}

function finishTags(field: TTags, tags: TTag[]): TTag[] | null {
  if (field.bio) {
    for (let i = 0; i < tags.length; i++) {
      const m = typeof tags[i] === "string" ? /^I-(.+)$/.exec(tags[i] as string) : null;
      if (m && (i === 0 || bareTag(field, tags[i - 1]) !== m[1])) tags[i] = `B-${m[1]}`;
    }
  }
  return tags.every((t) => bareTag(field, t) === null) ? null : tags;
}

export function applyTag(field: TTags, value: unknown, n: number, sel: TSelection, tag: TOptionValue): TTag[] | null {
  const [lo, hi] = bounds(sel);
  const tags = tagList(field, value, n);
  const carries = tags.slice(lo, hi + 1).every((t) => bareTag(field, t) === tag);
  for (let i = lo; i <= hi && i < n; i++) {
    if (carries) tags[i] = field.bio ? "O" : null;
    else tags[i] = field.bio ? `${i === lo ? "B" : "I"}-${tag}` : tag;
  }
  return finishTags(field, tags);
}

/**
 * Continues a chunk over the selection (Shift with a tag's key): each selected token becomes I-X,
 * so a multi-word metaphor is marked `m` on its first word and Shift+m on each next one. With
 * nothing of X right before the selection, the first selected token becomes B-X instead (BIO stays
 * well formed). Applied again it changes nothing. Without BIO it tags like applyTag.
 */
export function extendTag(field: TTags, value: unknown, n: number, sel: TSelection, tag: TOptionValue): TTag[] | null {
  if (!field.bio) return applyTag(field, value, n, sel, tag);
  const [lo, hi] = bounds(sel);
  const tags = tagList(field, value, n);
  for (let i = lo; i <= hi && i < n; i++) tags[i] = `I-${tag}`;
  return finishTags(field, tags);
}

export function clearTags(field: TTags, value: unknown, n: number, sel: TSelection): TTag[] | null {
  const [lo, hi] = bounds(sel);
  const tags = tagList(field, value, n);
  for (let i = lo; i <= hi && i < n; i++) tags[i] = field.bio ? "O" : null;
  return finishTags(field, tags);
}

// ---- spans -----------------------------------------------------------------------------------

export const spanList = (value: unknown): TSchemeSpan[] => (Array.isArray(value) ? (value as TSchemeSpan[]) : []);

/** A span over the selection (`empty`: a position before its first token, e.g. an omission). */
export function addSpan(value: unknown, tokens: readonly TToken[], sel: TSelection, label: TOptionValue, empty = false): TSchemeSpan[] {
  let [lo, hi] = bounds(sel);
  // tokens of two texts (a translation and its source): the span lies on the text of the
  // selection's focus end, and a selection reaching across is cut there
  const side = tokens[sel[1]]?.side;
  if (side) {
    while (lo < hi && tokens[lo]?.side !== side) lo++;
    while (hi > lo && tokens[hi]?.side !== side) hi--;
  }
  const start = tokens[lo]?.start ?? 0;
  return [...spanList(value), { start, end: empty ? start : (tokens[hi]?.end ?? start), label, ...(side ? { on: side } : {}) }];
}

/** Whether a span covers a token: the same text, overlapping offsets. */
export function spanCovers(s: TSchemeSpan, t: TToken): boolean {
  return (s.on ?? "target") === (t.side ?? "target") && s.start < t.end && s.end > t.start;
}

export function setSpanAttribute(value: unknown, index: number, attribute: string, option: TOptionValue): TSchemeSpan[] {
  return spanList(value).map((s, i) => (i === index ? { ...s, attributes: { ...s.attributes, [attribute]: option } } : s));
}

/** A span's comment; blank removes it (the key is absent, never an empty text). */
export function setSpanComment(value: unknown, index: number, comment: string): TSchemeSpan[] {
  return spanList(value).map((s, i) => {
    if (i !== index) return s;
    const { comment: _old, ...rest } = s;
    return comment.trim() === "" ? rest : { ...rest, comment: comment.trim() };
  });
}

export function removeSpan(value: unknown, index: number): TSchemeSpan[] | null {
  const next = spanList(value).filter((_, i) => i !== index);
  return next.length ? next : null;
}

/** Whether an attribute applies to a span's label (appliesTo, default every label). */
export const appliesTo = (a: TSpans["attributes"][number], label: TOptionValue) => a.appliesTo === undefined || a.appliesTo.includes(label);

// ---- alignment -------------------------------------------------------------------------------

/** An alignment value or draft, read as { pattern (null: none chosen, or a field without patterns), spans }. */
export function alignmentOf(value: unknown): TAlignmentValue | null {
  if (!value || typeof value !== "object" || !Array.isArray((value as { spans?: unknown }).spans)) return null;
  const v = value as { pattern?: TOptionValue | null; spans: TAlignmentValue["spans"] };
  return { pattern: v.pattern ?? null, spans: v.spans };
}

/** The pattern chosen; the selection's tokens toggled into the target spans when the pattern has them. */
export function withPattern(field: TAlignmentField, value: unknown, pattern: TOptionValue, tokens: readonly TToken[], sel: TSelection | null): TAlignmentValue {
  const p = field.patterns?.find((x) => x.value === pattern);
  let spans = alignmentOf(value)?.spans ?? [];
  if (p?.span === "none") spans = [];
  else if (sel) spans = toggleTokenRange(spans, tokens, ...bounds(sel));
  return { pattern, spans };
}

/**
 * The selection's tokens toggled into the target spans; with patterns, a draft while no pattern is
 * chosen. Without patterns (target words) the value itself, `{ spans }`, or null once no word is
 * marked (unmarking everything clears it; "not rendered" is the `none` answer, not an accident).
 */
export function toggleAlignment(
  field: TAlignmentField,
  value: unknown,
  tokens: readonly TToken[],
  sel: TSelection,
  opts: { prefilled?: boolean } = {},
): TAlignmentValue | { spans: TAlignmentValue["spans"] } | null {
  const cur = alignmentOf(value);
  // Marking words the project's imported alignment already shows (a pre-fill, not yet the
  // annotator's) keeps them as the annotator's: unmarking them would clear the value, and the
  // pre-fill would show again with nothing saved (alignment-prefill.ts).
  const keepsPrefill = (spans: TAlignmentValue["spans"]) => opts.prefilled === true && markedLength(spans) < markedLength(cur?.spans ?? []);
  if (!field.patterns) {
    const spans = toggleTokenRange(cur?.spans ?? [], tokens, ...bounds(sel));
    if (keepsPrefill(spans)) return { spans: cur!.spans };
    return spans.length ? { spans } : null;
  }
  const pattern = cur?.pattern ?? null;
  if (pattern !== null && field.patterns.find((p) => p.value === pattern)?.span === "none") return cur;
  const marked = toggleTokenRange(cur?.spans ?? [], tokens, ...bounds(sel));
  const spans = keepsPrefill(marked) ? cur!.spans : marked;
  // no pattern yet: the marked words wait in a draft whose pattern the next key chooses
  return { pattern, spans };
}

/** How many characters a list of target spans marks. */
function markedLength(spans: readonly { start: number; end: number }[]): number {
  return spans.reduce((n, s) => n + (s.end - s.start), 0);
}

// ---- keys ------------------------------------------------------------------------------------

export type TKeyOutcome =
  | { kind: "value"; value: unknown; advance?: boolean; selection?: TSelection | null; activeSpan?: number | null }
  | { kind: "focus"; dimension: string }
  | { kind: "hint"; message: string };

const SELECT_FIRST = "Select words first: ←/→ moves, Shift+←/→ extends, or click and drag.";

/**
 * What a printable key does on a field (lib/schemes/language/field-keys.ts says which keys each
 * field binds); null when the field does not bind it.
 */
export function fieldKeyOutcome(
  field: TSchemeField,
  value: unknown,
  key: string,
  ctx: { tokens: readonly TToken[]; selection: TSelection | null; activeSpan: number | null; lists?: Record<string, unknown[]>; shift?: boolean; bases?: readonly TEditBase[] },
): TKeyOutcome | null {
  switch (field.kind) {
    case "edit": {
      // digits pick the translation to start from (the built-in workspace's "Start from Translation A")
      const b = ctx.bases && picksTranslation(field) ? baseForKey(key, ctx.bases) : null;
      return b ? { kind: "value", value: startFrom(value, b, ctx.bases!) } : null;
    }
    case "scale": {
      if (isLongScale(field)) return null;
      const v = scaleValues(field).find((x) => sameKey(scaleKey(field, x), key));
      return v === undefined ? null : { kind: "value", value: v, advance: true };
    }
    case "choice": {
      const o = choiceOptions(field, ctx.lists).find((x) => sameKey(x.key, key));
      return o ? { kind: "value", value: o.value, advance: true } : null;
    }
    case "multi": {
      const o = choiceOptions(field, ctx.lists).find((x) => sameKey(x.key, key));
      if (!o) return null;
      const cur = Array.isArray(value) ? (value as TOptionValue[]) : [];
      const next = cur.includes(o.value) ? cur.filter((x) => x !== o.value) : [...cur, o.value];
      return { kind: "value", value: next.length ? next : null };
    }
    case "boolean": {
      const a = booleanAnswers(field).find((x) => sameKey(x.key, key));
      return a ? { kind: "value", value: a.value, advance: true } : null;
    }
    case "tags": {
      const t = field.tags.find((x) => sameKey(x.key, key));
      if (!t) return null;
      if (!ctx.selection) return { kind: "hint", message: SELECT_FIRST };
      const hi = bounds(ctx.selection)[1];
      const next = Math.min(ctx.tokens.length - 1, hi + 1);
      // Shift with a letter key continues the chunk (I-); the key alone starts one (B-) or clears it.
      // The Shift flag, not the letter's case, decides: letters match in either case (Caps Lock).
      const extend = field.bio && ctx.shift === true;
      const tagged = extend ? extendTag(field, value, ctx.tokens.length, ctx.selection, t.value) : applyTag(field, value, ctx.tokens.length, ctx.selection, t.value);
      return { kind: "value", value: tagged, selection: [next, next] };
    }
    case "spans": {
      const none = spanNoneOf(field);
      if (sameKey(none.key, key)) {
        // the explicit "nothing to mark" (declared, or derived: span-none.ts): never over marked
        // spans, which it would silently drop
        if (spanList(value).length > 0) return { kind: "hint", message: `Remove the marked spans first: ${none.label} means there is nothing to mark.` };
        return { kind: "value", value: [], selection: null, activeSpan: null };
      }
      const l = field.labels.find((x) => sameKey(x.key, key));
      if (l) {
        if (!ctx.selection) return { kind: "hint", message: SELECT_FIRST };
        // Shift with a label key marks a position before the selection (an omission), where allowed
        const spans = addSpan(value, ctx.tokens, ctx.selection, l.value, field.allowEmpty && ctx.shift === true);
        return { kind: "value", value: spans, selection: null, activeSpan: spans.length - 1 };
      }
      const spans = spanList(value);
      for (const a of field.attributes) {
        const o = a.options.find((x) => sameKey(x.key, key));
        if (!o) continue;
        const i = ctx.activeSpan ?? spans.length - 1;
        if (!spans[i]) return { kind: "hint", message: `Mark a span first, then choose its ${a.label.toLowerCase()}.` };
        if (!appliesTo(a, spans[i].label)) return { kind: "hint", message: `${a.label} does not apply to ${String(spans[i].label)}.` };
        return { kind: "value", value: setSpanAttribute(value, i, a.id, o.value), activeSpan: i };
      }
      return null;
    }
    case "alignment": {
      if (!field.patterns) {
        if (field.none && sameKey(field.none.key, key)) {
          // "not rendered" never over marked words, which it would silently drop
          if ((alignmentOf(value)?.spans.length ?? 0) > 0) return { kind: "hint", message: `Unmark the words first: ${field.none.label} means no word renders it.` };
          return { kind: "value", value: { spans: [] }, selection: null };
        }
        return null;
      }
      const p = alignmentPatterns(field).find((x) => sameKey(x.key, key));
      return p ? { kind: "value", value: withPattern(field, value, p.value, ctx.tokens, ctx.selection), selection: null } : null;
    }
    case "vector": {
      const d = field.dimensions.find((x) => sameKey(x.key, key));
      return d ? { kind: "focus", dimension: d.id } : null;
    }
    default:
      return null;
  }
}
