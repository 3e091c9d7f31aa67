"use client";
// A text: one line or several, with the characters left.
import type { ZTextField } from "@/lib/schemes/language/scheme-field";
import type { z } from "zod";
import type { FieldProps } from "./field-props";

type TText = z.infer<typeof ZTextField>;

export function TextInput({ field, value, onChange, uid }: FieldProps<TText>) {
  const text = typeof value === "string" ? value : "";
  const common = { id: uid, "aria-label": field.label, value: text, maxLength: field.maxLength, onChange: (e: { target: { value: string } }) => onChange(e.target.value === "" ? null : e.target.value), className: "w-full rounded border border-slate-300 px-2 py-1 text-sm" };
  return (
    <div data-kind="text">
      {field.multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      <div className="text-right text-[10px] text-slate-400">{field.maxLength - text.length} characters left</div>
    </div>
  );
}
