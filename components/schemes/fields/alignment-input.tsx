"use client";
// An alignment: how a source unit (an MRW) is realised in a translation — a pattern (with its
// key) and, when the pattern has them, the target words (click to add or remove).
import type { ZAlignmentField } from "@/lib/schemes/language/scheme-field";
import type { z } from "zod";
import { optionText, type FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";
import { tokenOffsets } from "./token-offsets";

type TAlignment = z.infer<typeof ZAlignmentField>;
type TValue = { pattern: string | number; spans: { start: number; end: number }[] };

export function AlignmentInput({ field, value, onChange, texts }: FieldProps<TAlignment>) {
  const v = value && typeof value === "object" ? (value as TValue) : null;
  const pattern = field.patterns.find((p) => p.value === v?.pattern);
  const offsets = tokenOffsets(texts.text, texts.tokens);
  const toggle = (i: number) => {
    if (!v || pattern?.span === "none") return;
    const o = offsets[i];
    const has = v.spans.some((s) => s.start === o.start && s.end === o.end);
    onChange({ ...v, spans: has ? v.spans.filter((s) => !(s.start === o.start && s.end === o.end)) : [...v.spans, o].sort((a, b) => a.start - b.start) });
  };
  return (
    <div data-kind="alignment">
      <div role="radiogroup" aria-label={field.label} className="flex flex-wrap gap-1">
        {field.patterns.map((p) => {
          const on = v?.pattern === p.value;
          return (
            <button key={String(p.value)} type="button" role="radio" aria-checked={on} title={p.description}
              onClick={() => onChange(on ? undefined : { pattern: p.value, spans: p.span === "none" ? [] : (v?.spans ?? []) })}
              className={`rounded border px-2 py-0.5 text-xs ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white"}`}>
              {optionText(p)}
              <KeyBadge k={p.key} />
            </button>
          );
        })}
      </div>
      {v && pattern?.span !== "none" && (
        <p className="mt-1 flex flex-wrap gap-0.5 text-sm" aria-label={`${field.label}: target words`}>
          {texts.tokens.map((tok, i) => {
            const on = v.spans.some((s) => s.start === offsets[i].start && s.end === offsets[i].end);
            return (
              <button key={i} type="button" data-token={i} onClick={() => toggle(i)} className={`rounded px-1 ${on ? "bg-indigo-100 font-semibold underline" : "hover:bg-slate-100"}`}>
                {tok}
              </button>
            );
          })}
        </p>
      )}
    </div>
  );
}
