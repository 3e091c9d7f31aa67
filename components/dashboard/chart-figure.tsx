"use client";
// The frame of every dashboard chart: title, what it rests on (n), CSV/JSON downloads, the chart
// (drawn with recharts, aria-hidden: the table below says the same), and the numbers as a table
// for screen readers, printing and copying. The table starts folded unless `tableOpen`.
import type { ReactNode } from "react";
import { DownloadButtons } from "@/components/dashboard/download-buttons";

export interface ChartFigureProps {
  title: ReactNode;
  /** what the figure rests on, e.g. "n = 177 labels of 59 MRW instances by 3 annotators" */
  sample?: ReactNode;
  /** further caption lines (which annotations the figure includes, notes) */
  caption?: ReactNode;
  download: { name: string; header: string[]; rows: unknown[][]; json: unknown };
  table: ReactNode;
  tableOpen?: boolean;
  testId?: string;
  /** a sentence describing the chart for screen readers */
  label: string;
  children: ReactNode;
}

export function ChartFigure({ title, sample, caption, download, table, tableOpen, testId, label, children }: ChartFigureProps) {
  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <figcaption className="flex flex-col gap-0.5">
        <span className="flex items-baseline justify-between gap-3 text-sm font-medium text-slate-800">
          <span>{title}</span>
          <DownloadButtons {...download} />
        </span>
        {sample && (
          <span className="text-xs text-slate-600" data-testid="chart-n">
            {sample}
          </span>
        )}
        {caption && <span className="text-xs text-slate-500">{caption}</span>}
      </figcaption>
      <div role="img" aria-label={label} className="w-full">
        {children}
      </div>
      <details open={tableOpen} className="text-xs">
        <summary className="cursor-pointer text-slate-600">Table of the numbers</summary>
        <div className="mt-1 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}

/** A plain numbers table for ChartFigure. */
export function NumbersTable({ header, rows, rowHeader = true }: { header: string[]; rows: (string | number)[][]; rowHeader?: boolean }) {
  return (
    <table className="min-w-full text-xs tabular-nums">
      <thead>
        <tr>
          {header.map((h, i) => (
            <th key={i} scope="col" className="border-b border-slate-200 px-2 py-1 text-left font-medium text-slate-600">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="border-b border-slate-100">
            {r.map((c, j) =>
              j === 0 && rowHeader ? (
                <th key={j} scope="row" className="whitespace-nowrap px-2 py-1 text-left font-medium text-slate-700">
                  {c}
                </th>
              ) : (
                <td key={j} className="px-2 py-1 font-mono text-slate-800">
                  {c}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
