"use client";
// The EMOS charts of a scheme dashboard (issue 18 point 6 and the validation view of point 3), drawn
// with recharts from the emos.metrics analysis (lib/reports/analyses/emos-analysis.ts); each sits in a
// ChartFigure with its n and its numbers as a table:
// - per system, the mean VSS, LMR, EDR and EMOS with their bootstrap 95% intervals (error bars);
// - the mean emotion profile of the sources against each system's translations;
// - the validation: each metric against the mean human equivalence per translation, with r and n.
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { LABEL_COLOURS } from "@/components/dashboard/chart-colours";
import type { TEmosCorrelation, TEmosMetricName, TEmosProfiles, TEmosSystemScore } from "@/lib/reports/analyses/emos-analysis";
import { EMOS_METRICS } from "@/lib/reports/analyses/emos-vector-value";

const f3 = (v: number | null | undefined) => (v === null || v === undefined ? "n/a" : v.toFixed(3));
const AXIS_TICK = { fontSize: 11, fill: "#475569" };
/** one colour per metric, EMOS the strongest */
const METRIC_COLOURS: Record<TEmosMetricName, string> = { VSS: "#93c5fd", LMR: "#86efac", EDR: "#fcd34d", EMOS: "#4338ca" };
const SOURCE_COLOUR = "#94a3b8";

