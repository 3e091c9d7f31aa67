"use client";
// Tags: one tag per token (e.g. metaphor detection). Pick a tag (button or its key), then click
// tokens; with BIO the first token of a run becomes B-X and the ones after it I-X. Clicking a
// tagged token again clears it.
import { useState } from "react";
import type { ZTagsField } from "@/lib/schemes/language/scheme-field";
import type { z } from "zod";
import { optionText, type FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";

type TTags = z.infer<typeof ZTagsField>;

export function TagsInput({ field, value, onChange, texts }: FieldProps<TTags>) {
  const [active, setActive] = useState<string | number>(field.tags[0].value);
  const empty = field.bio ? "O" : null;
  const tags: (string | number | null)[] = Array.isArray(value) && value.length === texts.tokens.length ? (value as (string | number | null)[]) : texts.tokens.map(() => empty);
  const bare = (t: string | number | null) => (field.bio && typeof t === "string" ? t.replace(/^[BI]-/, "") : t);
  const click = (i: number) => {
    const next = [...tags];
    if (next[i] !== empty && bare(next[i]) === active) next[i] = empty;
    else if (field.bio) next[i] = `${i > 0 && bare(next[i - 1]) === active && next[i - 1] !== "O" ? "I" : "B"}-${active}`;
    else next[i] = active;
    onChange(next.every((t) => t === empty) ? undefined : next);
  };
  return (
    <div data-kind="tags">
      <div role="radiogroup" aria-label={`${field.label}: tag to apply`} className="mb-1 flex flex-wrap gap-1">
        {field.tags.map((t) => (
          <button key={String(t.value)} type="button" role="radio" aria-checked={active === t.value} onClick={() => setActive(t.value)} title={t.description}
            className={`rounded border px-2 py-0.5 text-xs ${active === t.value ? "border-amber-600 bg-amber-100" : "border-slate-300 bg-white"}`}>
            {optionText(t)}
            <KeyBadge k={t.key} />
          </button>
        ))}
      </div>
      <p className="flex flex-wrap gap-0.5 text-sm" aria-label={`${field.label}: tokens`}>
        {texts.tokens.map((tok, i) => (
          <button key={i} type="button" onClick={() => click(i)} data-token={i}
            className={`rounded px-1 ${tags[i] !== empty ? "bg-amber-200 ring-1 ring-amber-500" : "hover:bg-slate-100"}`}>
            {tok}
            {tags[i] !== empty && <sub className="ml-0.5 text-[9px] text-amber-900">{String(tags[i])}</sub>}
          </button>
        ))}
      </p>
    </div>
  );
}
