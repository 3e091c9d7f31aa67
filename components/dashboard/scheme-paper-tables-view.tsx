"use client";
// The paper tables of a project under the scheme runtime whose scheme lists them (MMTE table 3 and
// figures 3–5, MetaHOPE tables 3–6; lib/reports/scheme-paper-tables.ts), laid out as the built-in
// dashboard lays them out, and the notes of the analyses that could not be computed (the field
// they miss) or that the variant extends (an extra error category). Numbers come from the server.
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { EquivalenceBars } from "@/components/dashboard/equivalence-bars";
import { MmteFigureHeatmaps } from "@/components/dashboard/mmte-figure-heatmaps";
import { ScoreTablesView } from "@/components/dashboard/score-tables-view";
import { ValueCell } from "@/components/dashboard/value-cell";
import type { TCell, TMetahopeSummaryRow } from "@/lib/reports/dashboard-summary";
import type { TSchemePaperView } from "@/lib/reports/scheme-paper-view";

export type SchemePaperTablesViewProps = TSchemePaperView & { slug: string };

const cell = (id: string, header: string, get: (r: TMetahopeSummaryRow) => TCell | null, digits = 3): ColumnDef<TMetahopeSummaryRow, unknown> => ({
  id,
  header,
  accessorFn: (r) => get(r)?.value ?? null,
  cell: ({ row }) => <ValueCell cell={get(row.original)} digits={digits} />,
});

export function SchemePaperTablesView({ slug, notes, metahope, extraCategories, scores, mmteFigures }: SchemePaperTablesViewProps) {
  const mmte = mmteFigures ? scores?.mmte : null;
  const columns: ColumnDef<TMetahopeSummaryRow, unknown>[] = [
    { accessorKey: "system", header: "System" },
    { accessorKey: "field", header: "Field" },
    cell("alpha", "α (interval)", (r) => r.alpha),
    cell("kappa", "κ (quadratic)", (r) => r.kappa),
    cell("r", "Pearson r", (r) => r.r),
    cell("exact", "Exact %", (r) => r.exact, 1),
  ];
  return (
    <section aria-labelledby="paper-tables" className="space-y-3" data-testid="scheme-paper-tables">
      <h2 id="paper-tables" className="text-lg font-medium">Paper tables</h2>
      {notes.length > 0 && (
        <ul className="list-disc rounded border border-amber-200 bg-amber-50 py-2 pl-6 pr-3 text-sm text-amber-900" data-testid="paper-analysis-notes">
          {notes.map((n) => <li key={n}>{n}</li>)}
        </ul>
      )}
      {metahope && (
        <DataTable
          caption={`MetaHOPE agreement per MRW instance (tables 3–4)${extraCategories.length ? `; ${extraCategories.join(", ")} beyond the paper's categories` : ""}`}
          data={metahope}
          columns={columns}
          csvName={`${slug}-metahope-agreement`}
          testId="metahope-agreement"
        />
      )}
      {scores && <ScoreTablesView slug={slug} scores={scores} extraCategories={extraCategories} />}
      {mmte && <EquivalenceBars data={mmte.equivalence} />}
      {/* figures 4–5 labelled as on a project under the preset (same component) */}
      {mmte && <MmteFigureHeatmaps slug={slug} mmte={mmte} />}
    </section>
  );
}
