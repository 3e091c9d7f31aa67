"use client";
// A model's suggestion shown at a field that has no value of the annotator's yet (issue 15 point
// 4): visibly the model's (violet dashed outline, an "AI" badge, the model's name), the value as
// the annotator reads it, and Accept / Reject buttons with their keys. Nothing is saved until the
// annotator accepts; the workspace decides what accepting and rejecting do.
import { KeyBadge } from "./fields/key-badge";

export interface TFormSuggestion {
  /** the model id that answered */
  model: string;
  /** the value as text (lib/workspace/suggested-value-text.ts) */
  text: string;
  /** the value itself, for fields that show it in place (tags on their tokens) */
  value?: unknown;
}

/** A robot head, drawn (an emoji needs a font the annotator's machine may not have). */
function RobotIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
      <path d="M8 1.5v2.5" />
      <circle cx="8" cy="1.5" r="0.6" fill="currentColor" />
      <rect x="2.5" y="4" width="11" height="9" rx="2" />
      <circle cx="6" cy="8" r="1" fill="currentColor" stroke="none" />
      <circle cx="10" cy="8" r="1" fill="currentColor" stroke="none" />
      <path d="M6 11h4M1 7.5v2.5M15 7.5v2.5" />
    </svg>
  );
}

export function SuggestionBox({ suggestion, active, readOnly, onAccept, onReject }: { suggestion: TFormSuggestion; active: boolean; readOnly?: boolean; onAccept: () => void; onReject: () => void }) {
  return (
    <div
      data-testid="model-suggestion"
      // the active field's box (where Shift+Enter and Shift+Backspace act) darker; same size
      className={`my-1 flex flex-wrap items-center gap-2 rounded border-2 border-dashed ${active ? "border-violet-600" : "border-violet-400"} bg-violet-50 px-2 py-1 text-sm text-violet-950`}
      aria-label={`Model suggestion (${suggestion.model}), not saved until accepted`}
    >
      <span aria-hidden="true" title="Suggested by a model" className="inline-flex items-center gap-1 rounded bg-violet-600 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-white">
        <RobotIcon />
        AI
      </span>
      <span>
        Model suggestion ({suggestion.model}): <strong data-testid="model-suggestion-value">{suggestion.text}</strong>
      </span>
      <span className="text-xs text-violet-700">not saved until you accept</span>
      {!readOnly && (
        // wraps in a narrow field (the built-in workspace's quality grid) rather than running out of it;
        // the keys show always, as an option's key does: a badge added when the field becomes active
        // (on mousedown) moved the buttons before the mouseup, and the click on Accept was lost
        <span className="ml-auto flex flex-wrap gap-1">
          <button type="button" onClick={onAccept} className="rounded border border-violet-500 bg-white px-2 py-0.5 text-xs text-violet-800 hover:bg-violet-100">
            Accept
            <KeyBadge k="Shift+Enter" />
          </button>
          <button type="button" onClick={onReject} className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100">
            Reject
            <KeyBadge k="Shift+Backspace" />
          </button>
        </span>
      )}
    </div>
  );
}
