/**
 * The rows of a spans field's decision editor: every span any annotator marked, once (the same
 * place, label and MRW are one span whatever its attributes), plus any span of the decision
 * itself; each row says who marked it and the decided span when the decision keeps it (its
 * attributes, e.g. severity, as decided). Sorted by position, so overlapping proposals of the
 * annotators sit next to each other. Pure; runs in the browser.
 */
export interface TSpan {
  start: number;
  end: number;
  label: string | number;
  mrwId?: string | null;
  attributes?: Record<string, unknown>;
  comment?: string;
  [k: string]: unknown;
}

export interface TSpanRow {
  key: string;
  /** the span as first proposed (an annotator's, or the decision's own) */
  span: TSpan;
  /** annotators who marked it */
  by: string[];
  /** the decided span of this row; null when the decision does not keep it */
  decided: TSpan | null;
}

export const isSpan = (v: unknown): v is TSpan => v !== null && typeof v === "object" && typeof (v as TSpan).start === "number" && typeof (v as TSpan).end === "number" && "label" in (v as object);

/** A span's identity in the editor: place, label and MRW (not its attributes or comment). */
export const spanKey = (s: TSpan) => `${s.start}-${s.end}-${String(s.label)}-${s.mrwId ?? ""}`;

export function spanRows(values: readonly { annotatorId: string; value: unknown }[], decision: unknown): TSpanRow[] {
  const rows = new Map<string, TSpanRow>();
  for (const v of values) {
    if (!Array.isArray(v.value)) continue;
    for (const s of v.value) {
      if (!isSpan(s)) continue;
      const key = spanKey(s);
      const row = rows.get(key);
      if (row) {
        if (!row.by.includes(v.annotatorId)) row.by.push(v.annotatorId);
      } else rows.set(key, { key, span: s, by: [v.annotatorId], decided: null });
    }
  }
  for (const s of Array.isArray(decision) ? decision : []) {
    if (!isSpan(s)) continue;
    const key = spanKey(s);
    const row = rows.get(key);
    if (row) row.decided = s;
    else rows.set(key, { key, span: s, by: [], decided: s });
  }
  return [...rows.values()].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end || a.key.localeCompare(b.key));
}

/** The decision once a row is kept or dropped, or a kept row's attribute changed; in position order. */
export function withRow(rows: readonly TSpanRow[], key: string, change: { keep: boolean } | { attribute: string; value: unknown }): TSpan[] {
  return rows.flatMap((r) => {
    if (r.key !== key) return r.decided ? [r.decided] : [];
    if ("keep" in change) return change.keep ? [r.decided ?? r.span] : [];
    const base = r.decided ?? r.span;
    return [{ ...base, attributes: { ...(base.attributes ?? {}), [change.attribute]: change.value } }];
  });
}
