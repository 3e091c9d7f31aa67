// The drift check: computes every annotator's drift (lib/db/drift/drift-data.ts), opens a DriftFlag
// for each newly flagged annotator × field and notifies the project's managers once (in the app,
// the AuditLog and a `[drift] …` log line), and closes the flags of annotators back inside the
// panel's interval (a later relapse notifies again).
//
// When it runs: on a manager's or adjudicator's dashboard view (the figures are computed there anyway
// and kept by the data's version, so a repeated view costs one small query), and after submissions,
// at most once per DRIFT_CHECK_EVERY of the project's submits (noteSubmission: one single-row UPDATE
// per submit; the check itself runs after the submit's answer is decided, never inside its
// transaction). Why not after every submit: the figures need the project's values (one cached read
// plus the statistics), and a window of 50 items moves little in fewer than ten submissions.
//
// "Notified once per ongoing flag" is one statement: the INSERT … ON CONFLICT that opens a flag
// returns a row only when the flag was not open, so two checks at the same instant notify once.
import type pg from "pg";
import type { Db } from "@/lib/db/client";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { notifyUsers } from "@/lib/db/notifications/notifications";
import type { TDriftRow } from "@/lib/reports/drift";
import { raterLabel } from "@/lib/import/imported-annotator";
import { getDriftWindow, getProjectDrift } from "./drift-data";

/** Submissions of a project between two background checks. */
export const DRIFT_CHECK_EVERY = 10;

const pct = (r: TDriftRow, x: number | null) => (x === null ? "—" : r.statistic === "alpha" ? x.toFixed(2) : `${Math.round(x * 100)} %`);

/** The DriftFlag's field: a gold-check flag is apart from the panel flag of the same field. */
export const flagFieldOf = (r: Pick<TDriftRow, "source" | "field">) => (r.source === "gold" ? `gold:${r.field}` : r.field);

const STATISTIC_NAME: Record<TDriftRow["statistic"], string> = {
  percent_agreement: "agreement with the panel's majority",
  alpha: "α with the panel",
  gold_accuracy: "accuracy on hidden gold checks",
};

/** The notification's text of one flag. */
export function driftMessage(r: TDriftRow, itemName: (segmentId: string) => string = (id) => id): { title: string; body: string } {
  const stat = STATISTIC_NAME[r.statistic];
  const items = r.moved.slice(0, 5).map((m) => itemName(m.segmentId));
  const n = r.moved.length;
  const moved = r.source === "gold" ? `${n} wrong answer${n === 1 ? "" : "s"}` : `${n} item${n === 1 ? "" : "s"} moved it`;
  const over = r.source === "gold" ? `their last ${r.units} answers` : `their last ${r.items} items`;
  const who = raterLabel(r.annotator);
  return {
    title: `Drift: ${who} on ${r.field}${r.source === "gold" ? " (gold checks)" : ""}`,
    body: `${who}'s ${stat} over ${over} is ${pct(r, r.value)}, below the panel's interval ${pct(r, r.lower)}–${pct(r, r.upper)}; ${moved}${items.length ? ` (first: ${items.join(", ")})` : ""}.`,
  };
}

export interface TDriftCheckResult {
  rows: readonly TDriftRow[];
  /** flags opened by this check (each notified) */
  opened: TDriftRow[];
  /** flags closed by this check */
  closed: number;
}

/** The items' own ids (Segment.externalId) by their database id, for messages a lead reads. */
async function segmentNames(pool: pg.Pool, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; externalId: string }>(`SELECT id, "externalId" FROM "Segment" WHERE id = ANY($1::text[])`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, r.externalId]));
}

