"use client";
// Horizontal 100 % stacked bars: one bar per row (a system), its segments the shares of each
// category, labelled with the percentage where there is room; n of each bar beside its name.
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface TSharesRow {
  label: string;
  /** count per category, in `categories` order */
  counts: number[];
}

const pct = (x: number) => `${Math.round(x * 10) / 10}%`;

/** White or near-black, whichever reads better on a #rrggbb colour (relative luminance). */
function labelOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? "#0f172a" : "#ffffff";
}

export function StackedShares({ rows, categories, names, colours, barHeight = 26, legend = true }: { rows: TSharesRow[]; categories: string[]; names?: string[]; colours: string[]; barHeight?: number; legend?: boolean }) {
  const data = rows.map((r) => {
    const total = r.counts.reduce((a, b) => a + b, 0);
    const d: Record<string, string | number> = { row: `${r.label} (n = ${total})`, total };
    categories.forEach((c, i) => {
      d[c] = total ? (100 * r.counts[i]) / total : 0;
      d[`${c}#n`] = r.counts[i];
    });
    return d;
  });
  const width = Math.min(200, 16 + 6.3 * Math.max(...data.map((d) => String(d.row).length)));
  const height = 28 + (legend ? 26 : 0) + rows.length * (barHeight + 10);
  return (
    <div style={{ height }} className="w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart layout="vertical" data={data} margin={{ top: 2, right: 12, bottom: 0, left: 4 }} barSize={barHeight}>
          <CartesianGrid horizontal={false} strokeDasharray="2 3" stroke="#e2e8f0" />
          <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 11, fill: "#64748b" }} />
          <YAxis type="category" dataKey="row" width={width} tick={{ fontSize: 11, fill: "#334155" }} tickLine={false} />
          <Tooltip
            isAnimationActive={false}
            cursor={{ fill: "#f1f5f9" }}
            formatter={(v, key, item) => [`${pct(Number(v))} (${(item.payload as Record<string, number>)[`${String(key)}#n`]})`, names?.[categories.indexOf(String(key))] ?? String(key)]}
            contentStyle={{ fontSize: 12 }}
          />
          {legend && <Legend verticalAlign="bottom" iconType="square" iconSize={10} wrapperStyle={{ fontSize: 11 }} formatter={(v) => names?.[categories.indexOf(String(v))] ?? String(v)} />}
          {categories.map((c, i) => (
            <Bar
              key={c}
              dataKey={c}
              stackId="shares"
              fill={colours[i % colours.length]}
              isAnimationActive={false}
            >
              {/* A stacked segment's value is its [start, end] on the stack; recharts' labels print
                  the end (100 % on every last segment), so the share is computed as end − start. */}
              <LabelList
                valueAccessor={(entry: { value?: unknown }) => (Array.isArray(entry.value) ? Number(entry.value[1]) - Number(entry.value[0]) : Number(entry.value ?? 0))}
                position="center"
                fontSize={10}
                fill={labelOn(colours[i % colours.length])}
                className="tropos-share-label"
                formatter={(v: unknown) => (Number(v) >= 9 ? `${Math.round(Number(v))}%` : "")}
              />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
