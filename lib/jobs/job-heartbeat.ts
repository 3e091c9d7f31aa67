// Which worker process runs a job, and whether it is still alive (issue 29 point 1). A job whose
// process died (the demo restarted mid-import) stayed "running": nothing ran it again until
// pg-boss's expiry (15 minutes), and a cancel only set a flag that no worker would read. Now the
// worker that runs a job writes its id into the row and beats every HEARTBEAT_MS; a running job is
// abandoned when its worker's process is gone (same host: the pid no longer exists, known at once
// after a restart) or has not beaten for STALE_SECONDS (another host). Workers take abandoned jobs
// up again (lib/jobs/worker.ts; every job resumes idempotently: an import skips the files it
// stored, each file being one transaction), and a cancel of one takes effect at once
// (lib/db/jobs/jobs.ts). A job whose upload was being stored (queued, stage "uploading", not yet in
// pg-boss) by a process that died is abandoned the same way, and failed.
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Pool } from "pg";

export const HEARTBEAT_MS = 15_000;

/** The stage of a job whose files are still being stored (not queued in pg-boss yet, lib/db/jobs/jobs.ts). */
export const UPLOADING_STAGE = "uploading";

function positiveEnv(name: string, fallback: number): number {
  const n = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** How long a worker on another host may stay silent before its running jobs count as abandoned. */
export const STALE_SECONDS = positiveEnv("TROPOS_JOB_STALE_SECONDS", 120);

/** This process's worker id: host, pid and a random part (a later process may get the same pid). */
export const WORKER_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"; // exists, owned by someone else
  }
}

export interface TJobLiveness {
  status: string;
  stage?: string | null;
  workerId: string | null;
  heartbeatAt: Date | null;
  startedAt: Date | null;
}

/** Whether a running (or uploading) job's worker is gone (its process on this host has exited, or it stopped beating). */
export function isAbandoned(job: TJobLiveness, now = new Date()): boolean {
  if (job.status !== "running" && !(job.status === "queued" && job.stage === UPLOADING_STAGE)) return false;
  if (job.workerId === WORKER_ID) return false;
  const [host, pid] = (job.workerId ?? "").split(":");
  if (job.workerId && host === os.hostname() && Number(pid) > 0 && !processAlive(Number(pid))) return true;
  const last = job.heartbeatAt ?? job.startedAt;
  return !last || now.getTime() - last.getTime() > STALE_SECONDS * 1000;
}

/**
 * Makes this worker the job's: unless it is running under a live worker of another process (a second
 * delivery by pg-boss while the first run goes on), then false and the caller leaves it.
 */
export async function claimJob(pool: Pool, jobId: string): Promise<boolean> {
  const r = await pool.query<TJobLiveness>(`SELECT status, "workerId", "heartbeatAt", "startedAt" FROM "Job" WHERE id = $1`, [jobId]);
  const job = r.rows[0];
  if (!job) return true; // the handler finds nothing to do
  if (job.status === "running" && job.workerId && job.workerId !== WORKER_ID && !isAbandoned(job)) return false;
  const claimed = await pool.query(`UPDATE "Job" SET "workerId" = $2, "heartbeatAt" = now() WHERE id = $1 AND "workerId" IS NOT DISTINCT FROM $3`, [
    jobId,
    WORKER_ID,
    job.workerId,
  ]);
  return (claimed.rowCount ?? 0) > 0;
}

/** Beats for the job every HEARTBEAT_MS until the returned function is called. */
export function startHeartbeat(pool: Pool, jobId: string): () => void {
  const t = setInterval(() => {
    pool
      .query(`UPDATE "Job" SET "heartbeatAt" = now() WHERE id = $1 AND "workerId" = $2`, [jobId, WORKER_ID])
      .catch((e: Error) => console.error(`[jobs] heartbeat of ${jobId} failed: ${e.message}`));
  }, HEARTBEAT_MS);
  t.unref();
  return () => clearInterval(t);
}

/** The running (and uploading) jobs whose worker is gone, oldest first. */
export async function findAbandonedJobs(pool: Pool): Promise<{ id: string; kind: string; uploading: boolean; workerId: string | null }[]> {
  const r = await pool.query<TJobLiveness & { id: string; kind: string }>(
    `SELECT id, kind, status, stage, "workerId", "heartbeatAt", "startedAt" FROM "Job"
     WHERE status = 'running' OR (status = 'queued' AND stage = 'uploading') ORDER BY "createdAt"`,
  );
  const now = new Date();
  return r.rows.filter((j) => isAbandoned(j, now)).map(({ id, kind, status, workerId }) => ({ id, kind, uploading: status === "queued", workerId }));
}

/** Fails a job whose upload was being stored by a process that died (it was never queued). */
export async function failInterruptedUpload(pool: Pool, job: { id: string; workerId: string | null }): Promise<void> {
  await pool.query(
    `UPDATE "Job" SET status = 'failed', stage = NULL, "finishedAt" = now(), error = $3::jsonb
     WHERE id = $1 AND status = 'queued' AND stage = 'uploading' AND "workerId" IS NOT DISTINCT FROM $2`,
    [job.id, job.workerId, JSON.stringify({ message: "The upload was interrupted (the server was restarted or crashed) before the job could start; nothing was stored. Upload the files again." })],
  );
}
