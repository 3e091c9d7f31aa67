// Character offsets of tokens in their text (spans are stored as offsets, the UI selects tokens).
export function tokenOffsets(text: string, tokens: string[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let at = 0;
  for (const t of tokens) {
    const i = text.indexOf(t, at);
    const start = i >= 0 ? i : at;
    out.push({ start, end: start + t.length });
    at = start + t.length;
  }
  return out;
}
