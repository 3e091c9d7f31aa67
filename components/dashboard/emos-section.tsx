// EMOS on a scheme dashboard (the emos.metrics analysis, lib/reports/analyses/emos-analysis.ts): each
// system's mean VSS, LMR, EDR and EMOS over its translations with the bootstrap 95% interval (a
// table and a chart), the mean emotion profiles, the validation against the human equivalence
// ratings (scatter plots with r and n), the figures per document, the models' vectors scored
// beside the humans', and the definitions in words beside the figures (lib/scoring/EMOS.md),
// since the paper's own numbers cannot be recomputed from it.
import type { TEmosAnalysis } from "@/lib/reports/analyses/emos-analysis";
import type { TEmosModelComparison } from "@/lib/reports/analyses/emos-model-comparison";
import { EMOS_METRICS } from "@/lib/reports/analyses/emos-vector-value";
import { EmosProfileChart, EmosSystemsChart, EmosValidationScatter, type TEmosPoint } from "@/components/dashboard/emos-charts";

const f3 = (v: number | null | undefined) => (v === null || v === undefined ? "n/a" : v.toFixed(3));

/**
 * What the dashboard shows of the analysis: the per-translation rows only as the validation's
 * points (the rows themselves are in the scores export), a model's as its count.
 */
export type TEmosSummary = Omit<TEmosAnalysis, "translations" | "models"> & {
  scored: number;
  points: TEmosPoint[];
  models: (Omit<TEmosModelComparison, "translations"> & { scored: number })[];
};

export function emosSummary(a: TEmosAnalysis): TEmosSummary {
  const { translations, models, ...rest } = a;
  const points = translations.flatMap((t) =>
    t.equivalence === null ? [] : [{ system: t.system, equivalence: t.equivalence, VSS: t.metrics.VSS, LMR: t.metrics.LMR, EDR: t.metrics.EDR, EMOS: t.metrics.EMOS }],
  );
  return { ...rest, scored: translations.length, points, models: models.map(({ translations: mt, ...m }) => ({ ...m, scored: mt.length })) };
}

function ModelsTable({ models }: { models: TEmosSummary["models"] }) {
  return (
    <div className="space-y-1" data-testid="emos-models">
      <h4 className="text-sm font-medium">Models&apos; emotion vectors beside the annotators&apos;</h4>
      <p className="text-xs text-slate-600">
        Each model&apos;s vectors (suggestions of <code>source_emotions</code> and <code>target_emotions</code>, from an endpoint, or a classifier&apos;s vectors stored as suggestions) scored with the same definitions and weights. Per system, the model&apos;s mean and the
        annotators&apos; mean over the same translations (those both scored); r: Pearson correlation per translation of the model&apos;s EMOS with the annotators&apos;. A model is never one of the annotators.
      </p>
      <table className="text-sm" data-testid="emos-models-table">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="pr-4">Model</th>
            <th className="pr-4">System</th>
            <th className="pr-4">n</th>
            <th className="pr-4">EMOS (model)</th>
            <th className="pr-4">EMOS (annotators)</th>
            <th className="pr-4">Δ</th>
            <th className="pr-4">r (EMOS)</th>
          </tr>
        </thead>
        <tbody>
          {models.flatMap((m) => {
            const pooled = m.agreement.find((a) => a.system === "all" && a.metric === "EMOS");
            const rows = m.systems.map((s) => {
              const r = m.agreement.find((a) => a.system === s.system && a.metric === "EMOS");
              return (
                <tr key={`${m.model}\u0000${s.system}`}>
                  <td className="pr-4">{m.model}</td>
                  <td className="pr-4">{s.system}</td>
                  <td className="pr-4 tabular-nums">{s.n}</td>
                  <td className="pr-4 tabular-nums">{f3(s.model.EMOS)}</td>
                  <td className="pr-4 tabular-nums">{f3(s.humans.EMOS)}</td>
                  <td className="pr-4 tabular-nums">{(s.model.EMOS - s.humans.EMOS >= 0 ? "+" : "") + (s.model.EMOS - s.humans.EMOS).toFixed(3)}</td>
                  <td className="pr-4 tabular-nums" title={r?.reason}>
                    {f3(r?.value)}
                  </td>
                </tr>
              );
            });
            rows.push(
              <tr key={`${m.model}\u0000all`} className="border-b border-slate-200">
                <td className="pr-4">{m.model}</td>
                <td className="pr-4 font-medium">all systems</td>
                <td className="pr-4 tabular-nums">{pooled?.n ?? 0}</td>
                <td className="pr-4 text-xs text-slate-500" colSpan={3}>
                  {m.scored} translation{m.scored === 1 ? "" : "s"} scored from the model&apos;s vectors
                  {m.scored > (pooled?.n ?? 0) ? `, ${m.scored - (pooled?.n ?? 0)} without the annotators' figures` : ""}
                </td>
                <td className="pr-4 font-medium tabular-nums" title={pooled?.reason}>
                  {f3(pooled?.value)}
                </td>
              </tr>,
            );
            return rows;
          })}
        </tbody>
      </table>
    </div>
  );
}

