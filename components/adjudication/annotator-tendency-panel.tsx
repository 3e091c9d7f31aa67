// The annotators of this item and how each rates over the whole project compared with the others
// (lib/adjudication/annotator-tendency.ts): the context to weigh a value ("Annotator 2 rates a point
// lower than the others everywhere"). Names follow the page's "show identities" switch.
import type { TAnnotatorTendency } from "@/lib/adjudication/annotator-tendency";

const signed = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(2)}`;

function Difference({ value, units }: { value: number | null; units: number }) {
  if (value === null) return <span className="text-slate-400">no shared unit</span>;
  return (
    <span>
      <span className="font-mono">{signed(value)}</span> <span className="text-xs text-slate-500">({units} unit{units === 1 ? "" : "s"})</span>
    </span>
  );
}

export function AnnotatorTendencyPanel({ rows, name }: { rows: readonly TAnnotatorTendency[]; name: (email: string) => string }) {
  if (rows.length === 0) return null;
  const hasScales = rows.some((r) => r.scales.units > 0);
  const penalties = rows[0].penalties.map((p) => ({ field: p.field, label: p.label }));
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Annotators' tendency" data-testid="annotator-tendency">
      <h3 className="text-sm font-medium">Annotators’ tendency over the project</h3>
      <p className="text-xs text-slate-600">
        Mean difference from the other annotators of the same unit, over every unit an annotator shares with another.
        {hasScales ? " Scales: below 0 rates lower (harsher) than the others." : ""}
        {penalties.length ? " Penalties: above 0 marks more or graver errors than the others." : ""}
      </p>
      <table className="mt-2 text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="pr-6 font-medium">Annotator</th>
            {hasScales && <th className="pr-6 font-medium">Scales</th>}
            {penalties.map((p) => (
              <th key={p.field} className="pr-6 font-medium">{p.label}: penalty per unit · total</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.annotator}>
              <td className="pr-6">{name(r.annotator)}</td>
              {hasScales && <td className="pr-6"><Difference value={r.scales.meanDifference} units={r.scales.units} /></td>}
              {r.penalties.map((p) => (
                <td key={p.field} className="pr-6"><Difference value={p.meanDifference} units={p.units} /> · <span className="font-mono">{p.total}</span></td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
