// Data access for background jobs (the `Job` and `JobFile` tables): create a job with its files
// and queue it, read one or a project's list as the UI shows them, ask a job to stop.
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { etaSeconds, isFinished, type TJobKind, type TJobStatus, type TJobView } from "@/lib/jobs/job-view";
import { enqueue, QUEUES } from "@/lib/jobs/queue";
import { isAbandoned, startHeartbeat, UPLOADING_STAGE, WORKER_ID } from "@/lib/jobs/job-heartbeat";
import type { TImportOptions } from "@/lib/db/import/import-file";

export interface TImportJobInput {
  options: TImportOptions;
  fileNames: string[];
}

type TJobRow = {
  id: string;
  kind: string;
  status: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  done: number;
  total: number;
  stage: string | null;
  input: unknown;
  result: unknown;
  error: unknown;
  cancelRequested: boolean;
  attempts: number;
  createdBy: { email: string } | null;
};

const JOB_SELECT = {
  id: true, kind: true, status: true, createdAt: true, startedAt: true, finishedAt: true, done: true, total: true, stage: true,
  input: true, result: true, error: true, cancelRequested: true, attempts: true, createdBy: { select: { email: true } },
} as const;

/** What a suggest or export job works on, in words; null for kinds whose files say it (imports). */
function jobSubject(kind: string, input: unknown): string | null {
  if (kind === "export") {
    const e = (input ?? {}) as { what?: string; format?: string };
    return `export of ${e.what ?? "?"} as ${(e.format ?? "?").toUpperCase()}`;
  }
  if (kind !== "suggest") return null;
  const i = (input ?? {}) as { field?: string; endpointName?: string; limit?: number };
  return `${i.field ?? "?"} from ${i.endpointName ?? "?"}${i.limit ? ` (first ${i.limit} units)` : ""}`;
}

/**
 * What the time left is estimated from: the whole job, except for a suggest job, whose current run
 * may have started by skipping many units already done (a resume): its own start and units count.
 */
function rateBase(row: Pick<TJobRow, "kind" | "startedAt" | "done" | "total" | "result">): { startedAt: Date | null; done: number; total: number } {
  const r = (row.result ?? null) as { runStartedAt?: string; doneAtRunStart?: number } | null;
  if (row.kind !== "suggest" || !r?.runStartedAt || typeof r.doneAtRunStart !== "number") return { startedAt: row.startedAt, done: row.done, total: row.total };
  return { startedAt: new Date(r.runStartedAt), done: row.done - r.doneAtRunStart, total: row.total - r.doneAtRunStart };
}

export function jobView(row: TJobRow, now = new Date()): TJobView {
  const status = row.status as TJobStatus;
  return {
    id: row.id,
    kind: row.kind as TJobKind,
    status,
    createdBy: row.createdBy?.email ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    done: row.done,
    total: row.total,
    stage: row.stage,
    etaSeconds: etaSeconds({ status, ...rateBase(row) }, now),
    cancelRequested: row.cancelRequested,
    attempts: row.attempts,
    files: ((row.input as Partial<TImportJobInput> | null)?.fileNames ?? []).slice(),
    subject: jobSubject(row.kind, row.input),
    result: row.result ?? null,
    error: row.error ?? null,
  };
}

/**
 * The parts an uploaded file is kept in, each written by a statement of its own: one statement
 * (in a 5 s interactive transaction) of a 43 MB file took 11 s on the earlier embedded database
 * (PGlite), failed with P2028 ("Something went wrong on the server") and held its only session
 * meanwhile; bounded parts keep each statement short on any server.
 */
export const UPLOAD_PART_BYTES = 1024 * 1024;

/**
 * Stores the job row and then its files part by part, then queues it. Until it is queued the row
 * is "uploading" under this process's worker id and heartbeat, so that a worker fails it should
 * this process die meanwhile (lib/jobs/worker.ts); a failure to store a part deletes it. A queue
 * failure marks the job failed (it never sits "queued" with nobody to run it).
 */
