// One statistic as the dashboard prints it: 3 decimals (percentages 1), the bootstrap interval
// below, the sample it rests on (n units · raters), and in words why a value is missing or why
// it is unstable (lib/reports/figure-note.ts) — never a bare "undefined".
import type { TCell } from "@/lib/reports/figure-cell";
import { SMALL_SAMPLE_UNITS } from "@/lib/reports/figure-note";

export const fmt = (v: number | null | undefined, digits = 3) => (v === null || v === undefined ? "–" : (Math.round(v * 10 ** digits) / 10 ** digits + 0).toFixed(digits));

function SampleSize({ cell }: { cell: TCell }) {
  if (cell.raters === undefined && !cell.n) return null;
  return (
    <span className="block text-[11px] leading-tight text-slate-500" data-testid="cell-n">
      n = {cell.n}
      {cell.raters !== undefined && ` · ${cell.raters} ${cell.raters === 1 ? "rater" : "raters"}`}
    </span>
  );
}

export function ValueCell({ cell, digits = 3, suffix = "" }: { cell: TCell | null; digits?: number; suffix?: string }) {
  if (!cell) return <span className="text-slate-400" title="not computed for this row">n/a</span>;
  const note = cell.note ?? cell.reason;
  if (cell.value === null) {
    // with its reason, at least 11rem wide: in a table of many columns the browser would otherwise
    // give the reason the narrowest column and wrap it one word per line (MetaHOPE's tables 3–4)
    return (
      <span className={`block max-w-56 ${note ? "min-w-44" : ""}`} title={note}>
        <span className="text-amber-800">no value</span>
        {note && (
          <span className="block text-[11px] leading-tight text-slate-600" data-testid="cell-note">
            {note}
          </span>
        )}
        <SampleSize cell={cell} />
      </span>
    );
  }
  const small = cell.raters !== undefined && cell.n < SMALL_SAMPLE_UNITS;
  return (
    <span className="block max-w-56">
      <span className={`font-mono tabular-nums ${small ? "text-amber-800" : ""}`}>
        {fmt(cell.value, digits)}
        {suffix}
        {small && (
          <span aria-hidden title={note}>
            {" "}⚠
          </span>
        )}
      </span>
      {cell.ci95 && cell.ci95[0] !== null && (
        <span className={`block text-[11px] ${small ? "text-amber-700" : "text-slate-500"}`} title={small ? "unreliable: too few units" : "95% percentile bootstrap over units"}>
          [{fmt(cell.ci95[0], digits)}, {fmt(cell.ci95[1], digits)}]
        </span>
      )}
      <SampleSize cell={cell} />
      {note && (
        <span className="block text-[11px] leading-tight text-amber-800" data-testid="cell-note">
          {note}
        </span>
      )}
    </span>
  );
}
