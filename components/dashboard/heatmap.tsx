"use client";
// A matrix as a table with shaded cells (confusion matrices, κ and Pearson matrices,
// co-occurrences): readable by screen readers and printable, with CSV/JSON downloads.
import { DownloadButtons } from "@/components/dashboard/download-buttons";

export interface HeatmapProps {
  title: string;
  name: string;
  rowLabels: string[];
  colLabels: string[];
  values: (number | null)[][];
  /** text shown in a cell; defaults to 3 decimals */
  format?: (v: number | null) => string;
  /** value range for the shading; defaults to [min, max] of the values */
  domain?: [number, number];
  rowTitle?: string;
  colTitle?: string;
  testId?: string;
}

export function Heatmap({ title, name, rowLabels, colLabels, values, format, domain, rowTitle, colTitle, testId }: HeatmapProps) {
  const flat = values.flat().filter((v): v is number => v !== null);
  const [lo, hi] = domain ?? [Math.min(0, ...flat), Math.max(1e-9, ...flat)];
  const show = format ?? ((v: number | null) => (v === null ? "undef." : v.toFixed(3)));
  const shade = (v: number | null) => {
    if (v === null) return "rgb(241 245 249)";
    const t = hi === lo ? 0 : Math.max(0, Math.min(1, (v - lo) / (hi - lo)));
    return `rgba(79, 70, 229, ${0.08 + 0.75 * t})`;
  };
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <figcaption className="mb-2 flex items-baseline justify-between gap-2 text-sm font-medium text-slate-700">
        <span>{title}</span>
        <DownloadButtons name={name} header={[rowTitle ?? "", ...colLabels]} rows={values.map((r, i) => [rowLabels[i], ...r])} json={{ rows: rowLabels, columns: colLabels, values }} />
      </figcaption>
      <div className="overflow-x-auto">
        <table className="text-xs">
          <thead>
            <tr>
              <th scope="col" className="px-1 text-left text-slate-500">{rowTitle && colTitle ? `${rowTitle} \\ ${colTitle}` : ""}</th>
              {colLabels.map((c) => (
                <th key={c} scope="col" className="px-1 py-1 font-medium text-slate-600">{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {values.map((row, i) => (
              <tr key={rowLabels[i]}>
                <th scope="row" className="whitespace-nowrap px-1 text-right font-medium text-slate-600">{rowLabels[i]}</th>
                {row.map((v, j) => {
                  const t = v === null ? 0 : hi === lo ? 0 : (v - lo) / (hi - lo);
                  return (
                    <td key={j} className="min-w-14 px-2 py-1 text-center font-mono tabular-nums" style={{ background: shade(v), color: t > 0.6 ? "white" : "rgb(15 23 42)" }}>
                      {show(v)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
