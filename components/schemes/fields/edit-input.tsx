"use client";
// An edit: a post-edit of the text in scope (or of the source, or from empty), with a reset to
// the starting text and the variant (figurative / literal) said above it. Where the annotator
// picks the translation to start from (MMTE's and MetaHOPE's post-edits: lib/workspace/edit-base.ts)
// its "Start from …" buttons come first (digits 1–N in the workspace), and under the text the
// word diff (characters for Chinese) and the HTER-style edit rate against that translation
// (the built-in workspace's components/workspace/post-edit-diff.tsx).
import type { ZEditField } from "@/lib/schemes/language/scheme-field";
import { editBaseOf, editStartText, startFrom } from "@/lib/workspace/edit-base";
import type { z } from "zod";
import { PostEditDiff } from "@/components/workspace/post-edit-diff";
import type { FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";

type TEdit = z.infer<typeof ZEditField>;

const VARIANT_HINT: Record<string, string> = {
  figurative: "Keep the figurative language",
  literal: "Say it without figurative language",
};

export function EditInput({ field, value, onChange, uid, texts }: FieldProps<TEdit>) {
  const bases = texts.bases;
  const start = editStartText(field, { text: texts.text, source: texts.source?.text });
  const text = typeof value === "string" ? value : start;
  const base = bases ? editBaseOf(value, bases) : null;
  return (
    <div data-kind="edit">
      {field.variant && VARIANT_HINT[field.variant] && <div className="mb-1 text-xs text-slate-500">{VARIANT_HINT[field.variant]}</div>}
      {bases && (
        <div role="group" aria-label={`${field.label}: start from`} className="mb-1 flex flex-wrap gap-1">
          {bases.map((b, i) => (
            <button key={b.id} type="button" aria-pressed={base?.id === b.id} onClick={() => onChange(startFrom(value, b, bases))}
              className={`rounded border px-2 py-0.5 text-xs ${base?.id === b.id ? "border-indigo-600 bg-indigo-50 text-indigo-900" : "border-slate-300 bg-white"}`}>
              Start from {b.label}
              {i < 9 && <KeyBadge k={String(i + 1)} />}
            </button>
          ))}
        </div>
      )}
      <textarea id={uid} aria-label={field.label} lang={texts.language} rows={2} value={text} maxLength={field.maxLength}
        placeholder={bases ? "Choose a translation to start from (digit), then Enter to edit" : undefined}
        onChange={(e) => onChange(e.target.value)} className="w-full rounded border border-slate-300 px-2 py-1 text-sm" />
      {base && <PostEditDiff base={base.text} text={text} language={base.language} />}
      <button type="button" onClick={() => onChange(null)} className="text-xs text-indigo-700 underline">Reset to the starting text</button>
    </div>
  );
}
