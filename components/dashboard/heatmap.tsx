"use client";
// A matrix drawn as a heatmap (confusion matrices, κ and Pearson matrices, co-occurrences), with
// recharts: one stacked horizontal bar per row whose equal segments are the cells, each coloured
// by its value and labelled with its text. The numbers are also in a table (ChartFigure).
import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { cellColour, textColourOn, type TColourScale } from "@/components/dashboard/chart-colours";

export interface HeatmapProps {
  title: string;
  name: string;
  rowLabels: string[];
  colLabels: string[];
  values: (number | null)[][];
  /** text shown in a cell; defaults to 3 decimals, "–" for undefined */
  format?: (v: number | null) => string;
  /** value range for the colours; defaults to [min(0, values), max(values)] */
  domain?: [number, number];
  /** the value that drives the colour when it differs from the shown value (e.g. ln(1 + count)) */
  shadeValues?: (number | null)[][];
  rowTitle?: string;
  colTitle?: string;
  /** what the figure rests on (n) */
  sample?: string;
  caption?: React.ReactNode;
  /** sentence for screen readers; defaults to the title */
  label?: string;
  testId?: string;
}

const CELL_HEIGHT = 30;

export function Heatmap({ title, name, rowLabels, colLabels, values, format, domain, shadeValues, rowTitle, colTitle, sample, caption, label, testId }: HeatmapProps) {
  const shading = shadeValues ?? values;
  const flat = shading.flat().filter((v): v is number => v !== null);
  const [lo, hi] = domain ?? [Math.min(0, ...flat), Math.max(1e-9, ...flat)];
  const scale: TColourScale = lo < 0 ? { kind: "diverging", lo, hi } : { kind: "sequential", lo, hi };
  const show = format ?? ((v: number | null) => (v === null ? "–" : v.toFixed(3)));
  // one row object per matrix row: w<j> = 1 (equal cell widths), t<j> = the cell's text
  const rows = rowLabels.map((row, i) => {
    const r: Record<string, string | number> = { row };
    colLabels.forEach((_, j) => {
      r[`w${j}`] = 1;
      r[`t${j}`] = show(values[i][j]);
    });
    return r;
  });
  const rowWidth = Math.min(180, 12 + 6.5 * Math.max(...rowLabels.map((l) => l.length), 4));
  const height = 34 + CELL_HEIGHT * rowLabels.length;
  const header = [rowTitle && colTitle ? `${rowTitle} \\ ${colTitle}` : (rowTitle ?? ""), ...colLabels];
  const tableRows = values.map((r, i) => [rowLabels[i], ...r.map(show)]);
  return (
    <ChartFigure
      title={title}
      sample={sample}
      caption={caption}
      testId={testId}
      label={label ?? title}
      download={{ name, header, rows: values.map((r, i) => [rowLabels[i], ...r]), json: { rows: rowLabels, columns: colLabels, values } }}
      table={<NumbersTable header={header} rows={tableRows} />}
    >
      {rowTitle && colTitle && (
        <p className="text-[11px] text-slate-500" aria-hidden>
          rows: {rowTitle} · columns: {colTitle}
        </p>
      )}
      <div style={{ height }} className="w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart layout="vertical" data={rows} barCategoryGap={1} margin={{ top: 4, right: 8, bottom: 0, left: 4 }}>
            <XAxis
              type="number"
              orientation="top"
              domain={[0, colLabels.length]}
              ticks={colLabels.map((_, j) => j + 0.5)}
              tickFormatter={(v: number) => colLabels[Math.floor(v)] ?? ""}
              interval={0}
              tick={{ fontSize: 11, fill: "#475569" }}
              tickLine={false}
              axisLine={false}
            />
            <YAxis type="category" dataKey="row" width={rowWidth} tick={{ fontSize: 11, fill: "#334155" }} tickLine={false} axisLine={false} />
            <Tooltip
              cursor={false}
              isAnimationActive={false}
              content={({ active, payload }) => {
                const p = active ? payload?.[0] : undefined;
                if (!p) return null;
                const i = rowLabels.indexOf(String((p.payload as Record<string, unknown>).row));
                return (
                  <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs shadow">
                    <div className="font-medium">{rowLabels[i]}</div>
                    {colLabels.map((c, j) => (
                      <div key={c} className="font-mono">
                        {c}: {show(values[i]?.[j] ?? null)}
                      </div>
                    ))}
                  </div>
                );
              }}
            />
            {colLabels.map((c, j) => (
              <Bar key={c} dataKey={`w${j}`} stackId="cells" isAnimationActive={false} stroke="#ffffff" strokeWidth={2}>
                {rowLabels.map((r, i) => (
                  <Cell key={r} fill={cellColour(shading[i][j], scale)} />
                ))}
                <LabelList
                  dataKey={`t${j}`}
                  content={(p) => {
                    const { x, y, width, height: h, index } = p as { x: number; y: number; width: number; height: number; index: number };
                    return (
                      <text x={x + width / 2} y={y + h / 2} dy="0.35em" textAnchor="middle" fontSize={11} fontFamily="ui-monospace, monospace" fill={textColourOn(shading[index]?.[j] ?? null, scale)}>
                        {show(values[index]?.[j] ?? null)}
                      </text>
                    );
                  }}
                />
              </Bar>
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ColourLegend scale={scale} />
    </ChartFigure>
  );
}

/** The colour ramp with its two ends (and 0 for a diverging scale). */
function ColourLegend({ scale }: { scale: TColourScale }) {
  const stops = Array.from({ length: 11 }, (_, i) => scale.lo + ((scale.hi - scale.lo) * i) / 10);
  const fmt = (v: number) => (Math.abs(v) >= 10 || Number.isInteger(v) ? String(Math.round(v * 10) / 10) : v.toFixed(2));
  return (
    <div className="mt-1 flex items-center gap-2 text-[11px] text-slate-500" aria-hidden>
      <span>{fmt(scale.lo)}</span>
      <span className="flex h-2 w-40 overflow-hidden rounded">
        {stops.map((v, i) => (
          <span key={i} className="h-full flex-1" style={{ background: cellColour(v, scale) }} />
        ))}
      </span>
      <span>{fmt(scale.hi)}</span>
      <span className="ml-2 inline-block h-2 w-3 rounded" style={{ background: cellColour(null, scale) }} />
      <span>undefined</span>
    </div>
  );
}
