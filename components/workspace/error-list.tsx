"use client";
// A translation's MetaHOPE error spans: the list the annotator edits (category, severity, the MRW
// a span is tied to, a comment), with the categories and severities of the project's spans field
// (its labels and its severity attribute's options, passed in from the definition).
import type { TMetahopeCategory, TMetahopeSeverity } from "@/lib/schemes/metahope";
import type { TItemErrorSpan } from "@/lib/workspace/item-types";
import { isDraftSpan } from "@/lib/workspace/workspace-model";

export function ErrorList(p: {
  translation: { id: string; text: string; label: string; language: string };
  errors: TItemErrorSpan[];
  mrws: { id: string; token: string }[];
  selected: string | null;
  onSelect: (id: string | null) => void;
  onUpdate: (id: string, patch: Partial<Omit<TItemErrorSpan, "id" | "version" | "translationId">>) => void;
  onDelete: (id: string) => void;
  onNew: () => void;
  canNew: boolean;
  /** Makes this list the keys' target (focuses the translation's error review field). */
  onActivate: () => void;
  /** The MRW whose alignment Space and drags edit right now in this translation, if any. */
  alignmentMrw: string | null;
  /** The spans field's categories and severities, from the project's definition. */
  categories: { value: string; name: string }[];
  severities: { name: string; penalty: number }[];
}) {
  const rows = p.errors;
  return (
    <div role="group" aria-label={`Errors in ${p.translation.label}`}>
      {/* Clicking the heading moves the keys here, so its hint is true when followed (issue 13, point 6). */}
      <div className="flex cursor-pointer flex-wrap items-center gap-2 text-sm" onClick={p.onActivate} data-testid="errors-header">
        <span className="font-medium">MetaHOPE errors</span>
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-0.5 text-xs"
          onClick={(ev) => {
            ev.stopPropagation(); // not also the heading's "keys here", which would deselect the new error
            p.onNew();
          }}
        >
          New error on selection (e)
        </button>
        <span className="text-xs text-slate-500">
          {p.alignmentMrw
            ? `Shift+→, Space and drags now edit the alignment of “${p.alignmentMrw}” — click here first to select for an error.`
            : "Drag over the text (or Shift+→ and Space) to select; no selection = omission at the cursor."}
        </span>
      </div>
      {rows.length > 0 && (
        <ul className="mt-1 space-y-1">
          {rows.map((e) => {
            const sel = p.selected === e.id;
            const excerpt = e.start === e.end ? `(omission at ${e.start})` : p.translation.text.slice(e.start, e.end);
            return (
              <li
                key={e.id}
                data-testid="error-row"
                onClick={() => p.onSelect(e.id)}
                className={`flex flex-wrap items-center gap-2 rounded border px-2 py-1 text-sm ${sel ? "border-red-500 bg-red-50" : "border-slate-200"}`}
              >
                <span lang={p.translation.language} className="font-medium text-red-800">“{excerpt}”</span>
                {isDraftSpan(e) && (
                  <span className="rounded bg-amber-100 px-1 text-xs font-medium text-amber-900" data-testid="draft-error-mark">
                    draft — needs {e.category === null ? "a category" : "a severity"}
                  </span>
                )}
                <label className="flex items-center gap-1">
                  <span className="sr-only">Category</span>
                  <select aria-label="Category" value={e.category ?? ""} onChange={(ev) => p.onUpdate(e.id, { category: ev.target.value as TMetahopeCategory })} className="rounded border px-1 py-0.5">
                    <option value="" disabled>
                      category…
                    </option>
                    {p.categories.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.value} — {c.name}
                      </option>
                    ))}
                  </select>
                </label>
                <select aria-label="Severity" value={e.severity ?? ""} onChange={(ev) => p.onUpdate(e.id, { severity: Number(ev.target.value) as TMetahopeSeverity })} className="rounded border px-1 py-0.5">
                  <option value="" disabled>
                    severity…
                  </option>
                  {p.severities.map((s) => (
                    <option key={s.name} value={s.penalty}>
                      {s.name} ({s.penalty})
                    </option>
                  ))}
                </select>
                <select aria-label="Tied to" value={e.mrwId ?? ""} onChange={(ev) => p.onUpdate(e.id, { mrwId: ev.target.value || null })} className="rounded border px-1 py-0.5">
                  <option value="">sentence-level</option>
                  {p.mrws.map((m) => (
                    <option key={m.id} value={m.id}>
                      MRW “{m.token}”
                    </option>
                  ))}
                </select>
                <input
                  aria-label="Comment"
                  placeholder="comment (optional)"
                  defaultValue={e.comment ?? ""}
                  onBlur={(ev) => {
                    const v = ev.target.value.trim() || null;
                    if (v !== (e.comment ?? null)) p.onUpdate(e.id, { comment: v });
                  }}
                  className="min-w-0 flex-1 rounded border px-1 py-0.5"
                />
                <button type="button" aria-label={`Delete error “${excerpt}”`} className="rounded border border-slate-300 px-1.5 text-xs" onClick={(ev) => { ev.stopPropagation(); p.onDelete(e.id); }}>
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
