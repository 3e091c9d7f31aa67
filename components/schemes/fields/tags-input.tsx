"use client";
// Tags: one tag per token (e.g. metaphor detection). Select tokens (click, shift-click or drag; in
// the workspace also ←/→ and Shift+←/→), then a tag (button or key): with BIO the first token of
// the selection becomes B-X and the rest I-X. A tag applied again to tokens that carry it clears it.
import type { ZTagsField } from "@/lib/schemes/language/scheme-field";
import { applyTag, bareTag } from "@/lib/workspace/scheme-field-edits";
import type { z } from "zod";
import { optionText, type FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";
import { TokenRow } from "./token-row";

type TTags = z.infer<typeof ZTagsField>;

export function TagsInput({ field, value, onChange, texts, selection, onSelect }: FieldProps<TTags>) {
  const n = texts.tokens.length;
  const tags = Array.isArray(value) && value.length === n ? (value as (string | number | null)[]) : null;
  const tagged = (i: number) => tags !== null && bareTag(field, tags[i]) !== null;
  return (
    <div data-kind="tags">
      <TokenRow text={texts.text} language={texts.language} tokens={texts.tokens} selection={selection} onSelect={onSelect} label={`${field.label}: tokens`}
        mark={(i) => (tagged(i) ? "bg-amber-200 ring-1 ring-amber-500" : "hover:bg-slate-100")} note={(i) => (tagged(i) ? String(tags![i]) : null)} />
      <div role="group" aria-label={`${field.label}: tags`} className="mt-1 flex flex-wrap items-center gap-1">
        <span className="text-xs text-slate-500">{selection ? "Tag the selection:" : "Select tokens, then a tag:"}</span>
        {field.tags.map((t) => (
          <button key={String(t.value)} type="button" disabled={!selection} title={t.description}
            onClick={() => selection && onChange(applyTag(field, value, n, selection, t.value))}
            className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs disabled:opacity-40">
            {optionText(t)}
            <KeyBadge k={t.key} />
          </button>
        ))}
      </div>
    </div>
  );
}
