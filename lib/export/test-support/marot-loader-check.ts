// Checks one Marot metadata cell against the fields Marot's loader reads
// (tests/fixtures/mqm/marot-loader-fields.json, a hand-written list: Marot's code is not in Tropos).
// Used by the export's unit test and by the round trip on the real database.
import { readFileSync } from "node:fs";
import path from "node:path";

interface TFieldList {
  metadata: Record<string, string>;
  segment: Record<string, string>;
  requiredTogether: [string, string][];
  split: Record<string, string>;
}

export const MAROT_LOADER_FIELDS = JSON.parse(readFileSync(path.join(__dirname, "../../../tests/fixtures/mqm/marot-loader-fields.json"), "utf8")) as TFieldList;

/** The text inside `<v>…</v>` of a cell ("" without markers; to the end for a `<v>` never closed). */
export function markedSpan(cell: string): string {
  const open = cell.indexOf("<v>");
  if (open < 0) return "";
  const close = cell.indexOf("</v>", open);
  return cell.slice(open + 3, close < 0 ? undefined : close);
}

/** What Marot shows as the marked text: the tokens of every span joined, source then target. */
function joinedSpans(tokens: unknown, spans: unknown): string {
  if (!Array.isArray(tokens) || !Array.isArray(spans)) return "";
  return spans.map(([a, b]: [number, number]) => tokens.slice(a, b + 1).join("")).join("");
}

/**
 * The ways `metadata` would not load in Marot as the row's `<v>` markers say (empty when none):
 * an unknown field, tokens without sentence splits, splits that do not count the tokens, spans
 * outside the tokens, a marked text other than the `<v>` span of the source or target cell.
 */
export function marotLoaderProblems(metadata: Record<string, unknown>, sourceCell: string, targetCell: string): string[] {
  const f = MAROT_LOADER_FIELDS;
  const problems: string[] = [];
  for (const k of Object.keys(metadata)) if (!(k in f.metadata)) problems.push(`metadata.${k} is not read by Marot`);
  if ("timestamp" in metadata && typeof metadata.timestamp !== "number") problems.push("metadata.timestamp is not a number");
  const segment = (metadata.segment ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(segment)) if (!(k in f.segment)) problems.push(`segment.${k} is not read by Marot`);
  for (const [tokensKey, splitsKey] of f.requiredTogether) {
    const tokens = segment[tokensKey];
    if (!Array.isArray(tokens) || tokens.length === 0) continue;
    const splits = segment[splitsKey];
    if (!Array.isArray(splits)) {
      problems.push(`segment.${tokensKey} without segment.${splitsKey}`);
      continue;
    }
    let counted = 0;
    for (const s of splits as Record<string, unknown>[]) {
      for (const k of Object.keys(s)) if (!(k in f.split)) problems.push(`segment.${splitsKey}[].${k} is not read by Marot`);
      if (!Number.isInteger(s.num_tokens)) problems.push(`segment.${splitsKey}[].num_tokens is not an integer`);
      counted += Number(s.num_tokens);
    }
    if (counted !== tokens.length) problems.push(`segment.${splitsKey} counts ${counted} tokens of ${tokens.length}`);
  }
  for (const side of ["source", "target"] as const) {
    const spans = metadata[`${side}_spans`];
    const tokens = segment[`${side}_tokens`];
    if (spans === undefined) continue;
    const n = Array.isArray(tokens) ? tokens.length : 0;
    for (const sp of spans as [number, number][]) if (!(sp[0] >= 0 && sp[0] <= sp[1] && sp[1] < n)) problems.push(`${side}_spans ${JSON.stringify(sp)} outside the ${n} tokens`);
  }
  const shown = joinedSpans(segment.source_tokens, metadata.source_spans) + joinedSpans(segment.target_tokens, metadata.target_spans);
  const original = markedSpan(sourceCell) + markedSpan(targetCell);
  if (shown !== original) problems.push(`Marot would show ${JSON.stringify(shown)} as marked, the row's <v> span is ${JSON.stringify(original)}`);
  if (metadata.marked_text !== undefined && metadata.marked_text !== original) problems.push(`marked_text ${JSON.stringify(metadata.marked_text)} is not the <v> span ${JSON.stringify(original)}`);
  return problems;
}
