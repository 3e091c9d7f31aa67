"use client";
// MMTE figure 3: the distribution of equivalence labels per system (metaphorical sources), as bars.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { TEquivalenceDistribution } from "@/lib/scoring/mmte-scores";
import { EQUIVALENCE_METAPHORICAL_LABELS } from "@/lib/schemes/mmte";
import { DownloadButtons } from "@/components/dashboard/download-buttons";

const COLOURS = ["#4f46e5", "#0891b2", "#65a30d", "#d97706", "#dc2626"];

export function EquivalenceBars({ data }: { data: TEquivalenceDistribution[] }) {
  const rows = data.map((d) => ({ system: d.system, total: d.metaphorical.total, ...Object.fromEntries(EQUIVALENCE_METAPHORICAL_LABELS.map((l) => [l, d.metaphorical.proportions ? Math.round(d.metaphorical.proportions[l] * 1000) / 10 : 0])) }));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" data-testid="chart-equivalence">
      <figcaption className="mb-2 flex items-baseline justify-between text-sm font-medium text-slate-700">
        <span>Equivalence labels per system, metaphorical MRWs (% of the annotators' labels, one per annotator and MRW; MMTE fig. 3)</span>
        <DownloadButtons
          name="equivalence-distribution"
          header={["system", "labelled", ...EQUIVALENCE_METAPHORICAL_LABELS]}
          rows={data.map((d) => [d.system, d.metaphorical.total, ...EQUIVALENCE_METAPHORICAL_LABELS.map((l) => d.metaphorical.counts[l])])}
          json={data}
        />
      </figcaption>
      {rows.every((r) => r.total === 0) ? (
        <p className="text-sm text-slate-500">No equivalence labels yet.</p>
      ) : (
        <div className="h-56 w-full" role="img" aria-label="Bar chart of equivalence label shares per system">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="system" tick={{ fontSize: 11 }} />
              <YAxis unit="%" tick={{ fontSize: 11 }} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 11 }} />
              {EQUIVALENCE_METAPHORICAL_LABELS.map((l, i) => (
                <Bar key={l} dataKey={l} stackId="a" fill={COLOURS[i]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}
