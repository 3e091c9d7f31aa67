"use client";
// A boolean: two answers, labelled as the scheme says (default yes / no, keys y / n).
import type { ZBooleanField } from "@/lib/schemes/language/scheme-field";
import { booleanAnswers } from "@/lib/schemes/language/field-keys";
import type { z } from "zod";
import type { FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";

type TBoolean = z.infer<typeof ZBooleanField>;

export function BooleanInput({ field, value, onChange }: FieldProps<TBoolean>) {
  return (
    <div role="radiogroup" aria-label={field.label} className="flex gap-1" data-kind="boolean">
      {booleanAnswers(field).map((a) => {
        const on = value === a.value;
        return (
          <button key={String(a.value)} type="button" role="radio" aria-checked={on} onClick={() => onChange(on ? null : a.value)}
            className={`rounded border px-2 py-1 text-sm ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:bg-slate-50"}`}>
            {a.label}
            <KeyBadge k={a.key} />
          </button>
        );
      })}
    </div>
  );
}
