"use client";
// Spans: character spans with a label and the scheme's attributes (MetaHOPE errors: category and
// severity). Click a token to start, shift-click to extend, then choose a label (button or key);
// each span's attributes are set in its row. A zero-length span (an omission) is marked with
// "position" when the scheme allows it.
import { useState } from "react";
import type { ZSpansField } from "@/lib/schemes/language/scheme-field";
import type { z } from "zod";
import { optionText, type FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";
import { tokenOffsets } from "./token-offsets";

type TSpans = z.infer<typeof ZSpansField>;
type TSpan = { start: number; end: number; label: string | number; attributes?: Record<string, string | number> };

export function SpansInput({ field, value, onChange, texts }: FieldProps<TSpans>) {
  const spans: TSpan[] = Array.isArray(value) ? (value as TSpan[]) : [];
  const offsets = tokenOffsets(texts.text, texts.tokens);
  const [sel, setSel] = useState<[number, number] | null>(null);
  const set = (next: TSpan[]) => onChange(next.length ? next : undefined);
  const add = (label: string | number, empty = false) => {
    if (!sel) return;
    const [a, b] = sel[0] <= sel[1] ? sel : [sel[1], sel[0]];
    const span = empty ? { start: offsets[a].start, end: offsets[a].start } : { start: offsets[a].start, end: offsets[b].end };
    set([...spans, { ...span, label }]);
    setSel(null);
  };
  const inSel = (i: number) => sel !== null && i >= Math.min(...sel) && i <= Math.max(...sel);
  const marked = (i: number) => spans.some((s) => s.start < offsets[i].end && s.end > offsets[i].start);
  return (
    <div data-kind="spans">
      <p className="flex flex-wrap gap-0.5 text-sm" aria-label={`${field.label}: text`}>
        {texts.tokens.map((tok, i) => (
          <button key={i} type="button" data-token={i} onClick={(e) => setSel(e.shiftKey && sel ? [sel[0], i] : [i, i])}
            className={`rounded px-1 ${inSel(i) ? "bg-indigo-200" : marked(i) ? "bg-rose-100 underline decoration-rose-500" : "hover:bg-slate-100"}`}>
            {tok}
          </button>
        ))}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <span className="text-xs text-slate-500">{sel ? "Label the selection:" : "Select words, then a label:"}</span>
        {field.labels.map((l) => (
          <button key={String(l.value)} type="button" disabled={!sel} onClick={() => add(l.value)} title={l.description}
            className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs disabled:opacity-40">
            {optionText(l)}
            <KeyBadge k={l.key} />
          </button>
        ))}
        {field.allowEmpty && (
          <button type="button" disabled={!sel} onClick={() => add(field.labels[0].value, true)} className="rounded border border-dashed border-slate-400 px-2 py-0.5 text-xs disabled:opacity-40">
            position (omission)
          </button>
        )}
      </div>
      {spans.length > 0 && (
        <ul className="mt-1 space-y-1 text-xs" aria-label={`${field.label}: spans`}>
          {spans.map((s, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2 rounded bg-slate-50 px-2 py-1" data-testid="span-row">
              <span className="font-medium">{optionText(field.labels.find((l) => l.value === s.label) ?? { value: s.label })}</span>
              <span className="text-slate-600">“{texts.text.slice(s.start, s.end) || `(position ${s.start})`}”</span>
              {field.attributes
                .filter((a) => !a.appliesTo || a.appliesTo.includes(s.label))
                .map((a) => (
                  <select key={a.id} aria-label={a.label} value={s.attributes?.[a.id] === undefined ? "" : String(s.attributes[a.id])}
                    onChange={(e) => {
                      const opt = a.options.find((o) => String(o.value) === e.target.value);
                      set(spans.map((x, j) => (j === i ? { ...x, attributes: { ...x.attributes, ...(opt ? { [a.id]: opt.value } : {}) } } : x)));
                    }}
                    className="rounded border border-slate-300 px-1 py-0.5">
                    <option value="">{a.label}…</option>
                    {a.options.map((o) => <option key={String(o.value)} value={String(o.value)}>{optionText(o)}</option>)}
                  </select>
                ))}
              <button type="button" onClick={() => set(spans.filter((_, j) => j !== i))} className="ml-auto text-rose-700 underline">remove</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
