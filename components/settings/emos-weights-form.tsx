"use client";
// The EMOS weights of a project whose scheme lists the emos.metrics analysis (issue 18):
// EMOS = w₁·VSS + w₂·LMR + w₃·EDR, the paper's 0.50/0.35/0.15 unless the project sets others. The
// sum is shown as it is typed; the server refuses weights that do not sum to 1 (lib/scoring/emos-weights.ts).
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { saveEmosWeightsAction } from "@/app/projects/[slug]/settings/actions";
import type { TEmosWeights } from "@/lib/scoring/emos";
import { EMOS_PAPER_WEIGHTS } from "@/lib/scoring/emos";
import { ActionMessage, buttonClass, cardClass, type TActionMessage } from "./action-message";

const FIELDS: { key: keyof TEmosWeights; label: string }[] = [
  { key: "vss", label: "VSS (vector similarity)" },
  { key: "lmr", label: "LMR (leading emotion match)" },
  { key: "edr", label: "EDR (entropy ratio)" },
];

export function EmosWeightsForm({ slug, weights, own }: { slug: string; weights: TEmosWeights; own: boolean }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [draft, setDraft] = useState<Record<keyof TEmosWeights, string>>({ vss: String(weights.vss), lmr: String(weights.lmr), edr: String(weights.edr) });
  const [message, setMessage] = useState<TActionMessage>(null);
  const numbers = { vss: Number(draft.vss), lmr: Number(draft.lmr), edr: Number(draft.edr) };
  const sum = numbers.vss + numbers.lmr + numbers.edr;

  function save(weights: TEmosWeights | null) {
    start(async () => {
      const res = await saveEmosWeightsAction({ slug, weights });
      if (res.ok) {
        const w = res.data.weights ?? EMOS_PAPER_WEIGHTS;
        setDraft({ vss: String(w.vss), lmr: String(w.lmr), edr: String(w.edr) });
        setMessage({ kind: "ok", text: res.data.weights ? "EMOS weights saved." : "The paper's weights are used again." });
        router.refresh();
      } else setMessage({ kind: "error", text: res.message });
    });
  }

  return (
    <section className={cardClass} aria-labelledby="emos-weights-heading" data-testid="emos-weights">
      <h3 id="emos-weights-heading" className="font-medium">EMOS weights</h3>
      <p className="mt-1 text-xs text-slate-600">
        EMOS = w<sub>VSS</sub>·VSS + w<sub>LMR</sub>·LMR + w<sub>EDR</sub>·EDR, on the dashboard, in the whole report and in <code>export --what scores</code>. The weights must sum to 1. {own ? "This project sets its own." : "Now the paper's (0.50, 0.35, 0.15)."}
      </p>
      <form
        className="mt-2 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save(numbers);
        }}
      >
        {FIELDS.map((f) => (
          <label key={f.key} className="text-sm">
            {f.label}
            <input
              type="number"
              inputMode="decimal"
              step="any"
              min={0}
              max={1}
              name={f.key}
              value={draft[f.key]}
              onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
              className="mt-1 block w-28 rounded border border-slate-300 px-2 py-1.5 text-sm tabular-nums"
            />
          </label>
        ))}
        <span className={`pb-2 text-sm tabular-nums ${Math.abs(sum - 1) > 1e-6 ? "text-red-700" : "text-slate-600"}`} data-testid="emos-weights-sum">
          sum {Number.isFinite(sum) ? Number(sum.toFixed(6)) : "–"}
        </span>
        <button type="submit" disabled={pending} className={buttonClass}>{pending ? "Saving…" : "Save weights"}</button>
        <button type="button" disabled={pending} onClick={() => save(null)} className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50">
          Use the paper&apos;s weights
        </button>
      </form>
      <ActionMessage message={message} testId="emos-weights-message" />
    </section>
  );
}
