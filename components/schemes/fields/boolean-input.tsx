"use client";
// A boolean: two answers, labelled as the scheme says (default yes / no).
import type { ZBooleanField } from "@/lib/schemes/language/scheme-field";
import { valueLabelKey, valueLabelText } from "@/lib/schemes/language/scheme-option";
import type { z } from "zod";
import type { FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";

type TBoolean = z.infer<typeof ZBooleanField>;

export function BooleanInput({ field, value, onChange }: FieldProps<TBoolean>) {
  const answers: [boolean, string, string | undefined][] = [
    [true, field.labels?.true ? valueLabelText(field.labels.true) : "yes", field.labels?.true ? valueLabelKey(field.labels.true) : "y"],
    [false, field.labels?.false ? valueLabelText(field.labels.false) : "no", field.labels?.false ? valueLabelKey(field.labels.false) : "n"],
  ];
  return (
    <div role="radiogroup" aria-label={field.label} className="flex gap-1" data-kind="boolean">
      {answers.map(([v, text, key]) => {
        const on = value === v;
        return (
          <button key={String(v)} type="button" role="radio" aria-checked={on} onClick={() => onChange(on ? undefined : v)}
            className={`rounded border px-2 py-1 text-sm ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:bg-slate-50"}`}>
            {text}
            <KeyBadge k={key} />
          </button>
        );
      })}
    </div>
  );
}
