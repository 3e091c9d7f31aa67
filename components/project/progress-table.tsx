"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";

export interface ProgressRow {
  email: string;
  name: string | null;
  done: number;
  /** of `done`, brought finished by an import */
  imported: number;
  total: number;
  timeSpentMs: number;
}

const columns: ColumnDef<ProgressRow, unknown>[] = [
  { accessorKey: "email", header: "Annotator" },
  { accessorKey: "done", header: "Done" },
  { accessorKey: "imported", header: "of which imported" },
  { accessorKey: "total", header: "Assigned" },
  {
    id: "pct",
    header: "Progress",
    accessorFn: (r) => (r.total ? Math.round((100 * r.done) / r.total) : 0),
    cell: (c) => {
      const v = c.getValue() as number;
      return (
        <div className="flex items-center gap-2">
          <div className="h-2 w-28 rounded bg-slate-200" role="progressbar" aria-valuenow={v} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-2 rounded bg-indigo-500" style={{ width: `${v}%` }} />
          </div>
          <span>{v}%</span>
        </div>
      );
    },
  },
  { id: "minutes", header: "Active minutes", accessorFn: (r) => Math.round(r.timeSpentMs / 60000) },
];

export function ProgressTable({ rows }: { rows: ProgressRow[] }) {
  return <DataTable data={rows} columns={columns} csvName="progress" testId="progress-table" />;
}
