"use client";
// Spans: character spans with a label and the scheme's attributes (MetaHOPE errors: category and
// severity). Select words (click, shift-click or drag; in the workspace also ←/→ and Shift+←/→),
// then a label (button or key); the new span is the active one, whose attributes the keys set (or
// its row's selects). A zero-length span (an omission) is marked with "position" when allowed.
// A field with `on` shows the translation and the source as two rows of one token list (the
// translation's tokens first), so a selection, and the span made from it, lies on either text;
// The explicit "nothing to mark" button stores [] (MQM's No error, MetaHOPE's review done): the
// field's `none`, or the derived one (lib/schemes/language/span-none.ts).
// As the built-in workspace's MetaHOPE error list (components/workspace/error-list.tsx): a field with
// `mrw` ties each span to an MRW or leaves it sentence level (its row's select; 0 in the workspace),
// one with `comments` has a comment per span, and one whose options carry weights shows the
// running penalty (lib/workspace/span-penalty.ts).
import { spanNoneOf } from "@/lib/schemes/language/span-none";
import type { ZSpansField } from "@/lib/schemes/language/scheme-field";
import { addSpan, appliesTo, removeSpan, setSpanAttribute, setSpanComment, spanCovers, spanList } from "@/lib/workspace/scheme-field-edits";
import { setSpanMrw } from "@/lib/workspace/span-mrw";
import { spansPenalty } from "@/lib/workspace/span-penalty";
import type { z } from "zod";
import { optionText, type FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";
import { TokenRow } from "./token-row";
import { MAX_COMMENT_LENGTH } from "@/lib/schemes/text-limits";

type TSpans = z.infer<typeof ZSpansField>;

export function SpansInput({ field, value, onChange, texts, selection, onSelect, activeSpan, onActiveSpan }: FieldProps<TSpans>) {
  const spans = spanList(value);
  // a label under a group of the category tree reads "Accuracy: Omission"
  const labelText = (v: string | number) => {
    const l = field.labels.find((x) => x.value === v);
    return l ? `${l.group ? `${(field.groups ?? []).find((g) => g.id === l.group)?.label ?? l.group}: ` : ""}${optionText(l)}` : String(v);
  };
  const add = (label: string | number, empty = false) => {
    if (!selection) return;
    const next = addSpan(value, texts.tokens, selection, label, empty);
    onChange(next);
    onSelect(null);
    onActiveSpan(next.length - 1);
  };
  const marked = (i: number) => spans.some((s) => spanCovers(s, texts.tokens[i]));
  const mark = (i: number) => (marked(i) ? "bg-rose-100 underline decoration-rose-500" : "hover:bg-slate-100");
  const firstSource = texts.tokens.findIndex((t) => t.side === "source");
  const targetTokens = firstSource < 0 ? texts.tokens : texts.tokens.slice(0, firstSource);
  const sourceTokens = firstSource < 0 ? [] : texts.tokens.slice(firstSource);
  const textOf = (s: { on?: string }) => (s.on === "source" && texts.source ? texts.source : texts);
  const noneMarked = Array.isArray(value) && value.length === 0;
  const none = spanNoneOf(field);
  const penalty = spansPenalty(field, value);
  return (
    <div data-kind="spans">
      {texts.source && <span className="text-[10px] uppercase tracking-wide text-slate-400">Translation</span>}
      {targetTokens.length > 0 && (
        <TokenRow text={texts.text} language={texts.language} tokens={targetTokens} selection={selection} onSelect={onSelect} label={`${field.label}: text`} mark={mark} />
      )}
      {texts.source && sourceTokens.length > 0 && (
        <div data-testid="spans-source" className="mt-1 border-l-2 border-slate-200 pl-2">
          <span className="text-[10px] uppercase tracking-wide text-slate-400">Source</span>
          <TokenRow text={texts.source.text} language={texts.source.language} tokens={sourceTokens} base={firstSource} selection={selection} onSelect={onSelect} label={`${field.label}: source`} mark={mark} />
        </div>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <span className="text-xs text-slate-500">{selection ? "Label the selection:" : "Select words, then a label:"}</span>
        {field.labels.map((l, i) => (
          <span key={String(l.value)} className="inline-flex items-center gap-1">
            {l.group && l.group !== field.labels[i - 1]?.group && (
              <span className="ml-1 text-[10px] font-semibold uppercase tracking-wide text-slate-500" title={(field.groups ?? []).find((g) => g.id === l.group)?.description}>
                {(field.groups ?? []).find((g) => g.id === l.group)?.label ?? l.group}
              </span>
            )}
            {!l.group && field.labels[i - 1]?.group && <span className="ml-1 text-[10px] text-slate-300">|</span>}
            <button type="button" disabled={!selection} onClick={() => add(l.value)} title={l.description}
              className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs disabled:opacity-40">
              {optionText(l)}
              <KeyBadge k={l.key} />
            </button>
          </span>
        ))}
        {field.allowEmpty && (
          <button type="button" disabled={!selection} onClick={() => add(field.labels[0].value, true)} className="rounded border border-dashed border-slate-400 px-2 py-0.5 text-xs disabled:opacity-40">
            position (omission)
          </button>
        )}
        <button type="button" disabled={spans.length > 0} onClick={() => onChange([])} title={none.description} aria-pressed={noneMarked} data-testid="spans-none"
          className={`ml-2 rounded border px-2 py-0.5 text-xs disabled:opacity-40 ${noneMarked ? "border-emerald-600 bg-emerald-50 text-emerald-900" : "border-slate-300 bg-white"}`}>
          {noneMarked ? "✓ " : ""}
          {none.label}
          <KeyBadge k={none.key} />
        </button>
      </div>
      {spans.length > 0 && (
        <ul className="mt-1 space-y-1 text-xs" aria-label={`${field.label}: spans`}>
          {spans.map((s, i) => (
            <li key={i} onClick={() => onActiveSpan(i)} data-testid="span-row" data-active={activeSpan === i ? "true" : undefined}
              className={`flex flex-wrap items-center gap-2 rounded px-2 py-1 ${activeSpan === i ? "bg-indigo-50 ring-1 ring-indigo-400" : "bg-slate-50"}`}>
              <span className="font-medium">{labelText(s.label)}</span>
              {texts.source && <span className="text-[10px] uppercase text-slate-400">{s.on === "source" ? "source" : "translation"}</span>}
              <span lang={textOf(s).language} className="text-slate-600">“{textOf(s).text.slice(s.start, s.end) || `(position ${s.start})`}”</span>
              {field.attributes
                .filter((a) => appliesTo(a, s.label))
                .map((a) => (
                  <select key={a.id} aria-label={a.label} value={s.attributes?.[a.id] === undefined ? "" : String(s.attributes[a.id])}
                    onChange={(e) => {
                      const opt = a.options.find((o) => String(o.value) === e.target.value);
                      if (opt) onChange(setSpanAttribute(value, i, a.id, opt.value));
                    }}
                    className="rounded border border-slate-300 px-1 py-0.5">
                    <option value="">{a.label}…</option>
                    {a.options.map((o) => <option key={String(o.value)} value={String(o.value)}>{optionText(o)}{o.key ? ` (${o.key})` : ""}</option>)}
                  </select>
                ))}
              {field.mrw !== "none" && texts.mrws && (
                <select aria-label="Tied to" value={s.mrwId ?? ""} onChange={(e) => onChange(setSpanMrw(value, i, e.target.value || null))} className="rounded border border-slate-300 px-1 py-0.5">
                  {field.mrw === "optional" && <option value="">sentence-level</option>}
                  {field.mrw === "required" && !s.mrwId && <option value="">MRW…</option>}
                  {texts.mrws.map((m) => <option key={m.id} value={m.id}>MRW “{m.token}”</option>)}
                </select>
              )}
              {field.comments && (
                // saved on leaving the box, as the built-in list does: one save per comment, not per keystroke
                <input aria-label="Comment" placeholder="comment (optional)" maxLength={MAX_COMMENT_LENGTH} defaultValue={s.comment ?? ""} key={`${i}:${s.comment ?? ""}`}
                  onBlur={(e) => {
                    if (e.target.value.trim() !== (s.comment ?? "")) onChange(setSpanComment(value, i, e.target.value));
                  }}
                  className="min-w-0 flex-1 rounded border border-slate-300 px-1 py-0.5" />
              )}
              <button type="button" onClick={(e) => { e.stopPropagation(); onChange(removeSpan(value, i)); onActiveSpan(null); }} className="ml-auto text-rose-700 underline">remove</button>
            </li>
          ))}
        </ul>
      )}
      {penalty && (
        <div className="mt-1 text-sm" data-testid="penalty">
          Penalty: <strong>{penalty.penalty}</strong> ({penalty.spans} span{penalty.spans === 1 ? "" : "s"})
        </div>
      )}
    </div>
  );
}
