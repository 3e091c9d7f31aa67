// The caller's assignment for one item: active time, submit (server-side completeness check, so a
// crafted request cannot mark an incomplete item done; a spans field submitted with nothing marked
// is stored as the empty list, issue 30.3), skip and reopen.
//
// Submitted (DONE) and skipped items are closed: every annotator write is refused until the item
// is reopened (lib/db/workspace/item-write-guard.ts). Reopen is an explicit action, recorded in AuditLog
// (action "assignment.reopen": who, when, which item, from which status); it never
// unlocks a value an adjudication decided (the write guard refuses those whatever the status).
//
// Active time (issue 13.23): a report is credited at most the wall-clock time since the server
// accepted the previous report of the same assignment (lastTimeReportAt, the database's clock),
// and at most MAX_TIME_REPORT_MS. The first report only sets that baseline (the workspace sends an
// empty report when it opens an item). So however many reports arrive, the time credited never
// exceeds the wall time that passed between them. No slack is added per report: slack would add
// up over rapid reports; an honest client loses at most the network jitter of each report.
// Across items the annotator's own clock bounds the sum too (lib/db/workspace/time-clock.ts,
// issue 27 point 9): parallel reports on many open items split the wall time, never multiply it.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { findSchemeMissing, type TSchemeSlot } from "@/lib/schemes/language/scheme-completeness";
import { unmarkedSpanSlots } from "@/lib/schemes/language/unmarked-span-slots";
import { AppError } from "@/lib/errors";
import type { TProjectSettings } from "@/lib/schemes/scheme-config";
import type { TAssignmentAction } from "@/lib/workspace/api-types";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { plainValues, schemeCompletenessItem, schemeItemValues } from "@/lib/workspace/scheme-item-values";
import { itemClosedError, OPEN_STATUSES } from "@/lib/db/workspace/item-write-guard";
import { claimActiveTimeBudget } from "@/lib/db/workspace/time-clock";
import { assertQualificationAllows, scoreGoldItemOnSubmit } from "@/lib/db/gold-checks/qualification";
import { addRaterWhereDisagreeing } from "@/lib/db/assignments/adaptive-redundancy";

export interface TAssignmentResult {
  status: string;
  timeSpentMs: number;
}

/** The most one report can add (the client reports every 30 s; this also bounds a first report after a long gap). */
export const MAX_TIME_REPORT_MS = 600_000;

/**
 * SQL: the credit of a report of $2 ms on the row being updated: at most the wall time since the
 * last accepted report (0 when there was none), at most MAX_TIME_REPORT_MS, at most $3 (the
 * annotator's budget: claimActiveTimeBudget). Timestamps are UTC without time zone, as Prisma
 * stores them.
 */
const CREDIT = `LEAST($2::bigint, ${MAX_TIME_REPORT_MS}, FLOOR($3::float8)::bigint, COALESCE(GREATEST(0, FLOOR(EXTRACT(EPOCH FROM ((clock_timestamp() AT TIME ZONE 'UTC') - "lastTimeReportAt")) * 1000))::bigint, 0))::int`;

type TRow = { status: string; timeSpentMs: number };

/**
 * The empty list for each spans field submitted with nothing marked (unmarked-span-slots.ts), with
 * its History row, inside the submit's transaction (the assignment row is locked, so no save races
 * it; ON CONFLICT keeps a value that exists after all).
 */
async function storeEmptySpans(db: Db, o: { projectId: string; annotatorId: string; segmentId: string; schemeVersion: number; slots: readonly TSchemeSlot[] }): Promise<void> {
  if (o.slots.length === 0) return;
  const ids = o.slots.map(() => randomUUID());
  await db.$executeRawUnsafe(
    `WITH ins AS (
       INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value, version, "schemeVersion", "updatedAt")
       SELECT u.id, $1, $2, $3, u.tr, u.mrw, u.key, u.field, '[]'::jsonb, 1, $4::int, now()
       FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS u(id, tr, mrw, key, field)
       ON CONFLICT ("annotatorId", "segmentId", "itemKey", field) DO NOTHING
       RETURNING id, version, value)
     INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
     SELECT gen_random_uuid()::text, $1, $2, 'ANNOTATION', ins.id, ins.version, NULL, ins.value FROM ins`,
    o.projectId,
    o.annotatorId,
    o.segmentId,
    o.schemeVersion,
    ids,
    o.slots.map((s) => s.unit.translationId),
    o.slots.map((s) => s.unit.mrwId),
    o.slots.map((s) => s.unit.itemKey),
    o.slots.map((s) => s.field.id),
  );
}

