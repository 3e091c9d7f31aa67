"use client";
// Spans: character spans with a label and the scheme's attributes (MetaHOPE errors: category and
// severity). Select words (click, shift-click or drag; in the workspace also ←/→ and Shift+←/→),
// then a label (button or key); the new span is the active one, whose attributes the keys set (or
// its row's selects). A zero-length span (an omission) is marked with "position" when allowed.
import type { ZSpansField } from "@/lib/schemes/language/scheme-field";
import { addSpan, appliesTo, removeSpan, setSpanAttribute, spanList } from "@/lib/workspace/scheme-field-edits";
import type { z } from "zod";
import { optionText, type FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";
import { TokenRow } from "./token-row";

type TSpans = z.infer<typeof ZSpansField>;

export function SpansInput({ field, value, onChange, texts, selection, onSelect, activeSpan, onActiveSpan }: FieldProps<TSpans>) {
  const spans = spanList(value);
  const add = (label: string | number, empty = false) => {
    if (!selection) return;
    const next = addSpan(value, texts.tokens, selection, label, empty);
    onChange(next);
    onSelect(null);
    onActiveSpan(next.length - 1);
  };
  const marked = (i: number) => spans.some((s) => s.start < texts.tokens[i].end && s.end > texts.tokens[i].start);
  return (
    <div data-kind="spans">
      <TokenRow text={texts.text} language={texts.language} tokens={texts.tokens} selection={selection} onSelect={onSelect} label={`${field.label}: text`}
        mark={(i) => (marked(i) ? "bg-rose-100 underline decoration-rose-500" : "hover:bg-slate-100")} />
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <span className="text-xs text-slate-500">{selection ? "Label the selection:" : "Select words, then a label:"}</span>
        {field.labels.map((l) => (
          <button key={String(l.value)} type="button" disabled={!selection} onClick={() => add(l.value)} title={l.description}
            className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs disabled:opacity-40">
            {optionText(l)}
            <KeyBadge k={l.key} />
          </button>
        ))}
        {field.allowEmpty && (
          <button type="button" disabled={!selection} onClick={() => add(field.labels[0].value, true)} className="rounded border border-dashed border-slate-400 px-2 py-0.5 text-xs disabled:opacity-40">
            position (omission)
          </button>
        )}
      </div>
      {spans.length > 0 && (
        <ul className="mt-1 space-y-1 text-xs" aria-label={`${field.label}: spans`}>
          {spans.map((s, i) => (
            <li key={i} onClick={() => onActiveSpan(i)} data-testid="span-row" data-active={activeSpan === i ? "true" : undefined}
              className={`flex flex-wrap items-center gap-2 rounded px-2 py-1 ${activeSpan === i ? "bg-indigo-50 ring-1 ring-indigo-400" : "bg-slate-50"}`}>
              <span className="font-medium">{optionText(field.labels.find((l) => l.value === s.label) ?? { value: s.label })}</span>
              <span lang={texts.language} className="text-slate-600">“{texts.text.slice(s.start, s.end) || `(position ${s.start})`}”</span>
              {field.attributes
                .filter((a) => appliesTo(a, s.label))
                .map((a) => (
                  <select key={a.id} aria-label={a.label} value={s.attributes?.[a.id] === undefined ? "" : String(s.attributes[a.id])}
                    onChange={(e) => {
                      const opt = a.options.find((o) => String(o.value) === e.target.value);
                      if (opt) onChange(setSpanAttribute(value, i, a.id, opt.value));
                    }}
                    className="rounded border border-slate-300 px-1 py-0.5">
                    <option value="">{a.label}…</option>
                    {a.options.map((o) => <option key={String(o.value)} value={String(o.value)}>{optionText(o)}{o.key ? ` (${o.key})` : ""}</option>)}
                  </select>
                ))}
              <button type="button" onClick={(e) => { e.stopPropagation(); onChange(removeSpan(value, i)); onActiveSpan(null); }} className="ml-auto text-rose-700 underline">remove</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
