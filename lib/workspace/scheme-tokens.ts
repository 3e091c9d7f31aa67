/**
 * The tokens a scheme field's text is selected and tagged by (lib/workspace/span-selection.ts
 * offsets: UTF-16, start inclusive, end exclusive). Spans and alignments select words (characters
 * for Chinese and Japanese) as the built-in workspace does; a tags field tags the tokens its value
 * counts: the item's `tokens` list (tokens: "item") or the text split on whitespace.
 */
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { tokenize, type TToken } from "./span-selection";

/** Each token located in the text in order (a token not found is placed where the search stands). */
export function locateTokens(text: string, tokens: readonly string[]): TToken[] {
  const out: TToken[] = [];
  let at = 0;
  for (const t of tokens) {
    const i = text.indexOf(t, at);
    const start = i >= 0 ? i : at;
    out.push({ text: t, start, end: start + t.length });
    at = start + t.length;
  }
  return out;
}

export function whitespaceTokens(text: string): TToken[] {
  return [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

export function schemeFieldTokens(field: TSchemeField, text: string, language: string, lists?: Record<string, unknown[]>): TToken[] {
  if (field.kind !== "tags") return tokenize(text, language);
  const itemTokens = lists?.tokens;
  if (field.tokens === "item" && itemTokens) return locateTokens(text, itemTokens.map(String));
  return whitespaceTokens(text);
}
