"use client";
// The distribution of the annotators' MMTE ratings, one small chart per field (100 % stacked bars,
// one per system), every annotator's rating counted once: what agreement is computed on.
import type { TRatingDistribution } from "@/lib/reports/analyses/paper/rating-distributions";
import type { TMmteDisplay } from "@/lib/reports/analyses/paper/mmte-display";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { LABEL_COLOURS, LIKERT_COLOURS } from "@/components/dashboard/chart-colours";
import { StackedShares } from "@/components/dashboard/stacked-shares";

/** `display`: the fields' and labels' names (lib/reports/analyses/paper/mmte-display.ts) */
export function RatingDistributions({ data, display, caption }: { data: TRatingDistribution[]; display: TMmteDisplay; caption?: React.ReactNode }) {
  const fieldName = (field: string) => display.fields[field]?.label ?? field;
  const fields = [...new Set(data.map((d) => d.field))];
  const header = ["field", "system", "ratings", "units", "raters", "distribution"];
  const rows = data.map((d) => [fieldName(d.field), d.system, d.ratings, d.units, d.raters, d.categories.map((c, i) => `${c}: ${d.counts[i]}`).join(", ")]);
  return (
    <ChartFigure
      testId="chart-ratings"
      title="Distribution of the annotators' ratings per field and system"
      sample="every annotator's rating counted once; n per bar = ratings"
      caption={caption}
      label="Stacked bar charts: for each MMTE field, the share of each rating or label per system"
      download={{ name: "rating-distributions", header: ["field", "system", "ratings", "units", "raters", "category", "count"], rows: data.flatMap((d) => d.categories.map((c, i) => [d.field, d.system, d.ratings, d.units, d.raters, c, d.counts[i]])), json: data }}
      table={<NumbersTable header={header} rows={rows} />}
    >
      {data.length === 0 ? (
        <p className="text-sm text-slate-500">No MMTE ratings in this selection.</p>
      ) : (
        <div className="grid gap-x-6 gap-y-3 lg:grid-cols-2">
          {fields.map((field) => {
            const ds = data.filter((d) => d.field === field);
            const { likert = true, units: unitNoun = "translations" } = display.fields[field] ?? {};
            const units = Math.max(...ds.map((d) => d.units));
            const raters = Math.max(...ds.map((d) => d.raters));
            return (
              <div key={field} data-testid={`ratings-${field}`}>
                <p className="text-xs font-medium text-slate-700">
                  {fieldName(field)} <span className="font-normal text-slate-500">· up to {units} {unitNoun} per system, {raters} raters</span>
                </p>
                <StackedShares
                  rows={ds.map((d) => ({ label: d.system, counts: d.counts }))}
                  categories={ds[0].categories}
                  names={ds[0].categories.map((c) => display.categoryNames[c] ?? c)}
                  colours={likert ? LIKERT_COLOURS : LABEL_COLOURS}
                  barHeight={18}
                />
              </div>
            );
          })}
        </div>
      )}
    </ChartFigure>
  );
}
