// CR-ST on a scheme dashboard (the cr-st.accuracy analysis, lib/reports/analyses/cr-st-subsets.ts):
// accuracy per annotator and their mean, over all items and by each attribute the items carry
// (ChID transparency subsets T1–T4 and the like), each model beside them in a column of its own
// (as the paper's Tables 2 and 6; never an annotator, never in the mean), and the items most often
// answered wrongly with the candidates chosen.
import { ALL_ITEMS, type TCrStAnalysis } from "@/lib/reports/analyses/cr-st-subsets";

const pct = (v: number | null) => (v === null ? "n/a" : `${(100 * v).toFixed(1)}`);

export function CrStSection({ analysis, confusionLimit = 20 }: { analysis: TCrStAnalysis; confusionLimit?: number }) {
  const annotators = [...new Set(analysis.subsets.map((s) => s.annotator).filter((a): a is string => a !== null))].sort();
  const models = [...new Set(analysis.models.map((m) => m.model))].sort();
  const groups = [...new Set([...analysis.subsets, ...analysis.models].map((s) => `${s.attribute}\u0000${s.value}`))];
  return (
    <section aria-labelledby="cr-st" data-testid="cr-st-section" className="space-y-2">
      <h3 id="cr-st" className="font-medium">
        Accuracy by subset (CR-ST)
      </h3>
      <p className="text-xs text-slate-600">Accuracy in % against the item&apos;s gold answer, per annotator, their mean, and per model (its latest successful suggestion per item). Hover a cell for its n.</p>
      {groups.length === 0 ? (
        <p className="text-sm text-slate-600">No answers to items with a gold answer yet.</p>
      ) : (
        <table className="text-sm" data-testid="cr-st-subsets">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th className="pr-4">Subset</th>
              {annotators.map((a) => (
                <th key={a} className="pr-4">
                  {a}
                </th>
              ))}
              <th className="pr-4">Mean</th>
              {models.map((m) => (
                <th key={m} className="pr-4 text-violet-700" title="a model's answers (its latest suggestion per item), not an annotator">
                  {m} <span className="text-[10px] uppercase">model</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => {
              const [attribute, value] = g.split("\u0000");
              const rows = analysis.subsets.filter((s) => s.attribute === attribute && s.value === value);
              const cell = (a: string | null) => rows.find((r) => r.annotator === a);
              const modelCell = (m: string) => analysis.models.find((r) => r.attribute === attribute && r.value === value && r.model === m);
              const all = attribute === ALL_ITEMS.attribute && value === ALL_ITEMS.value;
              return (
                <tr key={g} className={all ? "border-b border-slate-200 font-medium" : undefined}>
                  <td className="pr-4">{all ? "All items" : `${attribute} = ${value}`}</td>
                  {annotators.map((a) => (
                    <td key={a} className="pr-4 tabular-nums" title={`n = ${cell(a)?.n ?? 0} items`}>
                      {cell(a) ? pct(cell(a)!.accuracy) : "–"}
                    </td>
                  ))}
                  <td className="pr-4 font-medium tabular-nums">{pct(cell(null)?.accuracy ?? null)}</td>
                  {models.map((m) => (
                    <td key={m} className="pr-4 tabular-nums text-violet-800" title={`n = ${modelCell(m)?.n ?? 0} items`}>
                      {modelCell(m) ? pct(modelCell(m)!.accuracy) : "–"}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {analysis.confusion.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">Items answered wrongly ({analysis.confusion.length}): which candidates were chosen</summary>
          <ul className="mt-1 space-y-0.5 text-xs" data-testid="cr-st-confusion">
            {analysis.confusion.slice(0, confusionLimit).map((c) => (
              <li key={c.segmentId}>
                gold <span className="font-medium">{c.gold}</span>; chosen instead: {c.wrong.map((w) => `${w.candidate} (${w.annotators})`).join(", ")}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
