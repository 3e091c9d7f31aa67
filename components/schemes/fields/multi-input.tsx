"use client";
// A multi: several options (checkboxes), with the scheme's lower and upper bounds said aloud.
import type { ZMultiField } from "@/lib/schemes/language/scheme-field";
import { choiceOptions } from "@/lib/schemes/language/field-keys";
import type { TOptionValue } from "@/lib/schemes/language/scheme-option";
import type { z } from "zod";
import type { FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";

type TMulti = z.infer<typeof ZMultiField>;

export function MultiInput({ field, value, onChange, lists }: FieldProps<TMulti>) {
  const chosen = Array.isArray(value) ? (value as TOptionValue[]) : [];
  const toggle = (v: TOptionValue) => {
    const next = chosen.includes(v) ? chosen.filter((x) => x !== v) : [...chosen, v];
    onChange(next.length ? next : null);
  };
  const limits = [field.minSelected !== undefined ? `at least ${field.minSelected}` : "", field.maxSelected !== undefined ? `at most ${field.maxSelected}` : ""].filter(Boolean).join(", ");
  return (
    <div role="group" aria-label={field.label} className="flex flex-wrap items-center gap-1" data-kind="multi">
      {choiceOptions(field, lists).map((o) => {
        const on = chosen.includes(o.value);
        return (
          <button key={String(o.value)} type="button" role="checkbox" aria-checked={on} title={o.description} onClick={() => toggle(o.value)}
            className={`rounded border px-2 py-1 text-sm ${on ? "border-indigo-600 bg-indigo-50 text-indigo-800" : "border-slate-300 bg-white hover:bg-slate-50"}`}>
            <span aria-hidden className="mr-1">{on ? "☑" : "☐"}</span>
            {o.label}
            <KeyBadge k={o.key} />
          </button>
        );
      })}
      {limits && <span className="text-xs text-slate-500">({limits})</span>}
    </div>
  );
}
