// The job queue: pg-boss on the project's own PostgreSQL (schema "pgboss"), chosen over
// graphile-worker because it runs on Node 20 (graphile-worker 0.18 needs 22.18), talks to
// PostgreSQL only through the adapter we give it (so it shares the app's pool), and gives
// retries with backoff, expiry of jobs whose worker died, and SKIP LOCKED fetching across any
// number of workers. Progress, cancel and the per-project list live in our `Job` table.
import PgBoss from "pg-boss";
import type { Pool } from "pg";

export const QUEUES = { import: "tropos-import", suggest: "tropos-suggest", export: "tropos-export" } as const;

/** Retries for a job whose handler threw (database down, worker crashed): 3 attempts in all. */
export const RETRY = { retryLimit: 2, retryDelay: 2, retryBackoff: true } as const;
const positiveEnv = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
/**
 * A job whose worker died is taken up again after this long (pg-boss expiry; a live worker
 * finishes long imports well inside it). TROPOS_JOB_EXPIRE_SECONDS shortens it in the
 * multi-process test.
 */
export const EXPIRE_SECONDS = positiveEnv("TROPOS_JOB_EXPIRE_SECONDS", 15 * 60);
/** How often pg-boss looks for expired jobs (one process in the cluster does it per interval). */
const MAINTENANCE_SECONDS = positiveEnv("TROPOS_JOB_MAINTENANCE_SECONDS", 60);

const globalForBoss = globalThis as unknown as { __troposBoss?: Promise<PgBoss> };

/** The process's started pg-boss instance (created on first use, queues ensured). */
export function getBoss(pool: Pool): Promise<PgBoss> {
  if (!globalForBoss.__troposBoss) {
    // pg-boss's start and its queue creation take locks on its own tables; processes starting at
    // the same moment (two web servers and a worker after a deploy) can deadlock there, and
    // PostgreSQL then cancels one side: that side starts again on a fresh instance. (A worker
    // whose start was cancelled this way used to exit, seen in the multi-process test.)
    globalForBoss.__troposBoss = retryTransientLocks(() => startBoss(pool), 5).catch((e) => {
      globalForBoss.__troposBoss = undefined;
      throw e;
    });
  }
  return globalForBoss.__troposBoss;
}

async function startBoss(pool: Pool): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    schema: "pgboss",
    // pg-boss's own maintenance (expiry of jobs whose worker died, archiving)
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    schedule: false,
  });
  boss.on("error", (e: Error) => console.error(`[jobs] ${e.message}`));
  try {
    await boss.start();
    for (const name of Object.values(QUEUES)) {
      if (await boss.getQueue(name)) continue;
      try {
        await boss.createQueue(name, { name, ...RETRY, expireInSeconds: EXPIRE_SECONDS });
      } catch (e) {
        // another process (a web server sending its first job, a worker starting) created it
        // between our look and our create: that is what we wanted
        if (!(await boss.getQueue(name))) throw e;
      }
    }
    return boss;
  } catch (e) {
    // a half-started instance must not keep its timers (the pool is the app's: not closed)
    await boss.stop({ graceful: false, wait: false, close: false }).catch(() => undefined);
    throw e;
  }
}

export async function stopBoss(): Promise<void> {
  const pending = globalForBoss.__troposBoss;
  globalForBoss.__troposBoss = undefined;
  if (pending) await (await pending).stop({ graceful: true, wait: true, timeout: 10_000, close: false });
}

/** PostgreSQL's deadlock and serialization failures: the statement can simply be run again. */
function isTransientLockError(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return code === "40P01" || code === "40001" || /deadlock detected/.test(String((e as Error | null)?.message ?? ""));
}

/** Runs `fn` again (at most `attempts` times in all, after a short, growing pause) while PostgreSQL cancels it for a deadlock. */
export async function retryTransientLocks<T>(fn: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (attempt >= attempts || !isTransientLockError(e)) throw e;
      // jittered, so that the two sides of a deadlock do not meet again in step
      await new Promise((r) => setTimeout(r, 100 * attempt + Math.random() * 100));
    }
  }
}

/**
 * Puts a job on a queue. pg-boss's start and first send take locks on its own tables; a web server
 * and a worker starting at the same moment can deadlock there (seen in the multi-process test:
 * "deadlock detected"), and PostgreSQL then cancels one side. That side is retried, three times
 * at most, after a short, growing pause.
 */
export async function enqueue(pool: Pool, queue: (typeof QUEUES)[keyof typeof QUEUES], data: { jobId: string }): Promise<void> {
  await retryTransientLocks(async () => {
    const boss = await getBoss(pool);
    await boss.send(queue, data, { ...RETRY, expireInSeconds: EXPIRE_SECONDS });
  }, 3);
}
