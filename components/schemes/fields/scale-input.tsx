"use client";
// A scale: one button per value (min..max by step), labels on the values that have one (the
// ends, or every value), keys from lib/schemes/language/field-keys.ts. A long scale (e.g. 0–100)
// is a slider beside a number box (Enter in the workspace focuses the box). A model's suggested
// point (the workspace of a project that shows suggestions) is outlined on its button.
import type { ZScaleField } from "@/lib/schemes/language/scheme-field";
import { isLongScale, scaleKey, scaleValues } from "@/lib/schemes/language/field-keys";
import { valueLabelText } from "@/lib/schemes/language/scheme-option";
import type { z } from "zod";
import type { FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";

type TScale = z.infer<typeof ZScaleField>;

/** A button the model's suggestion names: violet and dashed, as the suggestion box (suggestion-box.tsx). */
export const SUGGESTED_OUTLINE = "outline-dashed outline-2 outline-offset-1 outline-violet-500";

export function ScaleInput({ field, value, onChange, uid, suggested }: FieldProps<TScale>) {
  if (isLongScale(field)) {
    const v = typeof value === "number" ? value : undefined;
    const end = (x: number) => (field.labels?.[String(x)] ? valueLabelText(field.labels[String(x)]) : x);
    return (
      <div className="flex items-center gap-3" data-kind="scale">
        <span className="text-xs text-slate-500">{end(field.min)}</span>
        <input type="range" min={field.min} max={field.max} step={field.step} value={v ?? field.min} aria-label={field.label} onChange={(e) => onChange(Number(e.target.value))} className={`min-w-0 flex-1 ${v === undefined ? "opacity-40" : ""}`} />
        <span className="text-xs text-slate-500">{end(field.max)}</span>
        <input id={uid} type="number" min={field.min} max={field.max} step={field.step} value={v ?? ""} aria-label={`${field.label} (number)`} placeholder="–"
          onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
          className="w-16 rounded border border-slate-300 px-1 py-0.5 text-right font-mono text-sm" />
      </div>
    );
  }
  return (
    <div role="radiogroup" aria-label={field.label} className="flex flex-wrap gap-1" data-kind="scale">
      {scaleValues(field).map((v) => {
        const label = field.labels?.[String(v)];
        const on = value === v;
        // the model's suggestion (no value of the annotator's yet): outlined as the model's, not chosen
        const fromModel = (value === undefined || value === null) && suggested === v;
        return (
          <button key={v} type="button" role="radio" aria-checked={on} aria-label={label ? `${v}: ${valueLabelText(label)}` : String(v)} onClick={() => onChange(on ? null : v)}
            data-suggested={fromModel ? "true" : undefined} title={fromModel ? "Suggested by the model, not saved until you accept or choose" : undefined}
            className={`rounded border px-2 py-1 text-sm ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:bg-slate-50"} ${fromModel ? SUGGESTED_OUTLINE : ""}`}>
            <span className="font-medium">{v}</span>
            {label && <span className="ml-1 text-xs">{valueLabelText(label)}</span>}
            <KeyBadge k={scaleKey(field, v)} />
          </button>
        );
      })}
    </div>
  );
}
