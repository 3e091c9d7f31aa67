"use client";
// The decision of a spans field (MetaHOPE's error spans, MQM's …): every span any annotator marked,
// once, with the marked excerpt, its label, who marked it and its attributes (severity); tick the
// spans the final list keeps and set their attributes. Nothing ticked is a decision too: no span.
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { spanRows, withRow, type TSpan } from "@/lib/adjudication/span-rows";

type TSpansField = Extract<TSchemeField, { kind: "spans" }>;

export function SpansDecisionList({ field, values, value, text, source, who, onChange }: {
  field: TSpansField;
  values: { annotatorId: string; value: unknown }[];
  value: unknown;
  /** the text the spans point into */
  text: string | null;
  /** the item's source, for spans that lie on it (`on: "source"`, MQM) */
  source: string | null;
  who: (annotatorId: string) => string;
  onChange: (spans: TSpan[]) => void;
}) {
  const rows = spanRows(values, value);
  const labelOf = (l: unknown) => field.labels.find((x) => x.value === l)?.label ?? String(l);
  if (rows.length === 0) return <p className="text-xs text-slate-500">No annotator marked a span.</p>;
  return (
    <ul className="w-full space-y-1 text-xs" data-testid={`spans-decision-${field.id}`}>
      {rows.map((r) => {
        const shown = r.decided ?? r.span;
        const on = r.span.on === "source" ? source : text;
        const excerpt = on ? on.slice(r.span.start, r.span.end) : "";
        const id = `span-${field.id}-${r.key}`.replace(/[^\w-]/g, "_");
        return (
          <li key={r.key} className="flex flex-wrap items-center gap-2">
            <input id={id} type="checkbox" checked={r.decided !== null} onChange={(e) => onChange(withRow(rows, r.key, { keep: e.target.checked }))} />
            <label htmlFor={id}>
              <span className="font-medium">{labelOf(r.span.label)}</span> “{excerpt || "·"}” <span className="text-slate-500">({r.span.start}–{r.span.end}{r.span.mrwId ? ", on the MRW" : ""}; {r.by.length ? r.by.map(who).join(", ") : "the decision"})</span>
            </label>
            {field.attributes
              .filter((a) => !a.appliesTo || a.appliesTo.includes(r.span.label))
              .map((a) => (
                <select
                  key={a.id}
                  aria-label={`${a.label} of ${labelOf(r.span.label)} at ${r.span.start}–${r.span.end}`}
                  disabled={r.decided === null}
                  value={JSON.stringify(shown.attributes?.[a.id] ?? null)}
                  onChange={(e) => onChange(withRow(rows, r.key, { attribute: a.id, value: JSON.parse(e.target.value) }))}
                  className="rounded border border-slate-300 px-1 py-0.5 text-xs disabled:opacity-50"
                >
                  {shown.attributes?.[a.id] === undefined && <option value="null">–</option>}
                  {a.options.map((o) => <option key={JSON.stringify(o.value)} value={JSON.stringify(o.value)}>{o.label ?? String(o.value)}</option>)}
                </select>
              ))}
          </li>
        );
      })}
    </ul>
  );
}
