"use client";
// An alignment: how a source unit (an MRW) is realised in a translation — a pattern (with its
// key) and, when the pattern has them, the target words: select words (click, shift-click or
// drag; in the workspace also ←/→ and Space), then the pattern adds them; with a pattern chosen,
// a click adds or removes a word. Without patterns (MMTE's target words) a click marks or unmarks
// a word at once, and the field's `none` button answers "not rendered".
import type { ZAlignmentField } from "@/lib/schemes/language/scheme-field";
import { alignmentOf, toggleAlignment, withPattern } from "@/lib/workspace/scheme-field-edits";
import { spanCoversToken } from "@/lib/workspace/span-selection";
import { alignmentPatterns } from "@/lib/schemes/language/field-keys";
import type { z } from "zod";
import type { FieldProps } from "./field-props";
import { KeyBadge } from "./key-badge";
import { TokenRow } from "./token-row";

type TAlignment = z.infer<typeof ZAlignmentField>;

export function AlignmentInput(props: FieldProps<TAlignment>) {
  if (!props.field.patterns) return <TargetWordsInput {...props} />;
  return <PatternAlignmentInput {...props} />;
}

function PatternAlignmentInput({ field, value, onChange, texts, selection, onSelect, prefilled }: FieldProps<TAlignment>) {
  const v = alignmentOf(value);
  // with their keys: a pattern without its own gets its position's digit (MetaHOPE's OMISSION: 6)
  const patterns = alignmentPatterns(field);
  const omission = field.patterns?.find((p) => p.value === v?.pattern)?.span === "none";
  return (
    <div data-kind="alignment">
      <div role="radiogroup" aria-label={field.label} className="flex flex-wrap gap-1">
        {patterns.map((p) => {
          const on = v?.pattern === p.value;
          return (
            <button key={String(p.value)} type="button" role="radio" aria-checked={on} title={p.description}
              onClick={() => {
                onChange(on ? null : withPattern(field, value, p.value, texts.tokens, selection));
                onSelect(null);
              }}
              className={`rounded border px-2 py-0.5 text-xs ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white"}`}>
              {p.label}
              <KeyBadge k={p.key} />
            </button>
          );
        })}
      </div>
      {!omission && (
        <div className="mt-1">
          <TokenRow text={texts.text} language={texts.language} tokens={texts.tokens} selection={selection} label={`${field.label}: target words`}
            onSelect={(s) => {
              // with a pattern chosen a click marks at once; before, the selection waits for the pattern
              if (v?.pattern != null) {
                onChange(toggleAlignment(field, value, texts.tokens, s, { prefilled }));
                onSelect(null);
              } else onSelect(s);
            }}
            mark={(i) => (v && spanCoversToken(v.spans, texts.tokens[i]) ? "bg-emerald-200 font-semibold" : "hover:bg-slate-100")} />
          <div className="text-xs text-slate-500">
            Target: <span lang={texts.language} className="text-slate-800">{v?.spans.length ? v.spans.map((s) => texts.text.slice(s.start, s.end)).join(" / ") : "(none)"}</span>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * An alignment without patterns: the words that render the unit, or the explicit "not rendered".
 * The keyboard's selection (←/→, Shift+←/→, then Space) shows on the words as it moves; a click or
 * drag marks at once and ends it.
 */
function TargetWordsInput({ field, value, onChange, texts, selection, onSelect, prefilled }: FieldProps<TAlignment>) {
  const v = alignmentOf(value);
  const notRendered = v !== null && v.spans.length === 0;
  return (
    <div data-kind="alignment" data-target-words="true">
      {field.none && (
        <button type="button" role="checkbox" aria-checked={notRendered} title={field.none.description}
          onClick={() => onChange(notRendered ? null : { spans: [] })}
          disabled={!notRendered && (v?.spans.length ?? 0) > 0}
          className={`rounded border px-2 py-0.5 text-xs disabled:opacity-50 ${notRendered ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white"}`}>
          {field.none.label}
          <KeyBadge k={field.none.key} />
        </button>
      )}
      <div className="mt-1">
        <TokenRow text={texts.text} language={texts.language} tokens={texts.tokens} selection={selection} label={`${field.label}: target words`}
          onSelect={(s) => {
            onChange(toggleAlignment(field, value, texts.tokens, s, { prefilled }));
            onSelect(null);
          }}
          mark={(i) => (v && spanCoversToken(v.spans, texts.tokens[i]) ? "bg-emerald-200 font-semibold" : "hover:bg-slate-100")} />
        <div className="text-xs text-slate-500">
          Target: <span lang={texts.language} className="text-slate-800">{v?.spans.length ? v.spans.map((s) => texts.text.slice(s.start, s.end)).join(" / ") : notRendered ? field.none?.label ?? "(not rendered)" : "(none marked)"}</span>
        </div>
      </div>
    </div>
  );
}
