"use client";
// A vector: one slider per named dimension (e.g. emotion intensities), each with its number. By
// keyboard: the dimension's key focuses its slider (use-scheme-keys), then a digit sets that
// intensity when it is a value of the range (EMOS: 1–7 picks the emotion, 0–3 sets it), arrows
// step it, Escape goes back to the field.
import type { ZVectorField } from "@/lib/schemes/language/scheme-field";
import type { z } from "zod";
import type { FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";

type TVector = z.infer<typeof ZVectorField>;

export function VectorInput({ field, value, onChange }: FieldProps<TVector>) {
  const v = value && typeof value === "object" ? (value as Record<string, number>) : {};
  return (
    <div className="grid gap-1" data-kind="vector" role="group" aria-label={field.label}>
      {field.dimensions.map((d) => (
        <label key={d.id} className="flex min-w-0 items-center gap-2 text-sm" title={d.description}>
          <span className="w-28 shrink-0 truncate text-slate-700">
            {d.label ?? d.id}
            <KeyBadge k={d.key} />
          </span>
          <input type="range" data-dimension={d.id} min={field.min} max={field.max} step={field.step ?? "any"} value={v[d.id] ?? field.min} onChange={(e) => onChange({ ...v, [d.id]: Number(e.target.value) })}
            onKeyDown={(e) => {
              const n = /^[0-9]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey ? Number(e.key) : NaN;
              if (Number.isNaN(n) || n < field.min || n > field.max || (field.step && Math.abs((n - field.min) / field.step - Math.round((n - field.min) / field.step)) > 1e-9)) return;
              e.preventDefault();
              e.stopPropagation();
              onChange({ ...v, [d.id]: n });
            }}
            className={`min-w-0 flex-1 ${v[d.id] === undefined ? "opacity-40" : ""}`} aria-label={`${field.label}: ${d.label ?? d.id}`} />
          <output className="w-10 text-right font-mono text-xs">{v[d.id] ?? "–"}</output>
        </label>
      ))}
    </div>
  );
}
