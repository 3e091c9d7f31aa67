// The legend of a tags field's underlines (tag-marks.ts): each tag's colour, and for BIO how a
// chunk of several words looks.
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { optionLabel } from "@/lib/schemes/language/field-keys";
import { tagSwatch } from "./tag-marks";

export function TagLegend({ field }: { field: Extract<TSchemeField, { kind: "tags" }> }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-slate-500" data-testid="tag-legend">
      {field.tags.map((t) => (
        <span key={String(t.value)} className="inline-flex items-center gap-1">
          <span aria-hidden className={`inline-block h-[3px] w-5 ${tagSwatch(field, String(t.value))}`} />
          {optionLabel(t)}
        </span>
      ))}
      {field.bio && <span>one underline per chunk: a chunk of several words is one unbroken line (B- on its first word, I- after)</span>}
    </p>
  );
}
