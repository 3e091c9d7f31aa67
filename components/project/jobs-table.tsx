"use client";
// The jobs of a project as a sortable table (tanstack, via DataTable): kind, files, who, when,
// status with progress, the error of a failed job, and the file of a finished export.
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { describeProgress, type TJobView } from "@/lib/jobs/job-view";

const STATUS_CLASS: Record<TJobView["status"], string> = {
  queued: "bg-slate-100 text-slate-700",
  running: "bg-indigo-100 text-indigo-800",
  done: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  cancelled: "bg-slate-200 text-slate-700",
};

const when = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 19) + " UTC" : "");

const columnsFor = (slug: string): ColumnDef<TJobView, unknown>[] => [
  { accessorKey: "createdAt", header: "Started", cell: ({ row }) => when(row.original.createdAt) },
  { accessorKey: "kind", header: "Kind" },
  { id: "files", header: "Files / what", accessorFn: (j) => j.subject ?? j.files.join(", ") },
  { accessorKey: "createdBy", header: "By" },
  {
    accessorKey: "status",
    header: "Status",
    cell: ({ row }) => (
      <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_CLASS[row.original.status]}`} data-testid="job-status">
        {row.original.status}
      </span>
    ),
  },
  { id: "progress", header: "Progress", accessorFn: (j) => describeProgress(j) },
  { accessorKey: "finishedAt", header: "Ended", cell: ({ row }) => when(row.original.finishedAt) },
  { id: "error", header: "Error", accessorFn: (j) => (j.error as { message?: string } | null)?.message ?? "" },
  {
    id: "result",
    header: "Result",
    enableSorting: false,
    cell: ({ row }) => {
      const j = row.original;
      const file = j.kind === "export" && j.status === "done" ? (j.result as { fileName?: string } | null)?.fileName : undefined;
      return file ? (
        <a href={`/api/projects/${encodeURIComponent(slug)}/exports/${encodeURIComponent(j.id)}/download`} download className="text-indigo-700 underline" data-testid="job-download">
          {file}
        </a>
      ) : null;
    },
  },
];

export function JobsTable({ slug, jobs }: { slug: string; jobs: TJobView[] }) {
  if (jobs.length === 0) return <p className="text-sm text-slate-500">No jobs yet: imports and background exports started on the Import page and model suggestions started on the Models page appear here.</p>;
  return <DataTable data={jobs} columns={columnsFor(slug)} testId="jobs-table" caption="Background jobs" />;
}
