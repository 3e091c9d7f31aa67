/**
 * Reading the MetaHOPE mark-up: the MRW in the source sentence, and the words
 * aligned to it in each MT output, are marked only by bold + underlined
 * rich-text runs inside one cell (no column says which words they are).
 *
 * Offsets are UTF-16 indices into the cell's plain text (runs concatenated),
 * start inclusive, end exclusive, as everywhere in lib/import.
 */
import type { Span } from "./types";

export interface RichCellText {
  /** the cell's plain text, runs concatenated, unaltered */
  text: string;
  /** bold AND underlined runs, adjacent runs merged, whitespace trimmed off the edges */
  marked: Span[];
  /** runs that are bold OR underlined but not both (a half-applied mark) */
  partial: Span[];
}

interface RunFont {
  bold?: boolean;
  underline?: boolean | string;
}

function isUnderlined(u: RunFont["underline"]): boolean {
  return u !== undefined && u !== false && u !== "none";
}

const EDGE_SPACE = /\s/u;

/** Merge touching spans and trim whitespace at their edges; drop spans that are only whitespace. */
export function tidySpans(text: string, spans: Span[]): Span[] {
  const merged: Span[] = [];
  for (const s of [...spans].sort((x, y) => x.start - y.start)) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  const out: Span[] = [];
  for (const s of merged) {
    let { start, end } = s;
    while (start < end && EDGE_SPACE.test(text[start])) start++;
    while (end > start && EDGE_SPACE.test(text[end - 1])) end--;
    if (end > start) out.push({ start, end });
  }
  return out;
}

/**
 * Plain text of any ExcelJS cell value (string, number, rich text, formula result,
 * hyperlink, date); undefined for an empty cell.
 */
export function cellPlainText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((r) => r.text ?? "").join("");
    if ("result" in v) return cellPlainText(v.result);
    if (typeof v.text === "string") return v.text;
    if ("error" in v) return String(v.error);
  }
  return String(value);
}

/** Split a cell into plain text and its marked spans. A plain-string cell has no marks. */
export function readRichCell(value: unknown): RichCellText | undefined {
  if (value && typeof value === "object" && Array.isArray((value as { richText?: unknown }).richText)) {
    const runs = (value as { richText: { text?: string; font?: RunFont }[] }).richText;
    let text = "";
    const marked: Span[] = [];
    const partial: Span[] = [];
    for (const run of runs) {
      const t = run.text ?? "";
      const start = text.length;
      text += t;
      const bold = run.font?.bold === true;
      const under = isUnderlined(run.font?.underline);
      if (bold && under) marked.push({ start, end: text.length });
      else if (bold || under) partial.push({ start, end: text.length });
    }
    return { text, marked: tidySpans(text, marked), partial: tidySpans(text, partial) };
  }
  const text = cellPlainText(value);
  if (text === undefined) return undefined;
  return { text, marked: [], partial: [] };
}

/** Spans that lie entirely inside [0, limit). */
export function spansWithin(spans: Span[], limit: number): Span[] {
  return spans.filter((s) => s.end <= limit);
}
