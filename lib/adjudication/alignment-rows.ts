/**
 * The decision editor of an alignment field (MetaHOPE's realisation patterns, MMTE's target words):
 * the target spans any annotator aligned the MRW to, once each, with who marked them and whether
 * the decision keeps them; and the decision rebuilt when a span is kept or dropped or the pattern
 * changes (a pattern without target span drops them all). Pure; runs in the browser.
 */
export interface TTargetSpan {
  start: number;
  end: number;
}

export interface TAlignment {
  pattern?: unknown;
  spans: TTargetSpan[];
}

export interface TAlignmentRow {
  key: string;
  span: TTargetSpan;
  by: string[];
  kept: boolean;
}

const isAlignment = (v: unknown): v is TAlignment => v !== null && typeof v === "object" && Array.isArray((v as TAlignment).spans);
const keyOf = (s: TTargetSpan) => `${s.start}-${s.end}`;

export function alignmentRows(values: readonly { annotatorId: string; value: unknown }[], decision: unknown): TAlignmentRow[] {
  const rows = new Map<string, TAlignmentRow>();
  const add = (s: TTargetSpan, by: string | null, kept: boolean) => {
    const key = keyOf(s);
    const row = rows.get(key) ?? { key, span: { start: s.start, end: s.end }, by: [], kept: false };
    if (by && !row.by.includes(by)) row.by.push(by);
    if (kept) row.kept = true;
    rows.set(key, row);
  };
  for (const v of values) if (isAlignment(v.value)) for (const s of v.value.spans) add(s, v.annotatorId, false);
  if (isAlignment(decision)) for (const s of decision.spans) add(s, null, true);
  return [...rows.values()].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}

/**
 * The decision after a change. `withPattern`: the field has patterns (the value then names one);
 * `noSpan`: the chosen pattern takes no target span (an omission).
 */
export function withAlignment(rows: readonly TAlignmentRow[], decision: unknown, change: { key: string; keep: boolean } | { pattern: unknown; noSpan: boolean }, withPattern: boolean): TAlignment {
  const pattern = "pattern" in change ? change.pattern : isAlignment(decision) ? decision.pattern : undefined;
  const spans = "pattern" in change ? (change.noSpan ? [] : rows.filter((r) => r.kept).map((r) => r.span)) : rows.filter((r) => (r.key === change.key ? change.keep : r.kept)).map((r) => r.span);
  return withPattern ? { pattern: pattern ?? null, spans } : { spans };
}
