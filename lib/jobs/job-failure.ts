// What a job handler does when an attempt fails for a reason worth a retry (database down, worker
// trouble): before the last attempt the row goes back to "queued" saying why, and the handler
// rethrows so pg-boss retries it with backoff (RETRY); after the last one the row stays failed.
import type { Db } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/http/database-unavailable";
import { RETRY } from "./queue";

export const MAX_ATTEMPTS = RETRY.retryLimit + 1;

/** Records the failed attempt on the job row; true when pg-boss should try again (rethrow). */
export async function recordJobFailure(db: Db, jobId: string, attempt: number, e: unknown): Promise<boolean> {
  const message = (e as Error).message;
  // a database outage is not the job's fault: the worker waits for the database and resumes
  // (run-guard.ts), so it never uses up the job's last attempt
  const last = attempt >= MAX_ATTEMPTS && !isDatabaseUnavailable(e);
  await db.job
    .update({
      where: { id: jobId },
      data: last
        ? { status: "failed", finishedAt: new Date(), stage: null, error: { message: `Failed after ${attempt} attempts: ${message}` } }
        : { status: "queued", stage: `attempt ${attempt} failed (${message}); retrying`, error: { message } },
    })
    // the database may be what failed: the row is then left as it was, and pg-boss still retries
    .catch(() => undefined);
  return !last;
}