/** Computes the project's drift and opens/closes its flags; notifies managers of the flags it opens. */
export async function checkDrift(db: Db, pool: pg.Pool, projectId: string, slug: string): Promise<TDriftCheckResult> {
  const runtime = await getProjectRuntime(db, projectId);
  const rows = await getProjectDrift(pool, projectId, runtime, await getDriftWindow(db, projectId));
  const flagged = rows.filter((r) => r.flagged);
  const opened: TDriftRow[] = [];
  const names = await segmentNames(pool, flagged.flatMap((r) => r.moved.slice(0, 5).map((m) => m.segmentId)));
  for (const r of flagged) {
    const detail = JSON.stringify({ source: r.source, value: r.value, lower: r.lower, upper: r.upper, statistic: r.statistic, items: r.items, units: r.units, moved: r.moved.slice(0, 20).map((m) => m.segmentId) });
    const { title, body } = driftMessage(r, (id) => names.get(id) ?? id);
    // the flag, its notifications and its audit row together: a flag is never open without them
    const notified = await db.$transaction(async (tx) => {
      const fresh = await tx.$queryRawUnsafe<{ id: string }[]>(
        `INSERT INTO "DriftFlag" (id, "projectId", field, annotator, open, detail, "openedAt")
         VALUES (gen_random_uuid()::text, $1, $2, $3, true, $4::jsonb, now())
         ON CONFLICT ("projectId", field, annotator) DO UPDATE SET open = true, detail = EXCLUDED.detail, "openedAt" = now(), "closedAt" = NULL
           WHERE NOT "DriftFlag".open
         RETURNING id`,
        projectId,
        flagFieldOf(r),
        r.annotator,
        detail,
      );
      if (fresh.length === 0) return false;
      const managers = await tx.projectMember.findMany({ where: { projectId, role: "MANAGER" }, select: { userId: true } });
      await notifyUsers(tx, { projectId, userIds: [...new Set(managers.map((m) => m.userId))], kind: "drift", title, body, href: `/projects/${slug}/dashboard#drift` });
      await tx.auditLog.create({ data: { projectId, userId: null, action: "drift.flag", detail: JSON.parse(detail) as object } });
      return true;
    });
    if (!notified) continue;
    opened.push(r);
    console.log(`[drift] project ${slug}: ${body}`);
  }
  // flags of annotators with a figure back at or above the interval's lower bound close
  const inside = rows.filter((r) => !r.flagged && r.value !== null && r.lower !== null);
  let closed = 0;
  if (inside.length) {
    const res = await pool.query(
      `UPDATE "DriftFlag" f SET open = false, "closedAt" = now()
       FROM unnest($2::text[], $3::text[]) AS x(field, annotator)
       WHERE f."projectId" = $1 AND f.open AND f.field = x.field AND f.annotator = x.annotator`,
      [projectId, inside.map(flagFieldOf), inside.map((r) => r.annotator)],
    );
    closed = res.rowCount ?? 0;
    if (closed) console.log(`[drift] project ${slug}: ${closed} flag${closed === 1 ? "" : "s"} closed (back inside the panel's interval)`);
  }
  await pool.query(
    `INSERT INTO "DriftSetting" ("projectId", "checkedAt", "updatedAt") VALUES ($1, now(), now())
     ON CONFLICT ("projectId") DO UPDATE SET "checkedAt" = now()`,
    [projectId],
  );
  return { rows, opened, closed };
}

/**
 * Counts one submission of the project; true when it is the DRIFT_CHECK_EVERY-th since the last
 * background check (the counter is reset by the same statement, so one caller wins).
 */
export async function noteSubmission(pool: pg.Pool, projectId: string): Promise<boolean> {
  const { rows } = await pool.query<{ due: boolean }>(
    `INSERT INTO "DriftSetting" ("projectId", "pendingSubmissions", "updatedAt") VALUES ($1, 1, now())
     ON CONFLICT ("projectId") DO UPDATE SET "pendingSubmissions" =
       CASE WHEN "DriftSetting"."pendingSubmissions" + 1 >= $2 THEN 0 ELSE "DriftSetting"."pendingSubmissions" + 1 END
     RETURNING "pendingSubmissions" = 0 AS due`,
    [projectId, DRIFT_CHECK_EVERY],
  );
  return rows[0]?.due ?? false;
}

/** After a submit: counts it and, every DRIFT_CHECK_EVERY submits, runs the check in the background (errors logged, never thrown). */
export function driftAfterSubmit(db: Db, pool: pg.Pool, projectId: string, slug: string): void {
  void noteSubmission(pool, projectId)
    .then((due) => (due ? checkDrift(db, pool, projectId, slug) : null))
    .catch((e: unknown) => console.error(`[drift] project ${slug}: the check after a submit failed`, e));
}
