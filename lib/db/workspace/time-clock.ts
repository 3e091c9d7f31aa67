// One wall clock per annotator for active time (issue 27, point 9). Each assignment already
// credits a report at most the wall time since that assignment's previous report, but an annotator
// with many open items could report on all of them at once: 20 parallel reports credited 227 s
// for 11.3 s of wall clock. So a report claiming time also takes a budget from the annotator's own
// clock (User.lastTimeReportAt, on any item of any project): the wall time since their previous
// report that claimed time, and moves that clock to now. The claim is one statement on the user's
// row (locked FOR NO KEY UPDATE, which does not block the foreign-key checks of their saves), so
// parallel reports split the time between them instead of each seeing the whole: the time credited
// across all of an annotator's items never exceeds the wall clock that passed. One person works
// on one item at a time; two tabs share the time between them.
//
// An empty report (activeMs 0: the workspace sends one when it opens an item, to set that item's
// start) credits nothing and so does not move the clock: otherwise the opening report of the next
// item, arriving before the previous item's last report (a beacon sent as the page is left), would
// take the time that report was owed. It only starts the clock of an annotator who has none yet.
import type { Db } from "@/lib/db/client";

const NOW = `clock_timestamp() AT TIME ZONE 'UTC'`;

const CLAIM_SQL = `
UPDATE "User" u SET "lastTimeReportAt" = ${NOW}
FROM (SELECT id, "lastTimeReportAt" AS prev FROM "User" WHERE id = $1 FOR NO KEY UPDATE) p
WHERE u.id = p.id
RETURNING COALESCE(GREATEST(0, FLOOR(EXTRACT(EPOCH FROM (u."lastTimeReportAt" - p.prev)) * 1000)), 0)::float8 AS "budgetMs"`;

/**
 * The most a report of `activeMs` may be credited as far as the annotator's clock goes: the wall
 * milliseconds since their previous report that claimed time (0 when there was none; then the
 * clock starts now). 0 for an empty report, which only starts a clock that has not started.
 */
export async function claimActiveTimeBudget(db: Pick<Db, "$queryRawUnsafe" | "$executeRawUnsafe">, annotatorId: string, activeMs: number): Promise<number> {
  if (activeMs <= 0) {
    await db.$executeRawUnsafe(`UPDATE "User" SET "lastTimeReportAt" = ${NOW} WHERE id = $1 AND "lastTimeReportAt" IS NULL`, annotatorId);
    return 0;
  }
  const rows = await db.$queryRawUnsafe<{ budgetMs: number }[]>(CLAIM_SQL, annotatorId);
  return Number(rows[0]?.budgetMs ?? 0);
}
