// The worker: takes jobs from pg-boss and runs their handlers. Runs inside the web server by
// default (the demo, a single machine: instrumentation.ts) and as its own process with
// `npm run worker` (TROPOS_WORKER=off on the web servers then). Any number of workers may run
// against one database: pg-boss hands each job to one of them (SKIP LOCKED).
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { runExportJob } from "./export-job";
import { runImportJob } from "./import-job";
import { getBoss, QUEUES } from "./queue";
import { runOncePerProcess, throughOutages } from "./run-guard";
import { runSuggestJob } from "./suggest-job";

const globalForWorker = globalThis as unknown as { __troposWorker?: Promise<void> };

export function startWorker(db: Db, pool: Pool, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  if (!globalForWorker.__troposWorker) {
    globalForWorker.__troposWorker = (async () => {
      const boss = await getBoss(pool);
      const guarded = (run: (jobId: string) => Promise<void>) => async ([job]: { data: { jobId: string } }[]) =>
        runOncePerProcess(job.data.jobId, () => throughOutages(() => run(job.data.jobId), () => pool.query("SELECT 1")));
      const options = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 };
      await boss.work<{ jobId: string }>(QUEUES.import, options, guarded((id) => runImportJob(db, pool, id)));
      await boss.work<{ jobId: string }>(QUEUES.suggest, options, guarded((id) => runSuggestJob(db, pool, id)));
      await boss.work<{ jobId: string }>(QUEUES.export, options, guarded((id) => runExportJob(db, pool, id)));
    })().catch((e) => {
      globalForWorker.__troposWorker = undefined;
      throw e;
    });
  }
  return globalForWorker.__troposWorker;
}

export function workerWanted(): boolean {
  return process.env.TROPOS_WORKER !== "off";
}
