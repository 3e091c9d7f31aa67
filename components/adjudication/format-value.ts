// Short display of an annotation value: numbers and labels as they are, an alignment as
// "PATTERN [s–e]", target words as "[s–e][s–e]" (or "not rendered"), anything else as compact JSON.
export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return "–";
  if (typeof v === "number" || typeof v === "string") return String(v);
  if (typeof v === "object" && v && "pattern" in v) {
    const a = v as { pattern: string; spans?: { start: number; end: number }[] };
    return `${a.pattern}${a.spans?.length ? " " + a.spans.map((s) => `[${s.start}–${s.end}]`).join("") : ""}`;
  }
  if (typeof v === "object" && v && Object.keys(v).length === 1 && Array.isArray((v as { spans?: unknown }).spans)) {
    const spans = (v as { spans: { start: number; end: number }[] }).spans;
    return spans.length ? spans.map((s) => `[${s.start}–${s.end}]`).join("") : "not rendered";
  }
  return JSON.stringify(v);
}
