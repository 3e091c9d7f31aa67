"use client";
// Adaptive redundancy (issue 31 point 3): raters spent by the adaptive rule against the fixed design
// that gives every item `max` raters (and the floor of k per item), with the items by number of
// raters in the table below (lib/assignments/adaptive-spend.ts).
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { LABEL_COLOURS } from "@/components/dashboard/chart-colours";
import type { TRaterSpend } from "@/lib/assignments/adaptive-spend";

const AXIS_TICK = { fontSize: 11, fill: "#475569" };

export function RatersSpentChart({ field, k, max, spend }: { field: string; k: number; max: number; spend: TRaterSpend }) {
  const bars = [
    { design: `fixed: ${max} per item`, raters: spend.fixed },
    { design: "adaptive (this study)", raters: spend.spent },
    { design: `floor: ${k} per item`, raters: spend.floor },
  ];
  const saved = spend.fixed > 0 ? Math.round((100 * (spend.fixed - spend.spent)) / spend.fixed) : 0;
  return (
    <ChartFigure
      testId="chart-raters-spent"
      title={`Raters spent on ${field}: adaptive against fixed`}
      sample={`${spend.items} items; ${spend.extra} raters added where the first ${k} disagreed; ${saved} % fewer than ${max} raters on every item`}
      label={`Bar chart: ${spend.fixed} raters in the fixed design, ${spend.spent} spent adaptively, ${spend.floor} at k per item`}
      download={{ name: `raters-spent-${field}`, header: ["raters per item", "items"], rows: spend.byRaters.map((r) => [r.raters, r.items]), json: spend }}
      table={<NumbersTable header={["raters per item", "items"]} rows={spend.byRaters.map((r) => [String(r.raters), r.items])} />}
      tableOpen
    >
      <div style={{ height: 200 }} className="w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 24, bottom: 0, left: 8 }}>
            <CartesianGrid horizontal={false} strokeDasharray="2 3" stroke="#e2e8f0" />
            <XAxis type="number" tick={AXIS_TICK} allowDecimals={false} />
            <YAxis type="category" dataKey="design" tick={AXIS_TICK} width={150} />
            <Tooltip isAnimationActive={false} contentStyle={{ fontSize: 12 }} />
            <Bar dataKey="raters" name="raters" isAnimationActive={false}>
              {bars.map((b, i) => (
                <Cell key={b.design} fill={LABEL_COLOURS[i % LABEL_COLOURS.length]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartFigure>
  );
}
