"use client";
// The jobs of a project as a sortable table (tanstack, via DataTable): kind, files, who, when,
// status with live progress, the outcome of a finished job (an import's counts, a suggestion run's
// ok/failed/tokens, an export's file), Cancel while a job is queued or running, and "Retry failed"
// for a suggestion run with failed units. The table polls the jobs route while the tab is visible
// (issue 29 point 4: progress froze until a reload).
import { useCallback, useEffect, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { z } from "zod";
import { DataTable } from "@/components/ui/data-table";
import { describeProgress, isFinished, ZJobView, type TJobView } from "@/lib/jobs/job-view";
import { describeOutcome, retryableFailures } from "@/lib/jobs/job-outcome";

const STATUS_CLASS: Record<TJobView["status"], string> = {
  queued: "bg-slate-100 text-slate-700",
  running: "bg-indigo-100 text-indigo-800",
  done: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  cancelled: "bg-slate-200 text-slate-700",
};

/** while something runs the bar should move; otherwise a slower look for jobs started elsewhere */
const POLL_ACTIVE_MS = 1500;
const POLL_IDLE_MS = 10_000;

const ZJobsAnswer = z.object({ jobs: z.array(ZJobView) });
const when = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 19) + " UTC" : "");
const button = "rounded border px-2 py-0.5 text-xs disabled:opacity-50";

type TActions = { cancel: (j: TJobView) => void; retry: (j: TJobView) => void; busy: ReadonlySet<string> };

const columnsFor = (slug: string, act: TActions): ColumnDef<TJobView, unknown>[] => [
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
  {
    id: "progress",
    header: "Progress / outcome",
    accessorFn: (j) => describeOutcome(j) ?? describeProgress(j),
    cell: ({ row }) => {
      const j = row.original;
      if (isFinished(j.status)) return <span data-testid="job-outcome">{describeOutcome(j) ?? describeProgress(j)}</span>;
      const pct = j.total > 0 ? Math.round((100 * j.done) / j.total) : null;
      return (
        <div className="min-w-40 space-y-1" data-testid="job-progress">
          {pct !== null && (
            <div className="h-1.5 w-full overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="Job progress">
              <div className="h-full bg-indigo-500 transition-[width]" style={{ width: `${pct}%` }} />
            </div>
          )}
          <span>{describeProgress(j)}</span>
        </div>
      );
    },
  },
  { accessorKey: "finishedAt", header: "Ended", cell: ({ row }) => when(row.original.finishedAt) },
  {
    id: "actions",
    header: "",
    enableSorting: false,
    cell: ({ row }) => {
      const j = row.original;
      const file = j.kind === "export" && j.status === "done" ? (j.result as { fileName?: string } | null)?.fileName : undefined;
      const retry = retryableFailures(j);
      return (
        <div className="flex flex-wrap items-center gap-2">
          {file && (
            <a href={`/api/projects/${encodeURIComponent(slug)}/exports/${encodeURIComponent(j.id)}/download`} download className="text-indigo-700 underline" data-testid="job-download">
              {file}
            </a>
          )}
          {!isFinished(j.status) && (
            <button type="button" className={`${button} border-red-300 text-red-800 hover:bg-red-50`} disabled={j.cancelRequested || act.busy.has(j.id)} onClick={() => act.cancel(j)} data-testid="job-cancel">
              {j.cancelRequested ? "Cancelling…" : "Cancel"}
            </button>
          )}
          {retry && (
            <button type="button" className={`${button} border-indigo-300 text-indigo-800 hover:bg-indigo-50`} disabled={act.busy.has(j.id)} onClick={() => act.retry(j)} data-testid="job-retry" title={`Ask ${retry.model} again for the ${retry.failed} unit(s) that failed`}>
              Retry {retry.failed} failed
            </button>
          )}
        </div>
      );
    },
  },
];

export function JobsTable({ slug, jobs: initial }: { slug: string; jobs: TJobView[] }) {
  const [jobs, setJobs] = useState(initial);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const base = `/api/projects/${encodeURIComponent(slug)}`;

  const refresh = useCallback(async () => {
    const res = await fetch(`${base}/jobs`, { cache: "no-store" }).catch(() => null);
    if (!res?.ok) return;
    const parsed = ZJobsAnswer.safeParse(await res.json().catch(() => null));
    if (parsed.success) setJobs(parsed.data.jobs);
  }, [base]);

  const active = jobs.some((j) => !isFinished(j.status));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const tick = async () => {
      if (document.visibilityState === "visible") await refresh();
      if (!stopped) timer = setTimeout(tick, active ? POLL_ACTIVE_MS : POLL_IDLE_MS);
    };
    timer = setTimeout(tick, active ? POLL_ACTIVE_MS : POLL_IDLE_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, refresh]);

  const act = useCallback(
    async (j: TJobView, url: string, body: unknown) => {
      setProblem(null);
      setBusy((b) => new Set(b).add(j.id));
      const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).catch(() => null);
      if (!res?.ok) {
        const answer = res ? ((await res.json().catch(() => null)) as { error?: { message?: string } } | null) : null;
        setProblem(answer?.error?.message ?? "The server could not be reached; try again.");
      }
      await refresh();
      setBusy((b) => {
        const next = new Set(b);
        next.delete(j.id);
        return next;
      });
    },
    [refresh],
  );
  const actions: TActions = {
    busy,
    cancel: (j) => void act(j, `${base}/jobs/${encodeURIComponent(j.id)}/cancel`, {}),
    retry: (j) => {
      const r = retryableFailures(j);
      if (r) void act(j, `${base}/suggest`, { model: r.model, field: r.field, retryFailed: true });
    },
  };

  if (jobs.length === 0) return <p className="text-sm text-slate-500">No jobs yet: imports and background exports started on the Import page and model suggestions started on the Models page appear here.</p>;
  return (
    <div className="space-y-2">
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <DataTable data={jobs} columns={columnsFor(slug, actions)} testId="jobs-table" caption="Background jobs" />
    </div>
  );
}
