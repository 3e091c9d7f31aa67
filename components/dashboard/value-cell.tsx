// One statistic as the dashboard prints it: 3 decimals (percentages 1), the bootstrap interval
// below, and "undefined" with its reason instead of a made-up number.
import type { TCell } from "@/lib/reports/dashboard-summary";

export const fmt = (v: number | null | undefined, digits = 3) => (v === null || v === undefined ? "–" : (Math.round(v * 10 ** digits) / 10 ** digits + 0).toFixed(digits));

export function ValueCell({ cell, digits = 3, suffix = "" }: { cell: TCell | null; digits?: number; suffix?: string }) {
  if (!cell) return <span className="text-slate-400">n/a</span>;
  if (cell.value === null) {
    return (
      <span className="text-amber-800" title={cell.reason}>
        undefined
        {cell.reason && <span className="block max-w-48 text-[11px] leading-tight text-slate-500">{cell.reason}</span>}
      </span>
    );
  }
  return (
    <span>
      <span className="font-mono tabular-nums">
        {fmt(cell.value, digits)}
        {suffix}
      </span>
      {cell.ci95 && (
        <span className="block text-[11px] text-slate-500" title={cell.ciReason ?? "95% percentile bootstrap over units"}>
          {cell.ci95[0] === null ? "CI undefined" : `[${fmt(cell.ci95[0], digits)}, ${fmt(cell.ci95[1], digits)}]`}
        </span>
      )}
    </span>
  );
}
