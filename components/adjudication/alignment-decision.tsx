"use client";
// The decision of an alignment field (MetaHOPE's realisation pattern of an MRW, MMTE's target
// words): the pattern (when the field has patterns) and the target spans any annotator aligned,
// once each with the excerpt and who marked them; tick the ones the decision keeps. A pattern
// without target span (an omission) clears them.
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { alignmentRows, withAlignment, type TAlignment } from "@/lib/adjudication/alignment-rows";

type TAlignmentField = Extract<TSchemeField, { kind: "alignment" }>;

export function AlignmentDecision({ field, values, value, text, who, onChange }: {
  field: TAlignmentField;
  values: { annotatorId: string; value: unknown }[];
  value: unknown;
  /** the translation the spans point into */
  text: string | null;
  who: (annotatorId: string) => string;
  onChange: (v: TAlignment) => void;
}) {
  const rows = alignmentRows(values, value);
  const withPattern = !!field.patterns;
  const current = value !== null && typeof value === "object" ? (value as TAlignment).pattern : undefined;
  const chosen = field.patterns?.find((p) => JSON.stringify(p.value) === JSON.stringify(current));
  const id = `al-${field.id}`;
  return (
    <div className="flex w-full flex-col gap-1 text-xs" data-testid={`alignment-decision-${field.id}`}>
      {field.patterns && (
        <label className="flex items-center gap-2">
          <span className="text-slate-600">Pattern</span>
          <select
            value={current === undefined ? "" : JSON.stringify(current)}
            onChange={(e) => {
              if (e.target.value === "") return;
              const v = JSON.parse(e.target.value) as unknown;
              const p = field.patterns!.find((x) => JSON.stringify(x.value) === e.target.value);
              onChange(withAlignment(rows, value, { pattern: v, noSpan: p?.span === "none" }, withPattern));
            }}
            className="rounded border border-slate-300 px-1 py-0.5 text-xs"
          >
            <option value="">–</option>
            {field.patterns.map((p) => <option key={JSON.stringify(p.value)} value={JSON.stringify(p.value)}>{p.label ?? String(p.value)}</option>)}
          </select>
        </label>
      )}
      {rows.length === 0 ? (
        <p className="text-slate-500">No annotator aligned a target span.</p>
      ) : (
        <ul className="space-y-0.5">
          {rows.map((r) => (
            <li key={r.key} className="flex items-center gap-2">
              <input id={`${id}-${r.key}`} type="checkbox" checked={r.kept} disabled={chosen?.span === "none"} onChange={(e) => onChange(withAlignment(rows, value, { key: r.key, keep: e.target.checked }, withPattern))} />
              <label htmlFor={`${id}-${r.key}`}>
                “{text ? text.slice(r.span.start, r.span.end) : "?"}” <span className="text-slate-500">({r.span.start}–{r.span.end}; {r.by.length ? r.by.map(who).join(", ") : "the decision"})</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
