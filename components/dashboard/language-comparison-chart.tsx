"use client";
// MMTE figure 7: one study's translation quality compared across its target languages (EN→ZH
// against EN→IT in the paper): per dimension, one bar per language, each the mean over that
// language's translations of every system (lib/reports/analyses/paper/language-comparison.ts). The table below
// adds each system's means per language.
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { LABEL_COLOURS } from "@/components/dashboard/chart-colours";
import type { TLanguageQuality } from "@/lib/reports/analyses/paper/language-comparison";
import { MMTE_DIMENSIONS } from "@/lib/scoring/mmte-scores";

const AXIS_TICK = { fontSize: 11, fill: "#475569" };
const titleCase = (s: string) => s[0] + s.slice(1).toLowerCase();
const f2 = (v: number | null) => (v === null ? "n/a" : v.toFixed(2));

/** `pairs`: how each entry is named, e.g. "en → zh" (a study view names projects too). */
export function LanguageComparisonChart({ data, pairName, caption, title = "Average quality per language pair (MMTE fig. 7)" }: { data: TLanguageQuality[]; pairName: (d: TLanguageQuality) => string; caption?: ReactNode; title?: string }) {
  const rows = MMTE_DIMENSIONS.map((dim) => Object.fromEntries([["dimension", titleCase(dim)], ...data.map((d, i) => [`l${i}`, d.means[dim].value])]));
  return (
    <ChartFigure
      testId="chart-language-comparison"
      title={title}
      sample={data.map((d) => `${pairName(d)}: ${d.translations} translations`).join("; ")}
      caption={caption}
      label={`Grouped bar chart: mean Fluency, Intelligibility, Fidelity, Authenticity and Overall for ${data.map(pairName).join(" and ")}`}
      download={{
        name: "language-comparison",
        header: ["language", "system", "translations", ...MMTE_DIMENSIONS.flatMap((d) => [d, `${d} n`])],
        rows: data.flatMap((d) => [
          [pairName(d), "all", d.translations, ...MMTE_DIMENSIONS.flatMap((dim) => [d.means[dim].value ?? "", d.means[dim].n])],
          ...d.bySystem.map((s) => [pairName(d), s.system, s.translations, ...MMTE_DIMENSIONS.flatMap((dim) => [s.means[dim].value ?? "", s.means[dim].n])]),
        ]),
        json: data,
      }}
      table={
        <NumbersTable
          header={["language pair", "system", ...MMTE_DIMENSIONS.map(titleCase)]}
          rows={data.flatMap((d) => [
            [pairName(d), "all systems", ...MMTE_DIMENSIONS.map((dim) => `${f2(d.means[dim].value)} (n = ${d.means[dim].n})`)],
            ...d.bySystem.map((s) => [pairName(d), s.system, ...MMTE_DIMENSIONS.map((dim) => `${f2(s.means[dim].value)} (n = ${s.means[dim].n})`)]),
          ])}
        />
      }
    >
      <div style={{ height: 240 }} className="w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} barCategoryGap="22%">
            <CartesianGrid vertical={false} strokeDasharray="2 3" stroke="#e2e8f0" />
            <XAxis dataKey="dimension" tick={AXIS_TICK} interval={0} />
            <YAxis domain={[0, 5]} ticks={[0, 1, 2, 3, 4, 5]} tick={AXIS_TICK} width={28} />
            <Tooltip isAnimationActive={false} formatter={(v) => f2(v === null || v === undefined ? null : Number(v))} contentStyle={{ fontSize: 12 }} />
            <Legend iconType="square" iconSize={10} wrapperStyle={{ fontSize: 11 }} itemSorter={null} />
            {data.map((d, i) => (
              <Bar key={d.language + i} dataKey={`l${i}`} name={`${pairName(d)} (n = ${d.translations})`} fill={LABEL_COLOURS[i % LABEL_COLOURS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartFigure>
  );
}
