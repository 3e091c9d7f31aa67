// The worker: takes jobs from pg-boss and runs their handlers. Runs inside the web server by
// default (the demo, a single machine: instrumentation.ts) and as its own process with
// `npm run worker` (TROPOS_WORKER=off on the web servers then). Any number of workers may run
// against one database: pg-boss hands each job to one of them (SKIP LOCKED).
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { runExportJob } from "./export-job";
import { runImportJob } from "./import-job";
import { claimJob, failInterruptedUpload, findAbandonedJobs, startHeartbeat } from "./job-heartbeat";
import { getBoss, QUEUES, stopBoss } from "./queue";
import { runOncePerProcess, throughOutages } from "./run-guard";
import { runSuggestJob } from "./suggest-job";

const globalForWorker = globalThis as unknown as { __troposWorker?: Promise<void>; __troposSweep?: NodeJS.Timeout };

/** How often a worker looks for running jobs whose worker is gone (also once at its start). */
const SWEEP_MS = 30_000;

export function startWorker(db: Db, pool: Pool, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  if (!globalForWorker.__troposWorker) {
    globalForWorker.__troposWorker = (async () => {
      const boss = await getBoss(pool);
      const runners: Record<string, (jobId: string) => Promise<void>> = {
        import: (id) => runImportJob(db, pool, id),
        suggest: (id) => runSuggestJob(db, pool, id),
        export: (id) => runExportJob(db, pool, id),
      };
      // the job's row names this worker and its heartbeat while it runs; a job running under a live
      // worker of another process (pg-boss's second delivery) is left to it
      const runHere = (kind: string, jobId: string) =>
        runOncePerProcess(jobId, async () => {
          if (!(await claimJob(pool, jobId))) return;
          const stop = startHeartbeat(pool, jobId);
          try {
            await throughOutages(() => runners[kind](jobId), () => pool.query("SELECT 1"));
          } finally {
            stop();
          }
        });
      const guarded = (kind: string) => async ([job]: { data: { jobId: string } }[]) => runHere(kind, job.data.jobId);
      const options = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 };
      await boss.work<{ jobId: string }>(QUEUES.import, options, guarded("import"));
      await boss.work<{ jobId: string }>(QUEUES.suggest, options, guarded("suggest"));
      await boss.work<{ jobId: string }>(QUEUES.export, options, guarded("export"));
      // jobs left running by a process that died (a restart mid-import) are taken up here, at once
      // after a restart on the same host, else once their worker stopped beating
      const sweep = async () => {
        for (const j of await findAbandonedJobs(pool)) {
          if (j.uploading) {
            await failInterruptedUpload(pool, j);
            continue;
          }
          if (!runners[j.kind]) continue;
          console.error(`[jobs] job ${j.id} (${j.kind}) was left running by a worker that stopped; resuming it`);
          void runHere(j.kind, j.id).catch((e: Error) => console.error(`[jobs] resuming job ${j.id} failed: ${e.message}`));
        }
      };
      await sweep().catch((e: Error) => console.error(`[jobs] looking for abandoned jobs failed: ${e.message}`));
      globalForWorker.__troposSweep ??= setInterval(() => void sweep().catch(() => undefined), SWEEP_MS);
      globalForWorker.__troposSweep.unref();
    })().catch((e) => {
      globalForWorker.__troposWorker = undefined;
      throw e;
    });
  }
  return globalForWorker.__troposWorker;
}

/**
 * Stops this process's worker and its queue instance: jobs sent afterwards stay queued until
 * startWorker runs again (a test that needs a job to wait in the queue stops the worker first).
 */
export async function stopWorker(): Promise<void> {
  const started = globalForWorker.__troposWorker;
  globalForWorker.__troposWorker = undefined;
  if (globalForWorker.__troposSweep) clearInterval(globalForWorker.__troposSweep);
  globalForWorker.__troposSweep = undefined;
  await started?.catch(() => undefined);
  await stopBoss();
}

export function workerWanted(): boolean {
  return process.env.TROPOS_WORKER !== "off";
}
