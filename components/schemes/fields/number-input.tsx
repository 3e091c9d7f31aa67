"use client";
// A number: an input bounded as the scheme says, with its unit.
import type { ZNumberField } from "@/lib/schemes/language/scheme-field";
import type { z } from "zod";
import type { FieldProps } from "./field-props";

type TNumber = z.infer<typeof ZNumberField>;

export function NumberInput({ field, value, onChange, uid }: FieldProps<TNumber>) {
  return (
    <span className="inline-flex items-center gap-2" data-kind="number">
      <input id={uid} type="number" aria-label={field.label} min={field.min} max={field.max} step={field.integer ? 1 : "any"} value={typeof value === "number" ? value : ""}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
        className="w-32 rounded border border-slate-300 px-2 py-1 text-sm" />
      {field.unit && <span className="text-sm text-slate-600">{field.unit}</span>}
    </span>
  );
}
