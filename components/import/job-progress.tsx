"use client";
// Follows one background job (GET /api/projects/[slug]/jobs/[id] twice a second, or the URL given:
// an export job is followed through /exports/[id], which its non-manager starter may read) and shows
// its progress bar, stage and time left, with a Cancel button while it can still stop. Tells the
// parent once the job has ended.
import { useEffect, useRef, useState } from "react";
import { describeProgress, isFinished, ZJobView, type TJobView } from "@/lib/jobs/job-view";

export function JobProgress({ slug, job: initial, onEnded, basePath = "jobs", label = "Import progress" }: {
  slug: string;
  job: TJobView;
  onEnded: (job: TJobView) => void;
  /** the API folder that serves the job and its cancel: "jobs" (managers) or "exports" */
  basePath?: "jobs" | "exports";
  label?: string;
}) {
  const [job, setJob] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const ended = useRef(false);
  const onEndedRef = useRef(onEnded);
  useEffect(() => void (onEndedRef.current = onEnded), [onEnded]);

  useEffect(() => {
    let stop = false;
    const url = `/api/projects/${encodeURIComponent(slug)}/${basePath}/${encodeURIComponent(initial.id)}`;
    const tick = async () => {
      try {
        const res = await fetch(url, { cache: "no-store" });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const next = ZJobView.parse((await res.json()).job);
        if (stop) return;
        setJob(next);
        setProblem(null);
        if (isFinished(next.status)) {
          if (!ended.current) {
            ended.current = true;
            onEndedRef.current(next);
          }
          return;
        }
      } catch (e) {
        // a lost poll is not a lost job: say so and keep asking
        if (!stop) setProblem(`Cannot reach the server (${(e as Error).message}); still trying…`);
      }
      if (!stop) setTimeout(() => void tick(), 500);
    };
    void tick();
    return () => void (stop = true);
  }, [slug, initial.id, basePath]);

  async function cancel() {
    const res = await fetch(`/api/projects/${encodeURIComponent(slug)}/${basePath}/${encodeURIComponent(job.id)}/cancel`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    if (res.ok) setJob(ZJobView.parse((await res.json()).job));
    else setProblem((await res.json().catch(() => null))?.error?.message ?? `Cancel failed (HTTP ${res.status}).`);
  }

  const share = job.total > 0 ? job.done / job.total : 0;
  return (
    <div className="mt-3" role="status" aria-live="polite" data-testid="job-progress" data-status={job.status}>
      <div className="flex items-baseline justify-between gap-3 text-sm text-slate-700">
        <span data-testid="job-progress-text">{describeProgress(job)}</span>
        {!isFinished(job.status) && !job.cancelRequested && (
          <button type="button" onClick={() => void cancel()} className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100" data-testid="job-cancel">
            Cancel
          </button>
        )}
      </div>
      <div className="mt-1 h-2 w-full overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={job.total} aria-valuenow={job.done} aria-label={label}>
        <div className={`h-2 ${job.status === "failed" ? "bg-red-500" : job.status === "cancelled" ? "bg-slate-400" : "bg-indigo-500"}`} style={{ width: `${Math.max(3, Math.round(share * 100))}%` }} />
      </div>
      {problem && <p className="mt-1 text-xs text-amber-700">{problem}</p>}
    </div>
  );
}
