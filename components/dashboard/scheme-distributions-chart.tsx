"use client";
// The distribution of the annotators' values per field of a project's own scheme: one small
// 100 % stacked bar chart per field (a bar per system, then every system pooled), every
// annotator's value counted once (lib/reports/scheme-distributions.ts). Fields without
// categories (texts, edits, vectors) are listed with how many values they have.
import type { ReactNode } from "react";
import type { TSchemeDistribution } from "@/lib/reports/scheme-distributions";
import type { TSchemeFieldInfo } from "@/lib/reports/scheme-report";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { LABEL_COLOURS } from "@/components/dashboard/chart-colours";
import { StackedShares } from "@/components/dashboard/stacked-shares";

/** An ordered ramp from red through grey to blue for ordered categories (scale steps, bins), as hex. */
function orderedColours(n: number): string[] {
  const ends: [number, number, number][] = [[178, 24, 43], [186, 186, 186], [33, 102, 172]];
  const hex = (c: number[]) => `#${c.map((x) => Math.round(x).toString(16).padStart(2, "0")).join("")}`;
  return Array.from({ length: n }, (_, i) => {
    const t = n === 1 ? 0.5 : i / (n - 1);
    const [a, b, k] = t < 0.5 ? [ends[0], ends[1], t * 2] : [ends[1], ends[2], (t - 0.5) * 2];
    return hex(a.map((x, j) => x + (b[j] - x) * k));
  });
}

const ORDERED_KINDS = new Set(["scale", "number"]);

export function SchemeDistributionsChart({ data, fields, caption }: { data: TSchemeDistribution[]; fields: TSchemeFieldInfo[]; caption?: ReactNode }) {
  const info = new Map(fields.map((f) => [f.id, f]));
  const shown = fields.filter((f) => data.some((d) => d.field === f.id && d.categories.length > 0));
  const uncategorised = fields.filter((f) => data.some((d) => d.field === f.id && d.categories.length === 0));
  const header = ["field", "system", "values", "units", "raters", "distribution"];
  const rows = data.map((d) => [info.get(d.field)?.label ?? d.field, d.system, d.values, d.units, d.raters, d.categories.map((c, i) => `${d.names[i]}: ${d.counts[i]}`).join(", ")]);
  return (
    <ChartFigure
      testId="chart-scheme-values"
      title="Distribution of the annotators' values per field and system"
      sample="every annotator's value counted once; n per bar = values (a multi-choice value counts each option chosen, tags each token)"
      caption={caption}
      label="Stacked bar charts: for each field of the scheme, the share of each value per system and pooled"
      download={{ name: "value-distributions", header: ["field", "system", "values", "units", "raters", "category", "count"], rows: data.flatMap((d) => d.categories.map((c, i) => [d.field, d.system, d.values, d.units, d.raters, d.names[i], d.counts[i]])), json: data }}
      table={<NumbersTable header={header} rows={rows} />}
    >
      {data.length === 0 ? (
        <p className="text-sm text-slate-500">No values in this selection.</p>
      ) : (
        <div className="grid gap-x-6 gap-y-3 lg:grid-cols-2">
          {shown.map((f) => {
            const ds = data.filter((d) => d.field === f.id);
            const pooled = ds[ds.length - 1];
            const colours = ORDERED_KINDS.has(f.kind) || f.level === "ordinal" ? orderedColours(pooled.categories.length) : LABEL_COLOURS;
            return (
              <div key={f.id} data-testid={`values-${f.id}`}>
                <p className="text-xs font-medium text-slate-700">
                  {f.label}{" "}
                  <span className="font-normal text-slate-500">
                    · {f.kind}, {f.scope} · {pooled.units} units, {pooled.raters} raters
                  </span>
                </p>
                {/* index keys: recharts reads a dataKey with a dot ("0.5") as a path */}
                <StackedShares rows={ds.map((d) => ({ label: d.system, counts: d.counts }))} categories={pooled.categories.map((_, i) => `c${i}`)} names={pooled.names} colours={colours} barHeight={18} />
              </div>
            );
          })}
        </div>
      )}
      {uncategorised.length > 0 && (
        <p className="mt-2 text-xs text-slate-600">
          Without categories:{" "}
          {uncategorised.map((f) => `${f.label} (${f.kind}, ${data.find((d) => d.field === f.id && d.system === "all")?.values ?? 0} values)`).join("; ")}.
        </p>
      )}
    </ChartFigure>
  );
}
