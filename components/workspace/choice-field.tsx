"use client";
// One Likert or label field: a radiogroup whose options are numbered in definition order, so the
// digit shown is the digit to press. Focus is managed by the workspace (roving: only the focused
// field is in the tab order).
import { forwardRef } from "react";

export interface TChoice {
  value: string | number;
  label: string;
  title?: string;
}

export const ChoiceField = forwardRef<HTMLDivElement, {
  slotId: string;
  label: string;
  choices: TChoice[];
  value: unknown;
  focused: boolean;
  missing: boolean;
  onChoose: (v: string | number) => void;
  onFocus: () => void;
  /** a model's suggested value shown here (not saved): its button is outlined as the model's */
  suggested?: string | number;
  children?: React.ReactNode;
}>(function ChoiceField(p, ref) {
  return (
    <div
      ref={ref}
      role="radiogroup"
      aria-label={p.label}
      data-slot={p.slotId}
      tabIndex={p.focused ? 0 : -1}
      onFocus={p.onFocus}
      onClick={p.onFocus}
      className={`min-w-0 rounded-md border px-2 py-1.5 outline-none ${p.focused ? "border-indigo-500 bg-indigo-50 ring-2 ring-indigo-300" : p.missing ? "border-amber-400 bg-amber-50" : "border-slate-200 bg-white"}`}
    >
      <div className="mb-1 truncate text-xs font-medium text-slate-600">{p.label.split(" — ")[0]}</div>
      <div className="flex flex-wrap gap-1">
        {p.choices.map((c, i) => {
          const on = p.value === c.value;
          const suggested = !on && p.suggested === c.value;
          return (
            <button
              key={String(c.value)}
              type="button"
              role="radio"
              aria-checked={on}
              aria-label={`${i + 1}: ${c.label}`}
              title={suggested ? `${c.title ? `${c.title} — ` : ""}suggested by a model` : c.title}
              data-suggested={suggested ? "true" : undefined}
              tabIndex={-1}
              onClick={(e) => {
                e.stopPropagation();
                p.onFocus();
                p.onChoose(c.value);
              }}
              className={`rounded border px-1.5 py-0.5 text-xs ${on ? "border-indigo-600 bg-indigo-600 text-white" : suggested ? "border-2 border-dashed border-violet-500 bg-violet-50 text-violet-900" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`}
            >
              {/* Likert options are their own digit; labels get the digit to press in front. */}
              {String(c.label) !== String(i + 1) && <span className="mr-0.5 opacity-60">{i + 1}</span>}
              {c.label}
            </button>
          );
        })}
      </div>
      {p.children}
    </div>
  );
});
