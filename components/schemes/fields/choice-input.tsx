"use client";
// A choice: one option, as radio buttons with their keys and one-line definitions (tooltips).
// Options can come from the item (e.g. cloze candidates); the preview shows placeholders. A
// model's suggested option (the workspace of a project that shows suggestions) is outlined.
import type { ZChoiceField } from "@/lib/schemes/language/scheme-field";
import { choiceOptions } from "@/lib/schemes/language/field-keys";
import type { z } from "zod";
import type { FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";
import { SUGGESTED_OUTLINE } from "./scale-input";

type TChoice = z.infer<typeof ZChoiceField>;

export function ChoiceInput({ field, value, onChange, lists, suggested }: FieldProps<TChoice>) {
  return (
    <div role="radiogroup" aria-label={field.label} className="flex flex-wrap gap-1" data-kind="choice">
      {choiceOptions(field, lists).map((o) => {
        const on = value === o.value;
        // the model's suggestion (no value of the annotator's yet): outlined as the model's, not chosen
        const fromModel = (value === undefined || value === null) && suggested === o.value;
        return (
          <button key={String(o.value)} type="button" role="radio" aria-checked={on} title={o.description} onClick={() => onChange(on ? null : o.value)}
            data-suggested={fromModel ? "true" : undefined}
            className={`rounded border px-2 py-1 text-sm ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:bg-slate-50"} ${fromModel ? SUGGESTED_OUTLINE : ""}`}>
            {o.label}
            <KeyBadge k={o.key} />
          </button>
        );
      })}
    </div>
  );
}
