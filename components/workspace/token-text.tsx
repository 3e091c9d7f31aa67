"use client";
// A translation as selectable tokens (characters for Chinese, words otherwise). Mouse: press on a
// token and drag to another to select a range; the workspace decides what the range means
// (toggle alignment span, or pending error selection). Highlights: alignment spans of the focused
// MRW (green), error spans (red underline; the selected one stronger), pending selection (blue),
// keyboard cursor (outline).
import { useRef } from "react";
import type { TSpan } from "@/lib/schemes/fields";
import { spanCoversToken, type TToken } from "@/lib/workspace/span-selection";

export function TokenText(p: {
  text: string;
  lang: string;
  tokens: TToken[];
  aligned: TSpan[];
  errors: { id: string; start: number; end: number; selected: boolean }[];
  selection: [number, number] | null;
  cursor: number | null;
  onRange: (a: number, b: number) => void;
  label: string;
}) {
  const anchor = useRef<number | null>(null);
  const lo = p.selection ? Math.min(...p.selection) : -1;
  const hi = p.selection ? Math.max(...p.selection) : -2;
  const pieces: React.ReactNode[] = [];
  let pos = 0;
  p.tokens.forEach((t, i) => {
    if (t.start > pos) pieces.push(<span key={`g${i}`}>{p.text.slice(pos, t.start)}</span>);
    const inErr = p.errors.filter((e) => (e.start === e.end ? false : e.start <= t.start && t.end <= e.end));
    const omission = p.errors.some((e) => e.start === e.end && e.start === t.start);
    const cls = [
      "cursor-pointer rounded-sm",
      spanCoversToken(p.aligned, t) ? "bg-emerald-200" : "",
      i >= lo && i <= hi ? "bg-sky-300" : "",
      inErr.length ? (inErr.some((e) => e.selected) ? "underline decoration-red-600 decoration-[3px]" : "underline decoration-red-400 decoration-2") : "",
      p.cursor === i ? "outline outline-2 outline-indigo-500" : "",
      omission ? "border-l-2 border-red-600" : "",
    ].join(" ");
    pieces.push(
      <span
        key={i}
        data-token={i}
        className={cls}
        onMouseDown={(e) => {
          e.preventDefault();
          anchor.current = i;
        }}
        onMouseUp={() => {
          if (anchor.current !== null) p.onRange(anchor.current, i);
          anchor.current = null;
        }}
      >
        {t.text}
      </span>,
    );
    pos = t.end;
  });
  if (pos < p.text.length) pieces.push(<span key="tail">{p.text.slice(pos)}</span>);
  return (
    <p lang={p.lang} aria-label={p.label} className="select-none text-lg leading-relaxed break-words">
      {pieces}
    </p>
  );
}
