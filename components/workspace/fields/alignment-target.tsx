"use client";
// The alignment kind's part under its buttons: the target the annotator marked in the translation
// (or that the pattern is an omission / the target word is not rendered), and whether the project
// pre-filled it. `targetWords`: an alignment without patterns (MMTE's target words), whose
// pre-filled words are kept with its first button.
import type { TSpan } from "@/lib/schemes/fields";

export function AlignmentTarget(p: { text: string; language: string; spans: readonly TSpan[]; omission: boolean; prefilled: boolean; targetWords?: boolean }) {
  const none = p.targetWords ? "(not rendered)" : "(none — omitted)";
  return (
    <div className="mt-1 text-xs text-slate-600" data-testid={p.targetWords ? "target-words" : undefined}>
      <>
        Target: <span lang={p.language} className="font-medium text-slate-900">{p.omission ? none : p.spans.length ? p.spans.map((x) => p.text.slice(x.start, x.end)).join(" / ") : "(none)"}</span>
        {p.prefilled ? (p.targetWords ? " · pre-filled by the project — press 1 to keep it" : " · pre-filled by the project — press its digit to confirm") : ""}
      </>
    </div>
  );
}
