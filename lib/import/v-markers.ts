/**
 * The `<v>…</v>` span markers of the WMT MQM files and Marot: an error row carries its source and
 * target with the marked span enclosed in `<v>` and `</v>`; the text outside the markers is the
 * segment's text. Offsets are UTF-16 indices into the text without markers (start inclusive, end
 * exclusive), as every span in Tropos. Pure.
 */

export type TReadMarkers =
  | { ok: true; text: string; spans: { start: number; end: number }[]; unclosedAtEnd: boolean }
  | { ok: false; message: string };

const OPEN = "<v>";
const CLOSE = "</v>";

/**
 * The text without markers and the marked spans. A `</v>` without its `<v>`, or a `<v>` inside a
 * span, is unbalanced (an error). One `<v>` never closed is read as a span to the end of the text
 * (`unclosedAtEnd`): the WMT release has such a row (TED ZH→EN, MiSS, talk.9 segment 143), which
 * the caller reports as a warning.
 */
export function readMarkers(marked: string): TReadMarkers {
  let text = "";
  const spans: { start: number; end: number }[] = [];
  let open: number | null = null;
  let i = 0;
  while (i < marked.length) {
    if (marked.startsWith(OPEN, i)) {
      if (open !== null) return { ok: false, message: `a second <v> at character ${i + 1} before the first is closed (unbalanced markers)` };
      open = text.length;
      i += OPEN.length;
    } else if (marked.startsWith(CLOSE, i)) {
      if (open === null) return { ok: false, message: `</v> at character ${i + 1} without an opening <v> (unbalanced markers)` };
      spans.push({ start: open, end: text.length });
      open = null;
      i += CLOSE.length;
    } else {
      const next = marked.indexOf("<", i + 1);
      const end = next < 0 ? marked.length : next;
      text += marked.slice(i, end);
      i = end;
    }
  }
  if (open !== null) spans.push({ start: open, end: text.length });
  return { ok: true, text, spans, unclosedAtEnd: open !== null };
}

/** The text with one span marked. */
export function writeMarkers(text: string, start: number, end: number): string {
  return `${text.slice(0, start)}${OPEN}${text.slice(start, end)}${CLOSE}${text.slice(end)}`;
}
