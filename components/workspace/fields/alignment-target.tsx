"use client";
// The alignment kind's part under its pattern buttons: the target the annotator marked in the
// translation (or that the pattern is an omission), and whether the project pre-filled it.
import type { TSpan } from "@/lib/schemes/fields";

export function AlignmentTarget(p: { text: string; language: string; spans: readonly TSpan[]; omission: boolean; prefilled: boolean }) {
  return (
    <div className="mt-1 text-xs text-slate-600">
      <>
        Target: <span lang={p.language} className="font-medium text-slate-900">{p.omission ? "(none — omitted)" : p.spans.length ? p.spans.map((x) => p.text.slice(x.start, x.end)).join(" / ") : "(none)"}</span>
        {p.prefilled ? " · pre-filled by the project — press its digit to confirm" : ""}
      </>
    </div>
  );
}
