/**
 * A text with spans marked `@…@`, the notation MMTE uses for the target word (app. D: "He
 * @injected@ new life into the performance." → "他给表演@注入@了新的生命"): the export of target
 * words writes the source with its MRW and each translation with the words an annotator marked.
 * Spans are UTF-16 offsets, start inclusive, end exclusive (lib/schemes/fields.ts); overlapping
 * or touching spans are marked as one, and spans outside the text are clipped.
 *
 * Pure.
 */
export function markSpans(text: string, spans: readonly { start: number; end: number }[], mark = "@"): string {
  const sorted = spans
    .map((s) => ({ start: Math.max(0, Math.min(s.start, text.length)), end: Math.max(0, Math.min(s.end, text.length)) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: { start: number; end: number }[] = [];
  for (const s of sorted) {
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  let out = "";
  let pos = 0;
  for (const s of merged) {
    out += `${text.slice(pos, s.start)}${mark}${text.slice(s.start, s.end)}${mark}`;
    pos = s.end;
  }
  return out + text.slice(pos);
}
