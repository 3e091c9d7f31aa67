"use client";
// A scale: one button per value (min..max by step), labels on the values that have one (the
// ends, or every value). Keys: a label's own key, else the digit of a single-digit value.
import type { ZScaleField } from "@/lib/schemes/language/scheme-field";
import { valueLabelKey, valueLabelText } from "@/lib/schemes/language/scheme-option";
import type { z } from "zod";
import type { FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";

type TScale = z.infer<typeof ZScaleField>;

export function scaleValues(f: TScale): number[] {
  const n = Math.round((f.max - f.min) / f.step);
  return Array.from({ length: n + 1 }, (_, i) => Math.round((f.min + i * f.step) * 1e9) / 1e9);
}

export function scaleKey(f: TScale, v: number): string | undefined {
  const label = f.labels?.[String(v)];
  return (label && valueLabelKey(label)) ?? (Number.isInteger(v) && v >= 0 && v <= 9 ? String(v) : undefined);
}

export function ScaleInput({ field, value, onChange, uid }: FieldProps<TScale>) {
  const values = scaleValues(field);
  // a long scale (e.g. 0–100) is a slider with its number; a short one is a row of buttons
  if (values.length > 11) {
    const v = typeof value === "number" ? value : undefined;
    return (
      <div className="flex items-center gap-3" data-kind="scale">
        <span className="text-xs text-slate-500">{field.labels?.[String(field.min)] ? valueLabelText(field.labels[String(field.min)]) : field.min}</span>
        <input id={uid} type="range" min={field.min} max={field.max} step={field.step} value={v ?? field.min} aria-label={field.label} onChange={(e) => onChange(Number(e.target.value))} className={`flex-1 ${v === undefined ? "opacity-40" : ""}`} />
        <span className="text-xs text-slate-500">{field.labels?.[String(field.max)] ? valueLabelText(field.labels[String(field.max)]) : field.max}</span>
        <output className="w-10 text-right font-mono text-sm">{v ?? "–"}</output>
      </div>
    );
  }
  return (
    <div role="radiogroup" aria-label={field.label} className="flex flex-wrap gap-1" data-kind="scale">
      {values.map((v) => {
        const label = field.labels?.[String(v)];
        const on = value === v;
        return (
          <button key={v} type="button" role="radio" aria-checked={on} onClick={() => onChange(on ? undefined : v)}
            className={`rounded border px-2 py-1 text-sm ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:bg-slate-50"}`}>
            <span className="font-medium">{v}</span>
            {label && <span className="ml-1 text-xs">{valueLabelText(label)}</span>}
            <KeyBadge k={scaleKey(field, v)} />
          </button>
        );
      })}
    </div>
  );
}