export async function createImportJob(
  db: Db,
  pool: Pool,
  opts: { projectId: string; actorId: string | null; files: { name: string; content: Buffer }[]; options: TImportOptions },
): Promise<TJobView> {
  const input: TImportJobInput = { options: opts.options, fileNames: opts.files.map((f) => f.name) };
  const job = await db.job.create({
    data: {
      projectId: opts.projectId, kind: "import", createdById: opts.actorId, total: opts.files.length * 2, input: input as object,
      stage: UPLOADING_STAGE, workerId: WORKER_ID, heartbeatAt: new Date(),
    },
    select: { id: true },
  });
  const stopHeartbeat = startHeartbeat(pool, job.id);
  try {
    for (const [position, f] of opts.files.entries()) {
      const parts = Math.max(1, Math.ceil(f.content.length / UPLOAD_PART_BYTES));
      for (let part = 0; part < parts; part++) {
        const content = new Uint8Array(f.content.subarray(part * UPLOAD_PART_BYTES, (part + 1) * UPLOAD_PART_BYTES));
        await db.jobFile.create({ data: { jobId: job.id, position, part, name: f.name, content }, select: { id: true } });
      }
    }
  } catch (e) {
    await db.job.delete({ where: { id: job.id } }).catch(() => undefined);
    throw e;
  } finally {
    stopHeartbeat();
  }
  await db.job.updateMany({ where: { id: job.id, stage: UPLOADING_STAGE }, data: { stage: null } });
  try {
    await enqueue(pool, QUEUES.import, { jobId: job.id });
  } catch (e) {
    await db.job.update({ where: { id: job.id }, data: { status: "failed", finishedAt: new Date(), error: { message: `The job could not be queued: ${(e as Error).message}` } } });
  }
  return getProjectJob(db, opts.projectId, job.id);
}

/** A job's uploaded files, their parts joined, in upload order. */
export async function getJobFiles(db: Db, jobId: string): Promise<{ name: string; content: Buffer }[]> {
  const rows = await db.jobFile.findMany({ where: { jobId }, orderBy: [{ position: "asc" }, { part: "asc" }], select: { position: true, name: true, content: true } });
  const files = new Map<number, { name: string; parts: Uint8Array[] }>();
  for (const r of rows) {
    const f = files.get(r.position) ?? { name: r.name, parts: [] };
    f.parts.push(r.content);
    files.set(r.position, f);
  }
  return [...files.values()].map((f) => ({ name: f.name, content: Buffer.concat(f.parts) }));
}

export async function getProjectJob(db: Db, projectId: string, jobId: string): Promise<TJobView> {
  const row = await db.job.findFirst({ where: { id: jobId, projectId }, select: JOB_SELECT });
  if (!row) throw new AppError("NOT_FOUND", "No such job in this project.");
  return jobView(row);
}

export async function listProjectJobs(db: Db, projectId: string, limit = 50): Promise<TJobView[]> {
  const rows = await db.job.findMany({ where: { projectId }, orderBy: { createdAt: "desc" }, take: limit, select: JOB_SELECT });
  const now = new Date();
  return rows.map((r) => jobView(r, now));
}

/**
 * A queued job is cancelled at once (its worker will find it so and do nothing); a running one is
 * asked to stop and stops before its next step (a file being stored is stored whole or not at all).
 * A running job whose worker is gone (lib/jobs/job-heartbeat.ts) is cancelled at once too: the file
 * it was storing was rolled back with its transaction when the process died.
 */
export async function requestJobCancel(db: Db, projectId: string, jobId: string): Promise<TJobView> {
  const job = await getProjectJob(db, projectId, jobId);
  if (isFinished(job.status)) throw new AppError("CONFLICT", `The job has already ended (${job.status}).`);
  // conditional updates: the worker may move the job on between the read and the write
  const queued = await db.job.updateMany({ where: { id: jobId, status: "queued" }, data: { status: "cancelled", cancelRequested: true, finishedAt: new Date(), stage: null } });
  if (queued.count === 0) await db.job.updateMany({ where: { id: jobId, status: "running" }, data: { cancelRequested: true } });
  const live = await db.job.findUnique({ where: { id: jobId }, select: { status: true, workerId: true, heartbeatAt: true, startedAt: true } });
  if (live && isAbandoned(live)) {
    await db.job.updateMany({
      where: { id: jobId, status: "running", workerId: live.workerId },
      data: { status: "cancelled", finishedAt: new Date(), stage: null, error: { message: "Cancelled after its worker had stopped (the server was restarted or crashed); the file it was storing was rolled back." } },
    });
  }
  return getProjectJob(db, projectId, jobId);
}
