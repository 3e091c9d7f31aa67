// CR-ST on a scheme dashboard (the cr-st.accuracy analysis, lib/reports/cr-st-subsets.ts):
// accuracy per annotator and their mean, by each attribute the items carry (ChID transparency
// subsets T1–T4 and the like), and the items most often answered wrongly with the candidates chosen.
import type { TCrStAnalysis } from "@/lib/reports/cr-st-subsets";

const pct = (v: number | null) => (v === null ? "n/a" : `${(100 * v).toFixed(1)}`);

export function CrStSection({ analysis, confusionLimit = 20 }: { analysis: TCrStAnalysis; confusionLimit?: number }) {
  const annotators = [...new Set(analysis.subsets.map((s) => s.annotator).filter((a): a is string => a !== null))].sort();
  const groups = [...new Set(analysis.subsets.map((s) => `${s.attribute}\u0000${s.value}`))];
  return (
    <section aria-labelledby="cr-st" data-testid="cr-st-section" className="space-y-2">
      <h3 id="cr-st" className="font-medium">
        Accuracy by subset (CR-ST)
      </h3>
      {groups.length === 0 ? (
        <p className="text-sm text-slate-600">The items carry no attributes to break accuracy down by (e.g. ChID&apos;s transparency T1–T4).</p>
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
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => {
              const [attribute, value] = g.split("\u0000");
              const rows = analysis.subsets.filter((s) => s.attribute === attribute && s.value === value);
              const cell = (a: string | null) => rows.find((r) => r.annotator === a);
              return (
                <tr key={g}>
                  <td className="pr-4">
                    {attribute} = {value}
                  </td>
                  {annotators.map((a) => (
                    <td key={a} className="pr-4 tabular-nums" title={`n = ${cell(a)?.n ?? 0} items`}>
                      {cell(a) ? pct(cell(a)!.accuracy) : "–"}
                    </td>
                  ))}
                  <td className="pr-4 font-medium tabular-nums">{pct(cell(null)?.accuracy ?? null)}</td>
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
