// retryTransientLocks (lib/jobs/queue.ts): what pg-boss's start, queue creation and sends go
// through, because processes starting at the same moment can deadlock on pg-boss's tables (a
// worker cancelled that way used to exit). A real deadlock on real PostgreSQL: the cancelled side
// runs again and succeeds; any other error is not retried.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg, { type Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { retryTransientLocks } from "@/lib/jobs/queue";

let pool: Pool;
let url: string;
beforeAll(async () => {
  ({ pool, url } = await openTestDatabase());
  await pool.query(`DROP TABLE IF EXISTS retry_probe; CREATE TABLE retry_probe (id int PRIMARY KEY, v int NOT NULL); INSERT INTO retry_probe VALUES (1, 0), (2, 0)`);
});
afterAll(async () => {
  await pool.query(`DROP TABLE IF EXISTS retry_probe`);
  await closeTestDatabase();
});

const waitUntil = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
};

/**
 * Two transactions locking rows 1 and 2 in opposite orders. The one `fn` runs waits first and
 * has the short deadlock_timeout, so PostgreSQL cancels it, not the other, on its first run; runs
 * after the first meet no other transaction.
 */
async function deadlockOnce(attempts: number) {
  const a = new pg.Client({ connectionString: url });
  const b = new pg.Client({ connectionString: url });
  await a.connect();
  await b.connect();
  let runs = 0;
  try {
    const aPid = (await a.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    const waiting = (pid: number) => async () => (await pool.query(`SELECT wait_event_type = 'Lock' AS w FROM pg_stat_activity WHERE pid = $1`, [pid])).rows[0]?.w === true;
    let other: Promise<unknown> | null = null;
    const result = retryTransientLocks(async () => {
      runs++;
      await a.query("BEGIN");
      try {
        await a.query("SET LOCAL deadlock_timeout = '100ms'");
        await a.query("UPDATE retry_probe SET v = v + 1 WHERE id = 1");
        if (runs === 1) {
          await b.query("BEGIN");
          await b.query("SET LOCAL deadlock_timeout = '10s'");
          await b.query("UPDATE retry_probe SET v = v + 1 WHERE id = 2");
          // b then wants row 1, held by a, once a waits for row 2
          other = waitUntil(waiting(aPid)).then(async () => {
            await b.query("UPDATE retry_probe SET v = v + 1 WHERE id = 1");
            await b.query("COMMIT");
          });
        }
        await a.query("UPDATE retry_probe SET v = v + 1 WHERE id = 2");
        await a.query("COMMIT");
        return runs;
      } catch (e) {
        await a.query("ROLLBACK");
        throw e;
      }
    }, attempts);
    const settled = await Promise.allSettled([result]);
    await other;
    return { settled: settled[0], runs };
  } finally {
    await a.end();
    await b.end();
  }
}

describe("retryTransientLocks", () => {
  it("runs a transaction PostgreSQL cancelled for a deadlock again, and it succeeds", async () => {
    const { settled, runs } = await deadlockOnce(3);
    expect(settled).toEqual({ status: "fulfilled", value: 2 });
    expect(runs).toBe(2);
  });

  it("gives the deadlock up after the last attempt", async () => {
    const { settled, runs } = await deadlockOnce(1);
    expect(settled.status).toBe("rejected");
    expect((settled as PromiseRejectedResult).reason).toMatchObject({ code: "40P01" });
    expect(runs).toBe(1);
  });

  it("does not retry other errors", async () => {
    let runs = 0;
    await expect(
      retryTransientLocks(async () => {
        runs++;
        await pool.query("SELECT 1 FROM no_such_table");
      }, 5),
    ).rejects.toMatchObject({ code: "42P01" });
    expect(runs).toBe(1);
  });
});
