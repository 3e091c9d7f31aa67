"use client";
// A vector: one slider per named dimension (e.g. emotion intensities), each with its number.
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
          <span className="w-20 shrink-0 truncate text-slate-700">
            {d.label ?? d.id}
            <KeyBadge k={d.key} />
          </span>
          <input type="range" data-dimension={d.id} min={field.min} max={field.max} step={field.step ?? "any"} value={v[d.id] ?? field.min} onChange={(e) => onChange({ ...v, [d.id]: Number(e.target.value) })}
            className={`min-w-0 flex-1 ${v[d.id] === undefined ? "opacity-40" : ""}`} aria-label={`${field.label}: ${d.label ?? d.id}`} />
          <output className="w-10 text-right font-mono text-xs">{v[d.id] ?? "–"}</output>
        </label>
      ))}
    </div>
  );
}
