// MQM on a scheme dashboard (the mqm.scores analysis, lib/reports/analyses/mqm-analysis.ts): each system's
// MQM score (mean over its segments of the raters' mean weighted error sum; lower is better) with
// its top-level categories, and the p-values of the paired approximate randomisation between every
// two systems, as Marot shows them.
import type { TMqmAnalysis } from "@/lib/reports/analyses/mqm-analysis";

const f2 = (v: number) => v.toFixed(2);
const fp = (p: number | null) => (p === null ? "n/a" : p < 0.001 ? "<0.001" : p.toFixed(3));

/** What the dashboard shows: everything but the per-segment rows (those are in the scores export). */
export type TMqmSummary = Omit<TMqmAnalysis, "segments"> & { scored: number };

export function mqmSummary(a: TMqmAnalysis): TMqmSummary {
  const { segments, ...rest } = a;
  return { ...rest, scored: segments.length };
}

export function MqmSection({ mqm }: { mqm: TMqmSummary }) {
  const cats = mqm.categories.filter((c) => mqm.systems.some((s) => s.categories[c] !== undefined));
  const p = new Map(mqm.significance.map((x) => [`${x.better}\u0000${x.worse}`, x]));
  return (
    <section aria-labelledby="mqm" data-testid="mqm-section" className="space-y-2">
      <h3 id="mqm" className="font-medium">
        MQM scores
      </h3>
      <p className="text-xs text-slate-600">
        {mqm.scored} rated translation{mqm.scored === 1 ? "" : "s"}. A rater&apos;s score of a translation is the sum of its errors&apos; weights (the scheme&apos;s weights:
        Major 5, Minor 1, Neutral 0, Non-translation 25, Minor Fluency/Punctuation 0.1 in the preset); a segment&apos;s is the mean over its raters, a system&apos;s the mean over
        its segments. Lower is better.
      </p>
      <table className="text-sm" data-testid="mqm-systems">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="pr-4">#</th>
            <th className="pr-4">System</th>
            <th className="pr-4">Segments</th>
            <th className="pr-4">MQM</th>
            {cats.map((c) => (
              <th key={c} className="pr-4">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {mqm.systems.map((s, i) => (
            <tr key={s.system} data-system={s.system}>
              <td className="pr-4 tabular-nums">{i + 1}</td>
              <td className="pr-4">{s.system}</td>
              <td className="pr-4 tabular-nums">{s.n}</td>
              <td className="pr-4 font-medium tabular-nums" data-testid="mqm-score">
                {f2(s.mean)}
              </td>
              {cats.map((c) => (
                <td key={c} className="pr-4 tabular-nums" title={`${s.errors[c] ?? 0} errors`}>
                  {s.categories[c] === undefined ? "" : f2(s.categories[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {mqm.systems.length > 1 && (
        <details className="text-sm" data-testid="mqm-significance">
          <summary className="cursor-pointer">Significance (paired approximate randomisation)</summary>
          <p className="mt-1 text-xs text-slate-600">
            p-value that the row&apos;s system is not better than the column&apos;s, on the segments both have ({mqm.trials.toLocaleString("en")} trials, seed {mqm.seed},
            the segments in the order of their scores, so the same data gives the same p-values in any project; every swap enumerated when there are fewer). In
            brackets: the resamples behind each p-value. Bold: p &lt; 0.05.
          </p>
          <table className="mt-1 text-xs">
            <thead>
              <tr>
                <th />
                {mqm.systems.slice(1).map((s) => (
                  <th key={s.system} className="px-2 text-left font-normal text-slate-500">
                    {s.system}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {mqm.systems.slice(0, -1).map((a, i) => (
                <tr key={a.system}>
                  <th className="pr-2 text-left font-normal">{a.system}</th>
                  {mqm.systems.slice(1).map((b, j) => {
                    const x = j + 1 > i ? p.get(`${a.system}\u0000${b.system}`) : undefined;
                    return (
                      <td key={b.system} className={`px-2 tabular-nums ${x?.pValue !== null && x?.pValue !== undefined && x.pValue < 0.05 ? "font-semibold" : ""}`}>
                        {x ? fp(x.pValue) : ""}
                        {x && x.pValue !== null && <span className="text-slate-400" data-testid="mqm-resamples"> ({x.resamples.toLocaleString("en")})</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}
