/**
 * Target-text tokens and span helpers for alignment and error-span marking.
 *
 * Offsets follow lib/schemes/fields.ts: UTF-16 code-unit indices into the
 * translation text, start inclusive, end exclusive. Selection happens over
 * tokens — every non-space character for Chinese/Japanese (there are no word
 * boundaries to rely on), words and single punctuation marks otherwise — so
 * a click or drag always yields a span on token boundaries.
 */
import type { TSpan } from "@/lib/schemes/span";

export interface TToken {
  text: string;
  start: number;
  end: number;
  /** which text the offsets count in, for a translation's spans field that marks its source too (`on`); absent: the field's own text */
  side?: "source" | "target";
}

const CHAR_LEVEL = /^(zh|ja)/i;
// Word characters (letters, marks, digits, apostrophes inside words) vs single punctuation marks.
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*|[^\s\p{L}\p{M}\p{N}]/gu;

export function tokenize(text: string, language: string): TToken[] {
  const out: TToken[] = [];
  if (CHAR_LEVEL.test(language)) {
    let i = 0;
    for (const ch of text) {
      if (!/\s/u.test(ch)) out.push({ text: ch, start: i, end: i + ch.length });
      i += ch.length;
    }
    return out;
  }
  for (const m of text.matchAll(WORD)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/** The character span covering tokens a..b (either order, inclusive). */
export function tokensToSpan(tokens: readonly TToken[], a: number, b: number): TSpan {
  const lo = Math.max(0, Math.min(a, b));
  const hi = Math.min(tokens.length - 1, Math.max(a, b));
  return { start: tokens[lo].start, end: tokens[hi].end };
}

/** Sorted, with overlapping or touching spans merged; empty spans dropped. */
export function normalizeSpans(spans: readonly TSpan[]): TSpan[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((x, y) => x.start - y.start || x.end - y.end);
  const out: TSpan[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

export function spanCoversToken(spans: readonly TSpan[], token: TToken): boolean {
  return spans.some((s) => s.start <= token.start && token.end <= s.end);
}

/**
 * Adds a token range to a multi-span selection, or removes it when every token
 * of the range is already selected (so clicking a marked token unmarks it).
 * Tokens keep their boundaries: removal works token by token.
 */
export function toggleTokenRange(spans: readonly TSpan[], tokens: readonly TToken[], a: number, b: number): TSpan[] {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const range = tokens.slice(lo, hi + 1);
  const allIn = range.every((t) => spanCoversToken(spans, t));
  if (!allIn) return normalizeSpans([...spans, tokensToSpan(tokens, lo, hi)]);
  // Rebuild from the tokens that stay selected; adjacent tokens (whitespace between them included) merge.
  const keep = tokens.map((t, i) => (i >= lo && i <= hi ? false : spanCoversToken(spans, t)));
  const out: TSpan[] = [];
  let runStart = -1;
  keep.forEach((k, i) => {
    if (k && runStart < 0) runStart = i;
    if ((!k || i === keep.length - 1) && runStart >= 0) {
      const end = k ? i : i - 1;
      out.push(tokensToSpan(tokens, runStart, end));
      runStart = -1;
    }
  });
  return out;
}

/** Whether two spans share at least one character, or an empty span sits inside the other. */
export function spansOverlap(a: TSpan, b: TSpan): boolean {
  if (a.start === a.end) return b.start <= a.start && a.start <= b.end;
  if (b.start === b.end) return a.start <= b.start && b.start <= a.end;
  return a.start < b.end && b.start < a.end;
}
