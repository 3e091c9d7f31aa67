// How the worker runs a job's handler so that neither a database outage nor pg-boss's own
// retries make it run twice or give up early:
//   - pg-boss fails a handler that outlives the job's expiry (or whose database call failed) and
//     hands the job out again while the first run may still be going; in this process the second
//     delivery joins the run in progress instead of starting a second one beside it;
//   - a run that failed because the database went away (a restart, a failover) waits until the
//     database answers again and resumes (every handler resumes idempotently: an import's file is
//     one transaction, stored files are skipped), instead of leaving the job to pg-boss, whose
//     failure report needs the database that just went away.
import { isDatabaseUnavailable } from "@/lib/http/database-unavailable";

const running = new Map<string, Promise<void>>();

/** Runs `run` for this job unless a run of it is already going in this process; then joins it. */
export function runOncePerProcess(key: string, run: () => Promise<void>): Promise<void> {
  const current = running.get(key);
  if (current) return current;
  const p = run().finally(() => running.delete(key));
  running.set(key, p);
  return p;
}

export type TOutagePolicy = {
  /** How many outages one run rides through before it gives up (and pg-boss retries). */
  maxOutages: number;
  /** How long to wait for the database to answer again, per outage. */
  waitMs: number;
  /** Pause between two probes. */
  probeEveryMs: number;
};

export const OUTAGE_POLICY: TOutagePolicy = { maxOutages: 5, waitMs: 180_000, probeEveryMs: 1_000 };

/** Resolves once `probe` succeeds; false when it still fails after `waitMs`. */
export async function untilAnswering(probe: () => Promise<unknown>, policy: Pick<TOutagePolicy, "waitMs" | "probeEveryMs">): Promise<boolean> {
  const deadline = Date.now() + policy.waitMs;
  for (;;) {
    try {
      await probe();
      return true;
    } catch {
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, policy.probeEveryMs));
    }
  }
}

/** Runs `run`; when it fails because the database is unavailable, waits for it and runs it again. */
export async function throughOutages(
  run: () => Promise<void>,
  probe: () => Promise<unknown>,
  policy: TOutagePolicy = OUTAGE_POLICY,
  log: (message: string) => void = (m) => console.error(m),
): Promise<void> {
  for (let outages = 0; ; ) {
    try {
      return await run();
    } catch (e) {
      if (!isDatabaseUnavailable(e) || outages >= policy.maxOutages) throw e;
      outages += 1;
      log(`[jobs] the database went away during a job (${(e as Error).message}); resuming once it answers`);
      if (!(await untilAnswering(probe, policy))) throw e;
    }
  }
}
