"use client";
// The `?` overlay: every key action with its description, read from the keymap itself (the
// built-in workspace's, or the one a scheme workspace builds from its scheme).
import { cheatSheet, type TKeyAction } from "@/lib/keymap/keymap";

export function CheatSheet({ onClose, keymap }: { onClose: () => void; keymap: readonly TKeyAction[] }) {
  const mac = typeof navigator !== "undefined" && /Mac/.test(navigator.platform);
  const groups = cheatSheet(mac ? "mac" : "other", keymap);
  return (
    <div role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-6" onClick={onClose}>
      <div className="max-w-3xl rounded-lg bg-white p-5 shadow-xl" onClick={(e) => e.stopPropagation()}>
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-semibold">Keyboard shortcuts</h2>
          <button type="button" onClick={onClose} className="rounded border px-2 py-1 text-sm" aria-label="Close keyboard shortcuts">
            Close (Esc)
          </button>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {groups.map((g) => (
            <section key={g.group}>
              <h3 className="mb-1 text-sm font-semibold text-slate-700">{g.group}</h3>
              <table className="w-full text-sm">
                <tbody>
                  {g.rows.map((r) => (
                    <tr key={r.id} className="align-top">
                      <td className="whitespace-nowrap py-0.5 pr-3">
                        {r.keys.map((k) => (
                          <kbd key={k} className="mr-1 rounded border border-slate-300 bg-slate-100 px-1 text-xs">
                            {k === " " ? "Space" : k}
                          </kbd>
                        ))}
                      </td>
                      <td className="py-0.5 text-slate-700">{r.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