export async function applyAssignmentAction(
  db: Db,
  opts: {
    project: { id: string; slug: string; sourceLang: string; targetLang: string };
    config: TProjectSettings;
    annotatorId: string;
    segmentId: string;
    action: TAssignmentAction;
    /** the project's runtime (lib/db/projects/project-schemes.ts getProjectRuntime): a submit checks completeness against it; time reports need none */
    runtime?: TSchemeRuntime;
  },
): Promise<TAssignmentResult> {
  // The segment may be addressed by id or external id (stable links); the project bounds both.
  const a = await db.assignment.findFirst({
    where: { projectId: opts.project.id, annotatorId: opts.annotatorId, segment: { OR: [{ id: opts.segmentId }, { externalId: opts.segmentId }] } },
    select: { id: true, status: true, segmentId: true },
  });
  if (!a) throw new AppError("NOT_FOUND", "This item is not in your queue.");
  await assertQualificationAllows(db, opts.project.id, opts.annotatorId, a.segmentId);
  const act = opts.action;
  switch (act.action) {
    case "time": {
      // One UPDATE: concurrent reports serialise on the row lock, and each reads the time of the
      // one before it. Closed items take no time (the workspace shows them read-only).
      const budgetMs = await claimActiveTimeBudget(db, opts.annotatorId, act.activeMs);
      const rows = await db.$queryRawUnsafe<TRow[]>(
        `UPDATE "Assignment" SET
           "timeSpentMs" = "timeSpentMs" + ${CREDIT},
           "lastTimeReportAt" = clock_timestamp() AT TIME ZONE 'UTC',
           status = CASE WHEN status = 'TODO' AND $2 > 0 THEN 'IN_PROGRESS'::"AssignmentStatus" ELSE status END,
           "startedAt" = CASE WHEN "startedAt" IS NULL AND $2 > 0 THEN now() AT TIME ZONE 'UTC' ELSE "startedAt" END,
           "updatedAt" = now() AT TIME ZONE 'UTC'
         WHERE id = $1 AND status IN ('TODO', 'IN_PROGRESS')
         RETURNING status::text AS status, "timeSpentMs"`,
        a.id,
        act.activeMs,
        budgetMs,
      );
      if (rows[0]) return rows[0];
      throw itemClosedError(await statusOf(db, a.id));
    }
    case "submit":
      // Lock the row first (FOR UPDATE): saves in flight finish before the completeness check
      // reads the item, and saves arriving later wait and then find DONE (item-write-guard.ts).
      return db.$transaction(
        async (tx) => {
          const locked = await tx.$queryRaw<{ status: string }[]>`SELECT status::text AS status FROM "Assignment" WHERE id = ${a.id} FOR UPDATE`;
          const status = locked[0]?.status;
          if (!status) throw new AppError("NOT_FOUND", "This item is not in your queue.");
          if (!(OPEN_STATUSES as readonly string[]).includes(status)) throw itemClosedError(status);
          // the stored definition's completeness rule over the caller's values
          const runtime = opts.runtime;
          if (!runtime) throw new AppError("UNPROCESSABLE", "A submit is checked against the project's scheme: pass its runtime.");
          const item = await getSchemeWorkspaceItem(tx as unknown as Db, { project: opts.project, config: opts.config, annotatorId: opts.annotatorId, segmentKey: a.segmentId, runtime });
          const values = plainValues(schemeItemValues(item));
          const missing = findSchemeMissing(runtime.definition, schemeCompletenessItem(item), values);
          if (missing.length === 0) {
            const unmarked = unmarkedSpanSlots(runtime.definition, schemeCompletenessItem(item), values);
            await storeEmptySpans(tx as unknown as Db, { projectId: opts.project.id, annotatorId: opts.annotatorId, segmentId: a.segmentId, schemeVersion: runtime.version, slots: unmarked });
          }
          if (missing.length > 0) {
            throw new AppError("UNPROCESSABLE", `${missing.length} required value${missing.length === 1 ? " is" : "s are"} missing or invalid: ${missing[0].message}.`, {
              missing,
            });
          }
          const budgetMs = await claimActiveTimeBudget(tx, opts.annotatorId, act.activeMs);
          const rows = await tx.$queryRawUnsafe<TRow[]>(
            `UPDATE "Assignment" SET
               "timeSpentMs" = "timeSpentMs" + ${CREDIT},
               "lastTimeReportAt" = clock_timestamp() AT TIME ZONE 'UTC',
               status = 'DONE', "completedAt" = clock_timestamp() AT TIME ZONE 'UTC',
               "startedAt" = COALESCE("startedAt", now() AT TIME ZONE 'UTC'),
               "updatedAt" = now() AT TIME ZONE 'UTC'
             WHERE id = $1
             RETURNING status::text AS status, "timeSpentMs"`,
            a.id,
            act.activeMs,
            budgetMs,
          );
          // a hidden gold check's answers are scored; the last qualification item scores the attempt
          await scoreGoldItemOnSubmit(tx, { projectId: opts.project.id, annotatorId: opts.annotatorId, segmentId: a.segmentId, definition: runtime.definition });
          // adaptive redundancy (issue 31.3): one more rater where this submit completes a disagreeing item
          await addRaterWhereDisagreeing(tx as unknown as Db, { projectId: opts.project.id, segmentId: a.segmentId, definition: runtime.definition, actorId: opts.annotatorId });
          return rows[0];
        },
        { timeout: 20_000 },
      );
    case "skip": {
      // a qualification is scored once every item of it is submitted: none of it is skipped
      if ((await db.goldItem.findUnique({ where: { segmentId: a.segmentId }, select: { role: true } }))?.role === "QUALIFICATION") {
        throw new AppError("CONFLICT", "A qualification item cannot be skipped: the main queue opens once every one is submitted.");
      }
      const rows = await db.$queryRaw<TRow[]>`
        UPDATE "Assignment" SET status = 'SKIPPED', "updatedAt" = now() AT TIME ZONE 'UTC'
        WHERE id = ${a.id} AND status IN ('TODO', 'IN_PROGRESS')
        RETURNING status::text AS status, "timeSpentMs"`;
      if (rows[0]) return rows[0];
      throw itemClosedError(await statusOf(db, a.id));
    }
    case "reopen":
      return db.$transaction(async (tx) => {
        const before = await tx.$queryRaw<{ status: string }[]>`SELECT status::text AS status FROM "Assignment" WHERE id = ${a.id} FOR UPDATE`;
        const from = before[0]?.status;
        // Reopening an open item changes nothing and logs nothing.
        if (!from || (OPEN_STATUSES as readonly string[]).includes(from)) return tx.assignment.findUniqueOrThrow({ where: { id: a.id }, select: { status: true, timeSpentMs: true } });
        // a scored qualification item reopens only with a new attempt (startNewQualificationAttempt)
        if ((await tx.goldItem.findUnique({ where: { segmentId: a.segmentId }, select: { role: true } }))?.role === "QUALIFICATION") {
          throw new AppError("CONFLICT", "A qualification item reopens with a new attempt, from your queue.");
        }
        // the reopen is the new time baseline: the time the item sat closed is not work
        const [row] = await tx.$queryRaw<TRow[]>`
          UPDATE "Assignment" SET status = 'IN_PROGRESS', "completedAt" = NULL,
            "lastTimeReportAt" = clock_timestamp() AT TIME ZONE 'UTC', "updatedAt" = now() AT TIME ZONE 'UTC'
          WHERE id = ${a.id}
          RETURNING status::text AS status, "timeSpentMs"`;
        await tx.auditLog.create({
          data: { projectId: opts.project.id, userId: opts.annotatorId, action: "assignment.reopen", detail: { assignmentId: a.id, segmentId: a.segmentId, from } },
        });
        return row;
      });
  }
}

async function statusOf(db: Db, id: string): Promise<string> {
  return (await db.assignment.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
}
