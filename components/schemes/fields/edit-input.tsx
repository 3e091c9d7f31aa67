"use client";
// An edit: a post-edit of the text in scope (or of the source, or from empty), with a reset to
// the starting text and the variant (figurative / literal) said above it.
import type { ZEditField } from "@/lib/schemes/language/scheme-field";
import type { z } from "zod";
import type { FieldProps } from "./field-props";

type TEdit = z.infer<typeof ZEditField>;

export function EditInput({ field, value, onChange, uid, texts }: FieldProps<TEdit>) {
  const start = field.base === "empty" ? "" : texts.text;
  const text = typeof value === "string" ? value : start;
  return (
    <div data-kind="edit">
      {field.variant && <div className="mb-1 text-xs text-slate-500">{field.variant === "figurative" ? "Keep the figurative language" : "Say it without figurative language"}</div>}
      <textarea id={uid} aria-label={field.label} lang={texts.language} rows={2} value={text} maxLength={field.maxLength} onChange={(e) => onChange(e.target.value)} className="w-full rounded border border-slate-300 px-2 py-1 text-sm" />
      <button type="button" onClick={() => onChange(null)} className="text-xs text-indigo-700 underline">Reset to the starting text</button>
    </div>
  );
}