export function EmosSystemsChart({ systems }: { systems: TEmosSystemScore[] }) {
  const data = systems.map((s) => {
    const d: Record<string, string | number | [number, number]> = { system: `${s.system} (n = ${s.n})` };
    for (const m of EMOS_METRICS) {
      d[m] = s.mean[m];
      const ci = s.ci95[m];
      // ErrorBar takes [below, above] the bar's value
      d[`${m}#err`] = ci ? [s.mean[m] - ci[0], ci[1] - s.mean[m]] : [0, 0];
    }
    return d;
  });
  const header = ["system", "n", ...EMOS_METRICS.map((m) => `${m} [95% CI]`)];
  const rows = systems.map((s) => [s.system, s.n, ...EMOS_METRICS.map((m) => `${f3(s.mean[m])} [${f3(s.ci95[m]?.[0])}, ${f3(s.ci95[m]?.[1])}]`)]);
  const total = systems.reduce((a, s) => a + s.n, 0);
  return (
    <ChartFigure
      testId="chart-emos-systems"
      title="EMOS and its components per system, with bootstrap 95% intervals"
      sample={`n = ${total} translations over ${systems.length} system${systems.length === 1 ? "" : "s"}; intervals: percentile bootstrap over translations (1000 resamples, seed 1), none with fewer than 2 translations`}
      label={`Bar chart: mean VSS, LMR, EDR and EMOS per system with 95% intervals, ${systems.length} systems`}
      download={{ name: "emos-systems", header: ["system", "n", ...EMOS_METRICS.flatMap((m) => [m, `${m} ci95 lower`, `${m} ci95 upper`])], rows: systems.map((s) => [s.system, s.n, ...EMOS_METRICS.flatMap((m) => [s.mean[m], s.ci95[m]?.[0] ?? "", s.ci95[m]?.[1] ?? ""])]), json: systems }}
      table={<NumbersTable header={header} rows={rows} />}
    >
      <div style={{ height: 240 }} className="w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} barCategoryGap="20%">
            <CartesianGrid vertical={false} strokeDasharray="2 3" stroke="#e2e8f0" />
            <XAxis dataKey="system" tick={AXIS_TICK} />
            <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tick={AXIS_TICK} width={36} />
            <Tooltip isAnimationActive={false} formatter={(v) => f3(Number(v))} contentStyle={{ fontSize: 12 }} />
            <Legend iconType="square" iconSize={10} wrapperStyle={{ fontSize: 11 }} itemSorter={null} />
            {EMOS_METRICS.map((m) => (
              <Bar key={m} dataKey={m} fill={METRIC_COLOURS[m]} isAnimationActive={false}>
                <ErrorBar dataKey={`${m}#err`} width={5} strokeWidth={1.5} stroke="#0f172a" direction="y" />
              </Bar>
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartFigure>
  );
}

export function EmosProfileChart({ profiles, dimensions }: { profiles: TEmosProfiles; dimensions: string[] }) {
  const series = [{ key: "sources", name: `sources (n = ${profiles.sources.n})`, vector: profiles.sources.vector, colour: SOURCE_COLOUR }].concat(
    profiles.systems.map((s, i) => ({ key: `s${i}`, name: `${s.system} (n = ${s.n})`, vector: s.vector, colour: LABEL_COLOURS[i % LABEL_COLOURS.length] })),
  );
  const data = dimensions.map((d, i) => Object.fromEntries([["emotion", d], ...series.map((s) => [s.key, s.vector[i] ?? 0])]));
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return (
    <ChartFigure
      testId="chart-emos-profile"
      title="Mean emotion profile: sources against each system's translations"
      sample={`sources: the ${profiles.sources.n} segments with a scored translation; translations: each system's scored ones; a text's profile is the mean of its annotators' normalised vectors`}
      label={`Grouped bar chart: the mean share of each of ${dimensions.length} emotions in the sources and in each system's translations`}
      download={{ name: "emos-profiles", header: ["texts", "n", ...dimensions], rows: [["sources", profiles.sources.n, ...profiles.sources.vector], ...profiles.systems.map((s) => [s.system, s.n, ...s.vector])], json: profiles }}
      table={<NumbersTable header={["texts", ...dimensions]} rows={series.map((s) => [s.name, ...s.vector.map(pct)])} />}
    >
      <div style={{ height: 240 }} className="w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} strokeDasharray="2 3" stroke="#e2e8f0" />
            <XAxis dataKey="emotion" tick={AXIS_TICK} interval={0} />
            <YAxis tickFormatter={(v: number) => `${Math.round(v * 100)}%`} tick={AXIS_TICK} width={40} />
            <Tooltip isAnimationActive={false} formatter={(v) => pct(Number(v))} contentStyle={{ fontSize: 12 }} />
            <Legend iconType="square" iconSize={10} wrapperStyle={{ fontSize: 11 }} itemSorter={null} />
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartFigure>
  );
}

/** One rated translation: its metrics and the mean human equivalence. */
export type TEmosPoint = { system: string; equivalence: number } & Record<TEmosMetricName, number>;

export function EmosValidationScatter({ points, correlations, systems }: { points: TEmosPoint[]; correlations: TEmosCorrelation[]; systems: string[] }) {
  const colourOf = (s: string) => LABEL_COLOURS[Math.max(0, systems.indexOf(s)) % LABEL_COLOURS.length];
  const r = (m: TEmosMetricName) => correlations.find((c) => c.metric === m);
  return (
    <ChartFigure
      testId="chart-emos-validation"
      title="Validation: each metric against the mean human equivalence per translation"
      sample={`n = ${points.length} translations with an equivalence rating; Pearson r per metric, as the EMOS paper's validation (its r: VSS 0.79, LMR 0.76, EDR 0.68 on 500 segments)`}
      label={`Four scatter plots of VSS, LMR, EDR and EMOS against the mean human equivalence, ${points.length} translations`}
      download={{ name: "emos-validation", header: ["system", "equivalence", ...EMOS_METRICS], rows: points.map((p) => [p.system, p.equivalence, ...EMOS_METRICS.map((m) => p[m])]), json: { points, correlations } }}
      table={<NumbersTable header={["metric", "Pearson r", "n", "why undefined"]} rows={EMOS_METRICS.map((m) => [m, f3(r(m)?.value), r(m)?.n ?? 0, r(m)?.reason ?? ""])} />}
    >
      {points.length === 0 ? (
        <p className="text-sm text-slate-500">No scored translation has an equivalence rating yet.</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {EMOS_METRICS.map((m) => (
            <div key={m} data-testid={`scatter-${m}`}>
              <p className="text-xs font-medium text-slate-700">
                {m}: r = {f3(r(m)?.value)} <span className="font-normal text-slate-500">(n = {r(m)?.n ?? 0})</span>
              </p>
              <div style={{ height: 180 }} className="w-full" aria-hidden>
                <ResponsiveContainer width="100%" height="100%">
                  <ScatterChart margin={{ top: 6, right: 10, bottom: 14, left: 0 }}>
                    <CartesianGrid strokeDasharray="2 3" stroke="#e2e8f0" />
                    <XAxis type="number" dataKey="equivalence" name="equivalence" domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={AXIS_TICK} label={{ value: "mean equivalence", position: "insideBottom", offset: -8, fontSize: 10, fill: "#64748b" }} />
                    <YAxis type="number" dataKey={m} name={m} domain={[0, 1]} ticks={[0, 0.5, 1]} tick={AXIS_TICK} width={30} />
                    <ZAxis range={[28, 28]} />
                    <Tooltip isAnimationActive={false} formatter={(v) => f3(Number(v))} contentStyle={{ fontSize: 12 }} />
                    {systems.map((s) => (
                      <Scatter key={s} name={s} data={points.filter((p) => p.system === s)} fill={colourOf(s)} fillOpacity={0.75} isAnimationActive={false} />
                    ))}
                  </ScatterChart>
                </ResponsiveContainer>
              </div>
            </div>
          ))}
        </div>
      )}
      {points.length > 0 && systems.length > 1 && (
        <p className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600">
          {systems.map((s) => (
            <span key={s} className="inline-flex items-center gap-1">
              <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: colourOf(s) }} /> {s}
            </span>
          ))}
        </p>
      )}
    </ChartFigure>
  );
}
