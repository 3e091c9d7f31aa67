"use client";
// MMTE figure 6: the mean quality scores by equivalence class (metaphorical sources: full, part,
// non, misunderstanding, error; literal sources: literal, metaphorical, error), one group of bars
// per class, one bar per dimension, drawn from lib/scoring/mmte-quality-by-equivalence.ts. Classes
// without an instance are left out of the chart and kept in the table (n = 0).
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { LABEL_COLOURS } from "@/components/dashboard/chart-colours";
import type { TQualityByEquivalence } from "@/lib/scoring/mmte-quality-by-equivalence";

const AXIS_TICK = { fontSize: 11, fill: "#475569" };
const titleCase = (s: string) => s[0] + s.slice(1).toLowerCase();
const SHORT: Record<string, string> = { FULL: "full equi", PART: "part equi", NON: "non equi", MISUNDERSTANDING: "mis", ERROR: "error", LITERAL: "literal", METAPHORICAL: "metaphorical" };
const f2 = (v: number | null) => (v === null ? "n/a" : v.toFixed(2));

export function QualityByEquivalenceChart({ data, caption }: { data: TQualityByEquivalence; caption?: ReactNode }) {
  const className = (j: number) => `${data.columns[j].source === "metaphorical" ? "M" : "L"}: ${SHORT[data.columns[j].label] ?? data.columns[j].label}`;
  const shown = data.columns.map((_, j) => j).filter((j) => data.instances[j] > 0);
  const rows = shown.map((j) => Object.fromEntries([["class", `${className(j)} (n = ${data.instances[j]})`], ...data.dimensions.map((d, k) => [d, data.means[j][k].value])]));
  const total = data.instances.reduce((a, b) => a + b, 0);
  return (
    <ChartFigure
      testId="chart-quality-by-equivalence"
      title="Average quality by equivalence class (MMTE fig. 6)"
      sample={`n = ${total} MRW instances with an equivalence label (translation × MRW); sentence-level scores are the translation's, Authenticity the instance's own`}
      caption={caption}
      label={`Grouped bar chart: mean Fluency, Intelligibility, Fidelity, Authenticity and Overall per equivalence class, ${shown.length} classes`}
      download={{
        name: "quality-by-equivalence",
        header: ["source", "equivalence", "instances", ...data.dimensions.flatMap((d) => [d, `${d} n`])],
        rows: data.columns.map((c, j) => [c.source, c.label, data.instances[j], ...data.dimensions.flatMap((_, k) => [data.means[j][k].value ?? "", data.means[j][k].n])]),
        json: data,
      }}
      table={
        <NumbersTable
          header={["class", "instances", ...data.dimensions.map(titleCase)]}
          rows={data.columns.map((_, j) => [className(j), data.instances[j], ...data.dimensions.map((_d, k) => `${f2(data.means[j][k].value)} (n = ${data.means[j][k].n})`)])}
        />
      }
    >
      {shown.length === 0 ? (
        <p className="text-sm text-slate-500">No MRW instance has an equivalence label in this selection yet.</p>
      ) : (
        <div style={{ height: 260 }} className="w-full" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} barCategoryGap="18%">
              <CartesianGrid vertical={false} strokeDasharray="2 3" stroke="#e2e8f0" />
              <XAxis dataKey="class" tick={AXIS_TICK} interval={0} />
              <YAxis domain={[0, 5]} ticks={[0, 1, 2, 3, 4, 5]} tick={AXIS_TICK} width={28} />
              <Tooltip isAnimationActive={false} formatter={(v) => f2(v === null || v === undefined ? null : Number(v))} contentStyle={{ fontSize: 12 }} />
              <Legend iconType="square" iconSize={10} wrapperStyle={{ fontSize: 11 }} itemSorter={null} />
              {data.dimensions.map((d, k) => (
                <Bar key={d} dataKey={d} name={titleCase(d)} fill={LABEL_COLOURS[k % LABEL_COLOURS.length]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </ChartFigure>
  );
}
