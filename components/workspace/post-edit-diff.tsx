"use client";
// Word-level (character-level for Chinese) diff of a post-edit against the output it started from,
// with the HTER-style edit rate (lib/scoring/edit-rate).
import { editRate } from "@/lib/scoring/edit-rate";

export function PostEditDiff({ base, text, language }: { base: string; text: string; language: string }) {
  const r = editRate(base, text, { language });
  const sep = language.toLowerCase().startsWith("zh") ? "" : " ";
  return (
    <div className="mt-1 text-sm">
      <div lang={language} className="rounded bg-slate-50 p-1.5 break-words" aria-label="Difference from the starting translation">
        {r.chunks.map((c, i) => (
          <span
            key={i}
            className={c.kind === "insert" ? "bg-emerald-100 text-emerald-900" : c.kind === "delete" ? "bg-red-100 text-red-800 line-through" : ""}
          >
            {c.tokens.join(sep)}
            {sep}
          </span>
        ))}
      </div>
      <div className="text-xs text-slate-600" data-testid="edit-rate">
        Edit rate (HTER-style): {r.defined ? `${(r.rate * 100).toFixed(1)}% (${r.edits} edits / ${r.refLen} tokens)` : `undefined — ${r.reason}`}
      </div>
    </div>
  );
}
