"use client";
// The scheme workspace's action bar: back to the queue, the item's place ("Item 2 of 3 · 1 done"),
// the scheme and its version, how many shown fields have a value, the save indicator, and the
// guidelines, keys and submit (or reopen, on a closed item) buttons.
import { statusText, type TSaveStatus } from "@/lib/workspace/save-policy";
import type { TQueueNav } from "@/lib/workspace/queue-nav";

export function SchemeWorkspaceBar(p: {
  slug: string;
  nav: TQueueNav;
  scheme: { name: string; version: number };
  status: string;
  filled: number;
  shown: number;
  save: { status: TSaveStatus; pending: number };
  readOnly: boolean;
  submitting: boolean;
  showHelp: boolean;
  onGuidelines: () => void;
  onKeys: () => void;
  onSubmit: () => void;
  onReopen: () => void;
}) {
  const s = p.save.status;
  return (
    <div className="sticky top-0 z-20 -mx-1 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50/95 px-1 py-2 text-sm backdrop-blur">
      <a href={`/projects/${p.slug}/queue`} className="text-indigo-700 underline">
        Queue
      </a>
      <span data-testid="item-progress" className="font-medium">
        Item {p.nav.position} of {p.nav.total} · {p.nav.done} done
      </span>
      <span data-testid="scheme-name">
        {p.scheme.name} v{p.scheme.version} · {p.status.toLowerCase().replace("_", " ")}
      </span>
      <span className="text-slate-500" data-testid="fields-filled">
        {p.filled}/{p.shown} fields
      </span>
      <span role="status" aria-live="polite" data-testid="save-status" data-status={s} className={`rounded px-2 py-0.5 ${s === "saved" ? "bg-emerald-100 text-emerald-800" : s === "saving" ? "bg-sky-100 text-sky-800" : "bg-amber-100 text-amber-900"}`}>
        {statusText(s, p.save.pending)}
      </span>
      <div className="ml-auto flex gap-2">
        <button type="button" className="rounded border border-slate-300 bg-white px-2 py-1" onClick={p.onGuidelines} aria-pressed={p.showHelp}>
          Guidelines (g)
        </button>
        <button type="button" className="rounded border border-slate-300 bg-white px-2 py-1" onClick={p.onKeys}>
          Keys (?)
        </button>
        {p.readOnly ? (
          <button type="button" className="rounded bg-indigo-600 px-3 py-1 font-medium text-white" onClick={p.onReopen}>
            Reopen to edit
          </button>
        ) : (
          <button type="button" className="rounded bg-indigo-600 px-3 py-1 font-medium text-white disabled:opacity-50" disabled={p.submitting} onClick={p.onSubmit}>
            Submit &amp; next (Ctrl+Enter)
          </button>
        )}
      </div>
    </div>
  );
}
