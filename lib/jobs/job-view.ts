/**
 * What a background job looks like to the UI, the API and the CLI (pure: no database, no
 * framework). The row lives in the `Job` table (prisma/schema.prisma); pg-boss does the queueing.
 */
import { z } from "zod";

export const JOB_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];
export const JOB_KINDS = ["import", "suggest", "export"] as const;
export type TJobKind = (typeof JOB_KINDS)[number];

export const ZJobView = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  done: z.number(),
  total: z.number(),
  stage: z.string().nullable(),
  /** seconds left at the rate so far; null before the first unit or when finished */
  etaSeconds: z.number().nullable(),
  cancelRequested: z.boolean(),
  attempts: z.number(),
  files: z.array(z.string()),
  /** what the job works on, in words, for kinds without files ("EQUIVALENCE from local") */
  subject: z.string().nullable(),
  result: z.unknown().nullable(),
  error: z.unknown().nullable(),
});
export type TJobView = z.infer<typeof ZJobView>;

export const isFinished = (status: TJobStatus) => status === "done" || status === "failed" || status === "cancelled";

/**
 * Linear estimate from the rate so far (units done since the start). Honest enough for files of
 * similar size; the UI shows it as "about", and not before one unit is done.
 */
export function etaSeconds(job: { status: TJobStatus; startedAt: Date | null; done: number; total: number }, now: Date): number | null {
  if (job.status !== "running" || !job.startedAt || job.done <= 0 || job.total <= job.done) return null;
  const elapsed = (now.getTime() - job.startedAt.getTime()) / 1000;
  return Math.max(0, Math.round((elapsed / job.done) * (job.total - job.done)));
}

/** "2 of 6 · storing b.jsonl · about 12 s left" */
export function describeProgress(j: Pick<TJobView, "status" | "done" | "total" | "stage" | "etaSeconds" | "cancelRequested">): string {
  if (j.status === "queued") return j.cancelRequested ? "Cancelling…" : "Waiting for a worker…";
  if (isFinished(j.status)) return { done: "Done", failed: "Failed", cancelled: "Cancelled" }[j.status as "done" | "failed" | "cancelled"];
  // an export without an estimate (agreement, scores: computed, then written at once)
  const parts = [j.total > 0 ? `${j.done} of ${j.total}` : `${j.done} lines written`];
  if (j.stage) parts.push(j.stage);
  if (j.cancelRequested) parts.push("cancelling after this step");
  else if (j.etaSeconds !== null) parts.push(`about ${j.etaSeconds} s left`);
  return parts.join(" · ");
}
