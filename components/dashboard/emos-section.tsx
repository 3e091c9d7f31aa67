// EMOS on a scheme dashboard (the emos.metrics analysis, lib/reports/emos-analysis.ts): each
// system's mean VSS, LMR, EDR and EMOS over its translations with the bootstrap 95% interval, the
// validation correlations with the human equivalence ratings, and the definitions in words beside
// the figures (lib/scoring/EMOS.md), since the paper's own numbers cannot be recomputed from it.
import type { TEmosAnalysis } from "@/lib/reports/emos-analysis";
import { EMOS_METRICS } from "@/lib/reports/emos-analysis";

const f3 = (v: number | null) => (v === null ? "n/a" : v.toFixed(3));

/** What the dashboard shows of the analysis: everything but the per-translation rows (those are in the scores export). */
export type TEmosSummary = Omit<TEmosAnalysis, "translations"> & { scored: number };

export function emosSummary(a: TEmosAnalysis): TEmosSummary {
  const { translations, ...rest } = a;
  return { ...rest, scored: translations.length };
}

export function EmosSection({ emos }: { emos: TEmosSummary }) {
  return (
    <section aria-labelledby="emos" data-testid="emos-section" className="space-y-2">
      <h3 id="emos" className="font-medium">
        Emotion preservation (EMOS)
      </h3>
      <p className="text-xs text-slate-600">
        {emos.scored} translation{emos.scored === 1 ? "" : "s"} scored
        {emos.unscored > 0 ? `; ${emos.unscored} without a source vector yet` : ""}. Weights: VSS {emos.weights.vss}, LMR {emos.weights.lmr}, EDR {emos.weights.edr}.
      </p>
      <table className="text-sm" data-testid="emos-systems">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="pr-4">System</th>
            <th className="pr-4">n</th>
            {EMOS_METRICS.map((m) => (
              <th key={m} className="pr-4">
                {m} (95% CI)
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {emos.systems.map((s) => (
            <tr key={s.system}>
              <td className="pr-4">{s.system}</td>
              <td className="pr-4">{s.n}</td>
              {EMOS_METRICS.map((m) => (
                <td key={m} className="pr-4 tabular-nums">
                  {f3(s.mean[m])} <span className="text-xs text-slate-500">{s.ci95[m] ? `[${f3(s.ci95[m]![0])}, ${f3(s.ci95[m]![1])}]` : ""}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm" data-testid="emos-validation">
        Validation (Pearson r with the mean human equivalence per translation):{" "}
        {emos.correlations.map((c) => `${c.metric} ${c.value === null ? "n/a" : c.value.toFixed(2)} (n = ${c.n})`).join(" · ")}
      </p>
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer">Definitions</summary>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>Each annotator&apos;s vector is divided by its sum; a text&apos;s vector is the mean of its annotators&apos; vectors (A: source, B: translation).</li>
          <li>VSS = 0.5·cos(A, B) + 0.25·(1 − Σ|Aᵢ − Bᵢ|/2) + 0.25·(1 − √Σ(Aᵢ − Bᵢ)²/√2).</li>
          <li>LMR = |D(A) ∩ D(B)| / max(|D(A)|, |D(B)|), D(X) the emotions holding X&apos;s maximum (ties all count).</li>
          <li>EDR = min(H(A), H(B)) / max(H(A), H(B)), H the entropy in bits; 1 when both are 0.</li>
          <li>EMOS = {emos.weights.vss}·VSS + {emos.weights.lmr}·LMR + {emos.weights.edr}·EDR. System figures: the mean over its translations, with a percentile bootstrap 95% interval (1000 resamples, seed 1).</li>
        </ul>
      </details>
    </section>
  );
}
