"use client";
// The edit kind (MMTE's post-edits): the translation to start from (its buttons, rendered by the
// caller as the field's choices), the text box, and the difference from the chosen translation.
import type { ReactNode } from "react";
import { PostEditDiff } from "../post-edit-diff";

export function EditField({ choices, label, lang, text, base, bindTextarea, onFocus, onChange }: {
  /** the field's choice buttons ("Start from Translation A" …) */
  choices: ReactNode;
  label: string;
  lang: string;
  text: string;
  base: { text: string; language: string } | undefined;
  bindTextarea: (el: HTMLTextAreaElement | null) => void;
  onFocus: () => void;
  onChange: (text: string) => void;
}) {
  return (
    <div>
      {choices}
      <textarea
        ref={bindTextarea}
        aria-label={label}
        lang={lang}
        className="mt-1 w-full rounded border border-slate-300 p-2 text-base"
        rows={2}
        value={text}
        placeholder="Choose a translation to start from (digit), then Enter to edit"
        onFocus={onFocus}
        onChange={(e) => onChange(e.target.value)}
      />
      {base && <PostEditDiff base={base.text} text={text} language={base.language} />}
    </div>
  );
}
