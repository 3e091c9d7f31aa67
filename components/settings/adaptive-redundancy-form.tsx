"use client";
// The adaptive redundancy rules of a project (issue 31 point 3): per field, k raters per item and
// one more, up to max, where the first raters disagree beyond the threshold. The server checks the
// rule against the scheme (lib/db/assignments/adaptive-redundancy.ts); this form only shows what the
// threshold means for the chosen field's level.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { deleteAdaptiveRuleAction, setAdaptiveRuleAction } from "@/app/projects/[slug]/settings/adaptive-redundancy-actions";
import type { TAdaptiveRedundancyRule, TDisagreementTest } from "@/lib/assignments/adaptive-redundancy";
import { ActionMessage, buttonClass, cardClass, type TActionMessage } from "./action-message";

export interface TAdaptiveField {
  id: string;
  label: string;
  kind: string;
  test: TDisagreementTest["kind"];
  meaning: string;
}

const numberInput = "mt-1 block w-24 rounded border border-slate-300 px-2 py-1.5 text-sm tabular-nums";

export function AdaptiveRedundancyForm({ slug, rules, fields }: { slug: string; rules: TAdaptiveRedundancyRule[]; fields: TAdaptiveField[] }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<TActionMessage>(null);
  const [draft, setDraft] = useState({ field: fields[0]?.id ?? "", k: "2", max: "3", threshold: "0" });
  const field = fields.find((f) => f.id === draft.field);

  function run(action: () => Promise<{ ok: true; text: string } | { ok: false; message: string }>) {
    start(async () => {
      const res = await action();
      setMessage(res.ok ? { kind: "ok", text: res.text } : { kind: "error", text: res.message });
      if (res.ok) router.refresh();
    });
  }
  const save = () =>
    run(async () => {
      const res = await setAdaptiveRuleAction({ slug, rule: { field: draft.field, k: Number(draft.k), max: Number(draft.max), threshold: Number(draft.threshold) } });
      return res.ok ? { ok: true, text: `Rule saved: ${res.data.field}, ${res.data.k} raters per item, up to ${res.data.max}.` } : res;
    });
  const remove = (id: string) =>
    run(async () => {
      const res = await deleteAdaptiveRuleAction({ slug, field: id });
      return res.ok ? { ok: true, text: `Rule of ${id} removed.` } : res;
    });

  return (
    <section className={cardClass} aria-labelledby="adaptive-heading" data-testid="adaptive-redundancy">
      <h3 id="adaptive-heading" className="font-medium">Adaptive redundancy</h3>
      <p className="mt-1 text-xs text-slate-600">
        Every item gets <em>k</em> raters (Assignments above, or <code>tropos assign</code> without <code>--per-item</code>). When all of an item&apos;s raters have submitted and their values
        of the field disagree, one more rater is assigned, up to <em>max</em>: the annotator not yet on the item with the fewest open items. Each extra assignment is logged.
      </p>
      {rules.length > 0 && (
        <table className="mt-2 text-sm" data-testid="adaptive-rules">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th className="pr-4 font-normal">Field</th>
              <th className="pr-4 font-normal">k</th>
              <th className="pr-4 font-normal">max</th>
              <th className="pr-4 font-normal">threshold</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rules.map((r) => (
              <tr key={r.field} className="tabular-nums">
                <td className="pr-4">{r.field}</td>
                <td className="pr-4">{r.k}</td>
                <td className="pr-4">{r.max}</td>
                <td className="pr-4">{r.threshold}</td>
                <td>
                  <button type="button" disabled={pending} onClick={() => remove(r.field)} className="text-xs text-red-700 underline disabled:opacity-50">
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No field of the scheme has a measurement level (text and edit fields have none).</p>
      ) : (
        <form
          className="mt-2 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label className="text-sm">
            Field
            <select name="field" value={draft.field} onChange={(e) => setDraft({ ...draft, field: e.target.value })} className="mt-1 block rounded border border-slate-300 px-2 py-1.5 text-sm">
              {fields.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label} ({f.id}, {f.kind})
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            k
            <input type="number" name="k" min={1} step={1} value={draft.k} onChange={(e) => setDraft({ ...draft, k: e.target.value })} className={numberInput} />
          </label>
          <label className="text-sm">
            max
            <input type="number" name="max" min={1} step={1} value={draft.max} onChange={(e) => setDraft({ ...draft, max: e.target.value })} className={numberInput} />
          </label>
          <label className="text-sm">
            threshold
            <input
              type="number"
              name="threshold"
              min={0}
              step="any"
              disabled={field?.test === "label"}
              value={draft.threshold}
              onChange={(e) => setDraft({ ...draft, threshold: e.target.value })}
              className={numberInput}
            />
          </label>
          <button type="submit" disabled={pending} className={buttonClass}>
            {pending ? "Saving…" : "Save rule"}
          </button>
          {field && <p className="basis-full text-xs text-slate-500" data-testid="adaptive-threshold-meaning">Threshold: {field.meaning}.</p>}
        </form>
      )}
      <ActionMessage message={message} testId="adaptive-message" />
    </section>
  );
}
