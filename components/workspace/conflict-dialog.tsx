"use client";
// Shown when a save was refused because a newer version exists (e.g. the item is open in another
// tab): both versions side by side; nothing is overwritten until the user chooses.
import type { TConflict } from "./use-autosave";

export function ConflictDialog(p: { conflict: TConflict; describe: (c: TConflict) => { what: string; mine: string; theirs: string }; onResolve: (choice: "mine" | "theirs") => void }) {
  const d = p.describe(p.conflict);
  const at = p.conflict.current.updatedAt ? new Date(p.conflict.current.updatedAt).toLocaleString() : "unknown time";
  return (
    <div role="alertdialog" aria-modal="true" aria-labelledby="conflict-title" className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div className="w-full max-w-xl rounded-lg bg-white p-5 shadow-xl">
        <h2 id="conflict-title" className="text-lg font-semibold">
          Two versions of {d.what}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          This value was saved elsewhere (another tab or window) after you started editing it. Choose which version to keep.
        </p>
        <div className="mt-3 grid grid-cols-2 gap-3">
          <section className="rounded border border-indigo-300 bg-indigo-50 p-3" aria-label="Your version">
            <h3 className="text-sm font-semibold">Yours (not saved)</h3>
            <p className="mt-1 break-words" data-testid="conflict-mine">{d.mine}</p>
          </section>
          <section className="rounded border border-slate-300 bg-slate-50 p-3" aria-label="Their version">
            <h3 className="text-sm font-semibold">
              Theirs (version {p.conflict.current.version}, saved at {at})
            </h3>
            <p className="mt-1 break-words" data-testid="conflict-theirs">{d.theirs}</p>
          </section>
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={() => p.onResolve("theirs")}>
            Keep theirs
          </button>
          <button type="button" className="rounded bg-indigo-600 px-3 py-1.5 text-sm text-white" onClick={() => p.onResolve("mine")}>
            Keep mine
          </button>
        </div>
      </div>
    </div>
  );
}
