// The sign-in throttle counters (policy: lib/auth/sign-in-throttle.ts). Each count is ONE
// statement (INSERT … ON CONFLICT DO UPDATE … RETURNING): PostgreSQL locks the row for the upsert,
// so parallel attempts on one key get distinct counts and none can read a count from before
// another was added (issue 13, point 16: the old count-then-check-then-insert let 59 parallel
// guesses all see zero failures).
import type { Db } from "@/lib/db/client";
import {
  ACCOUNT_FREE_ATTEMPTS,
  ACCOUNT_MAX_DELAY_S,
  ACCOUNT_QUIET_RESET_S,
  ADDRESS_LIMIT,
  ADDRESS_WINDOW_S,
  accountDelaySeconds,
} from "@/lib/auth/sign-in-throttle";

export type TThrottleResult = { admitted: true; attempts: number } | { admitted: false; retryAfterS: number };

// Truncated, not rounded, to the column's milliseconds: a zero delay must never land after now().
const MS_NOW = `date_trunc('milliseconds', now())`;
// The account's count after this attempt: restarts at 1 after a quiet period.
const STALE = `t."updatedAt" < now() - make_interval(secs => $2)`;
const NEXT_COUNT = `(CASE WHEN ${STALE} THEN 1 ELSE t."attempts" + 1 END)`;
// accountDelaySeconds() in SQL, of the count after this attempt
const NEXT_DELAY = `LEAST($4::float8, CASE WHEN ${NEXT_COUNT} < $3 THEN 0 ELSE power(2, ${NEXT_COUNT} - $3) END)`;

const COUNT_ACCOUNT_SQL = `
INSERT INTO "LoginThrottle" AS t ("key", "attempts", "windowStart", "notBefore", "updatedAt")
VALUES ($1, 1, now(), ${MS_NOW} + make_interval(secs => $5), now())
ON CONFLICT ("key") DO UPDATE SET
  "attempts" = ${NEXT_COUNT},
  "windowStart" = CASE WHEN ${STALE} THEN now() ELSE t."windowStart" END,
  "notBefore" = ${MS_NOW} + make_interval(secs => ${NEXT_DELAY}),
  "updatedAt" = now()
WHERE t."notBefore" <= now()
RETURNING "attempts"`;

/** Counts an attempt on an account's (or a device's) counter unless its delay has not passed yet (then nothing changes). */
export async function countAccountAttempt(db: Db, key: string): Promise<TThrottleResult> {
  const rows = await db.$queryRawUnsafe<{ attempts: number }[]>(
    COUNT_ACCOUNT_SQL,
    key,
    ACCOUNT_QUIET_RESET_S,
    ACCOUNT_FREE_ATTEMPTS,
    ACCOUNT_MAX_DELAY_S,
    accountDelaySeconds(1),
  );
  if (rows[0]) return { admitted: true, attempts: Number(rows[0].attempts) };
  // refused: read the wait for the message (not part of the decision, so no race matters here)
  const wait = await db.$queryRawUnsafe<{ s: number }[]>(
    `SELECT EXTRACT(EPOCH FROM ("notBefore" - now()::timestamp(3)))::float8 AS s FROM "LoginThrottle" WHERE "key" = $1`,
    key,
  );
  return { admitted: false, retryAfterS: Math.max(1, Number(wait[0]?.s ?? 1)) };
}

const COUNT_ADDRESS_SQL = `
INSERT INTO "LoginThrottle" AS t ("key", "attempts", "windowStart", "notBefore", "updatedAt")
VALUES ($1, 1, now(), now(), now())
ON CONFLICT ("key") DO UPDATE SET
  "attempts" = CASE WHEN t."windowStart" < now() - make_interval(secs => $2) THEN 1 ELSE t."attempts" + 1 END,
  "windowStart" = CASE WHEN t."windowStart" < now() - make_interval(secs => $2) THEN now() ELSE t."windowStart" END,
  "updatedAt" = now()
RETURNING "attempts", EXTRACT(EPOCH FROM ("windowStart" + make_interval(secs => $2) - now()::timestamp(3)))::float8 AS "retryAfterS"`;

/** Counts an attempt from a client address; refused once the window holds more than ADDRESS_LIMIT. */
export async function countAddressAttempt(db: Db, key: string): Promise<TThrottleResult> {
  const rows = await db.$queryRawUnsafe<{ attempts: number; retryAfterS: number }[]>(COUNT_ADDRESS_SQL, key, ADDRESS_WINDOW_S);
  const attempts = Number(rows[0]!.attempts);
  if (attempts <= ADDRESS_LIMIT) return { admitted: true, attempts };
  return { admitted: false, retryAfterS: Math.max(1, Number(rows[0]!.retryAfterS)) };
}

/** After a successful sign-in: the counter it used (account or device) starts again from zero and the address gets its slot back. */
export async function recordSuccessfulSignIn(db: Db, keys: { counter: string; address: string | null }): Promise<void> {
  await db.$executeRawUnsafe(`DELETE FROM "LoginThrottle" WHERE "key" = $1`, keys.counter);
  if (keys.address) {
    await db.$executeRawUnsafe(`UPDATE "LoginThrottle" SET "attempts" = GREATEST("attempts" - 1, 0) WHERE "key" = $1`, keys.address);
  }
}

/** Clears an account's delay (a password reset or an administrator setting a new password). */
export async function clearAccountThrottle(db: Pick<Db, "$executeRawUnsafe">, key: string): Promise<void> {
  await db.$executeRawUnsafe(`DELETE FROM "LoginThrottle" WHERE "key" = $1`, key);
}

/** Counters nobody touched for a day are finished; keeps the table from growing with guessed emails. */
export async function deleteStaleThrottles(db: Db): Promise<void> {
  await db.$executeRawUnsafe(`DELETE FROM "LoginThrottle" WHERE "updatedAt" < now() - interval '1 day'`);
}
