"use client";
// Tags: one tag per token (e.g. metaphor detection). Select tokens (click, shift-click or drag; in
// the workspace also ←/→ and Shift+←/→), then a tag (button or key): with BIO the first token of
// the selection becomes B-X and the rest I-X; Shift with the key continues the chunk before the
// selection (I-X). A tag applied again to tokens that carry it clears it. Tagged words are
// underlined in the tag's colour, a chunk as one unbroken line (tag-marks.ts), with a legend.
// A model's suggested tags (no value of the annotator's yet) show on the tokens in violet, dashed,
// marked as the model's; a tag applied then changes the model's tags, token by token (an edit).
import type { ZTagsField } from "@/lib/schemes/language/scheme-field";
import { applyTag, bareTag } from "@/lib/workspace/scheme-field-edits";
import type { z } from "zod";
import { optionText, type FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";
import { TagLegend } from "./tag-legend";
import { gapTagClass, tokenTagClass } from "./tag-marks";
import { TokenRow } from "./token-row";

type TTags = z.infer<typeof ZTagsField>;

export function TagsInput({ field, value, onChange, texts, selection, onSelect, suggested }: FieldProps<TTags>) {
  const n = texts.tokens.length;
  const asTags = (v: unknown) => (Array.isArray(v) && v.length === n ? (v as (string | number | null)[]) : null);
  const own = asTags(value);
  // the model's tags stand in while the annotator has none; an edit starts from them
  const fromModel = own === null ? asTags(suggested) : null;
  const tags = own ?? fromModel;
  const base = own ?? fromModel ?? value;
  const tagged = (i: number) => tags !== null && bareTag(field, tags[i]) !== null;
  return (
    <div data-kind="tags">
      <TokenRow text={texts.text} language={texts.language} tokens={texts.tokens} selection={selection} onSelect={onSelect} label={`${field.label}: tokens`}
        mark={(i) => (tagged(i) && fromModel ? "bg-violet-100 outline-dashed outline-1 outline-violet-500" : "hover:bg-slate-100")}
        decorate={(i) => (tagged(i) && !fromModel ? tokenTagClass(field, tags![i]) : "")}
        gapMark={(i) => (fromModel ? "" : gapTagClass(field, tags, i))}
        tag={(i) => (tagged(i) && !fromModel ? String(tags![i]) : null)}
        note={(i) => (tagged(i) && fromModel ? `${String(tags![i])} (AI)` : null)}
        suggested={(i) => fromModel !== null && tagged(i)} />
      <TagLegend field={field} />
      <div role="group" aria-label={`${field.label}: tags`} className="mt-1 flex flex-wrap items-center gap-1">
        <span className="text-xs text-slate-500">{selection ? "Tag the selection:" : "Select tokens, then a tag:"}</span>
        {field.tags.map((t) => (
          <button key={String(t.value)} type="button" disabled={!selection} title={t.description}
            onClick={() => selection && onChange(applyTag(field, base, n, selection, t.value))}
            className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs disabled:opacity-40">
            {optionText(t)}
            <KeyBadge k={t.key} />
          </button>
        ))}
      </div>
    </div>
  );
}
