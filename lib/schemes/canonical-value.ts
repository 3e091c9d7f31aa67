// Canonical text of an annotation value, so that two equal alignments or labels compare equal:
// alignment spans in position order, object keys sorted. Used where values are compared (the
// disagreement measure, the adjudication editor, the autosaver's check of its own earlier save).
// Pure, no imports: it runs in the browser too.

export function canonicalValue(v: unknown): string {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.spans)) {
      const spans = (o.spans as { start: number; end: number }[]).map((s) => [s.start, s.end]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      return JSON.stringify({ pattern: o.pattern ?? null, spans });
    }
    return JSON.stringify(Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b))));
  }
  return JSON.stringify(v);
}

/** JSON with object keys sorted at every depth (undefined members left out): equal text for equal values. */
export function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}
