"use client";
// A text as selectable tokens for the token-based kinds (spans, tags, alignment): click a token to
// select it, shift-click or drag to select a range; the selection shows blue, the keyboard's
// focus end outlined. Each kind marks its own tokens (`mark`) and may add a note under a token.
import { useRef } from "react";
import type { TToken } from "@/lib/workspace/span-selection";
import type { TSelection } from "@/lib/workspace/scheme-field-edits";

export function TokenRow(p: {
  text: string;
  language: string;
  tokens: readonly TToken[];
  selection: TSelection | null;
  onSelect: (s: TSelection) => void;
  label: string;
  /** extra classes per token (marked, tagged, aligned) */
  mark?: (i: number) => string;
  /** a small note after a token */
  note?: (i: number) => string | null;
  /** tokens a model's suggestion marks (not the annotator's value): flagged for readers and tests */
  suggested?: (i: number) => boolean;
  /** the index of the first token in the field's token list (a second text's row: the source after the translation) */
  base?: number;
  /** classes kept while a token is selected too (a tag's underline) */
  decorate?: (i: number) => string;
  /** classes of the gap before token i (a tag's underline running on through a chunk) */
  gapMark?: (i: number) => string;
  /** the tag a token carries, as `data-tag` and its tooltip (tests, screen readers) */
  tag?: (i: number) => string | null;
}) {
  const base = p.base ?? 0;
  const anchor = useRef<number | null>(null);
  const [lo, hi] = p.selection ? [Math.min(...p.selection), Math.max(...p.selection)] : [-1, -2];
  const pieces: React.ReactNode[] = [];
  let pos = 0;
  p.tokens.forEach((t, local) => {
    const i = base + local;
    if (t.start > pos) pieces.push(<span key={`g${i}`} className={p.gapMark?.(i) || undefined}>{p.text.slice(pos, t.start)}</span>);
    const note = p.note?.(i);
    const suggested = p.suggested?.(i) ?? false;
    const tag = p.tag?.(i) ?? null;
    pieces.push(
      <span
        key={i}
        data-token={i}
        data-selected={i >= lo && i <= hi ? "true" : undefined}
        data-suggested={suggested ? "true" : undefined}
        data-tag={tag ?? undefined}
        title={suggested ? "Suggested by the model, not saved until you accept or edit" : (tag ?? undefined)}
        className={`cursor-pointer rounded-sm px-px ${i >= lo && i <= hi ? "bg-sky-300" : (p.mark?.(i) ?? "hover:bg-slate-100")} ${p.decorate?.(i) ?? ""} ${p.selection?.[1] === i ? "outline outline-2 outline-indigo-500" : ""}`}
        onMouseDown={(e) => {
          e.preventDefault();
          anchor.current = e.shiftKey && p.selection ? p.selection[0] : i;
        }}
        onMouseUp={() => {
          if (anchor.current !== null) p.onSelect([anchor.current, i]);
          anchor.current = null;
        }}
      >
        {t.text}
        {note && <sub className={`ml-0.5 text-[9px] ${suggested ? "text-violet-800" : "text-amber-900"}`}>{note}</sub>}
      </span>,
    );
    pos = t.end;
  });
  if (pos < p.text.length) pieces.push(<span key="tail">{p.text.slice(pos)}</span>);
  return (
    <p lang={p.language} aria-label={p.label} className="select-none break-words text-base leading-relaxed">
      {pieces}
    </p>
  );
}