function DocumentsTable({ documents }: { documents: TEmosSummary["documents"] }) {
  return (
    <details className="text-sm" data-testid="emos-documents">
      <summary className="cursor-pointer">Per document ({new Set(documents.map((d) => d.document)).size} documents): the mean over each document&apos;s translations by each system</summary>
      <table className="mt-1 text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="pr-4">Document</th>
            <th className="pr-4">System</th>
            <th className="pr-4">n</th>
            {EMOS_METRICS.map((m) => (
              <th key={m} className="pr-4">
                {m}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {documents.map((d) => (
            <tr key={`${d.document}\u0000${d.system}`}>
              <td className="pr-4">{d.document}</td>
              <td className="pr-4">{d.system}</td>
              <td className="pr-4 tabular-nums">{d.n}</td>
              {EMOS_METRICS.map((m) => (
                <td key={m} className="pr-4 tabular-nums">
                  {f3(d.mean[m])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function EmosSection({ emos }: { emos: TEmosSummary }) {
  return (
    <section aria-labelledby="emos" data-testid="emos-section" className="space-y-3">
      <h3 id="emos" className="font-medium">
        Emotion preservation (EMOS)
      </h3>
      <p className="text-xs text-slate-600" data-testid="emos-weights-note">
        {emos.scored} translation{emos.scored === 1 ? "" : "s"} scored
        {emos.unscored > 0 ? `; ${emos.unscored} without a source vector yet` : ""}. Weights: VSS {emos.weights.vss}, LMR {emos.weights.lmr}, EDR {emos.weights.edr} (set in Settings; the paper&apos;s are 0.5, 0.35, 0.15).
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
      {emos.systems.length > 0 && (
        <div className="grid gap-3 xl:grid-cols-2">
          <EmosSystemsChart systems={emos.systems} />
          <EmosProfileChart profiles={emos.profiles} dimensions={emos.dimensions} />
        </div>
      )}
      {emos.systems.length > 0 && <EmosValidationScatter points={emos.points} correlations={emos.correlations} systems={emos.systems.map((s) => s.system)} />}
      {emos.documents.length > 0 && <DocumentsTable documents={emos.documents} />}
      {emos.models.length > 0 && <ModelsTable models={emos.models} />}
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer">Definitions</summary>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>Each annotator&apos;s vector is divided by its sum; a text&apos;s vector is the mean of its annotators&apos; vectors (A: source, B: translation).</li>
          <li>VSS = 0.5·cos(A, B) + 0.25·(1 − Σ|Aᵢ − Bᵢ|/2) + 0.25·(1 − √Σ(Aᵢ − Bᵢ)²/√2).</li>
          <li>LMR = |D(A) ∩ D(B)| / max(|D(A)|, |D(B)|), D(X) the emotions holding X&apos;s maximum (ties all count).</li>
          <li>EDR = min(H(A), H(B)) / max(H(A), H(B)), H the entropy in bits; 1 when both are 0.</li>
          <li>
            EMOS = {emos.weights.vss}·VSS + {emos.weights.lmr}·LMR + {emos.weights.edr}·EDR. System figures: the mean over its translations, with a percentile bootstrap 95% interval (1000 resamples, seed 1); document figures: the mean over the
            document&apos;s translations.
          </li>
        </ul>
      </details>
    </section>
  );
}
