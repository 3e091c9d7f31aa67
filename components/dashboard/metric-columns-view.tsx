"use client";
// Imported automatic metrics (issue 19 point 2) beside MMTE's human criteria: the mean of each
// metric per system × table-3 group, and each metric's correlation with each human criterion
// (Pearson r and Spearman ρ with n, pooled over systems; per system in the scores export).
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { ValueCell } from "@/components/dashboard/value-cell";
import type { TMetricColumns, TMetricCorrelation } from "@/lib/scoring/metric-columns";
import type { TMean } from "@/lib/scoring/mmte-scores";
import type { TPearson } from "@/lib/scoring/pearson";

const GROUP_NAMES: Record<string, string> = { METAPHORICAL: "Metaphorical", METAPHORICAL_FULL: "Metaphorical, FULL-equivalent", LITERAL: "Literal" };
const titleCase = (s: string) => s[0] + s.slice(1).toLowerCase();

type TRow = { system: string; group: string; means: Record<string, TMean> };

const mean = (x: TMean | undefined) => (x ? { value: x.value, reason: x.defined ? undefined : x.reason, n: x.n } : { value: null, reason: "not imported", n: 0 });
const corr = (x: TPearson) => ({ value: x.defined ? x.r : null, reason: x.defined ? undefined : x.reason, n: x.n });

export function MetricColumnsView({ slug, metrics }: { slug: string; metrics: TMetricColumns }) {
  const rows = new Map<string, TRow>();
  for (const c of metrics.columns) {
    const key = `${c.system}\u0000${c.group}`;
    const row = rows.get(key) ?? { system: c.system, group: c.group, means: {} };
    row.means[c.metric] = c.mean;
    rows.set(key, row);
  }
  const columns: ColumnDef<TRow, unknown>[] = [
    { accessorKey: "system", header: "System" },
    { id: "group", header: "Group", accessorFn: (r) => GROUP_NAMES[r.group] ?? r.group },
    ...metrics.metrics.map(
      (name) => ({ id: `m-${name}`, header: name, accessorFn: (r: TRow) => r.means[name]?.value ?? null, cell: ({ row }) => <ValueCell cell={mean(row.original.means[name])} digits={3} /> }) as ColumnDef<TRow, unknown>,
    ),
  ];
  const pooled = metrics.correlations.filter((c) => c.system === "all");
  const corrColumns: ColumnDef<TMetricCorrelation, unknown>[] = [
    { accessorKey: "metric", header: "Metric" },
    { id: "criterion", header: "Human criterion", accessorFn: (r) => titleCase(r.criterion) },
    { id: "pearson", header: "Pearson r", accessorFn: (r) => (r.pearson.defined ? r.pearson.r : null), cell: ({ row }) => <ValueCell cell={corr(row.original.pearson)} digits={3} /> },
    { id: "spearman", header: "Spearman ρ", accessorFn: (r) => (r.spearman.defined ? r.spearman.r : null), cell: ({ row }) => <ValueCell cell={corr(row.original.spearman)} digits={3} /> },
    { id: "n", header: "n", accessorFn: (r) => r.pearson.n },
  ];
  return (
    <div className="grid gap-3" data-testid="metric-columns">
      <DataTable caption="Imported metrics per system and group (beside table 3; mean over the translations that have the metric)" data={[...rows.values()]} columns={columns} csvName={`${slug}-metric-columns`} testId="metric-means" />
      <DataTable
        caption="Each imported metric against each human criterion, per translation, pooled over systems (criterion: adjudicated value, else the annotators' mean; per system in the scores export)"
        data={pooled}
        columns={corrColumns}
        csvName={`${slug}-metric-correlations`}
        testId="metric-correlations"
      />
    </div>
  );
}
