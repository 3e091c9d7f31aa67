// What drift (lib/reports/drift.ts) reads: the report pipeline's cached value rows (every split and
// target language: a unit is one translation, item or MRW, compared within itself) and when each
// annotator submitted each item (Assignment.completedAt of DONE assignments; an imported
// completion without a time, its updatedAt). The figures are kept by the report data's version
// on the data object: Assignment writes append ReportChange rows, so a submit makes a new version and a
// dashboard view with nothing changed computes nothing (kept on the data object, as lib/reports/version-memo.ts keeps reports).
import type pg from "pg";
import type { Db } from "@/lib/db/client";
import { getSchemeReportDataCached } from "@/lib/db/reports/scheme-report-data-cache";
import { DEFAULT_DRIFT_WINDOW, schemeDrift, type TDriftRow, type TDriftSubmission } from "@/lib/reports/drift";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

/** The submitted items of a project's annotators, with when (ms since the epoch). */
export async function getDriftSubmissions(pool: pg.Pool, projectId: string): Promise<TDriftSubmission[]> {
  const { rows } = await pool.query<{ annotator: string; segmentId: string; at: string }>(
    `SELECT u.email AS annotator, a."segmentId", (extract(epoch FROM coalesce(a."completedAt", a."updatedAt")) * 1000)::float8 AS at
     FROM "Assignment" a JOIN "User" u ON u.id = a."annotatorId"
     WHERE a."projectId" = $1 AND a.status = 'DONE'`,
    [projectId],
  );
  return rows.map((r) => ({ annotator: r.annotator, segmentId: r.segmentId, at: Number(r.at) }));
}

/** The lead's window (items), the default when never set. */
export async function getDriftWindow(db: Db, projectId: string): Promise<number> {
  const s = await db.driftSetting.findUnique({ where: { projectId }, select: { window: true } });
  return s?.window ?? DEFAULT_DRIFT_WINDOW;
}

export const DRIFT_WINDOW_RANGE = { min: 5, max: 1000 } as const;

export async function setDriftWindow(db: Db, projectId: string, window: number, actorId: string | null): Promise<void> {
  if (!Number.isInteger(window) || window < DRIFT_WINDOW_RANGE.min || window > DRIFT_WINDOW_RANGE.max) {
    throw new Error(`drift window: ${window} is not a whole number of items from ${DRIFT_WINDOW_RANGE.min} to ${DRIFT_WINDOW_RANGE.max}`);
  }
  await db.$transaction([
    db.driftSetting.upsert({ where: { projectId }, create: { projectId, window }, update: { window } }),
    db.auditLog.create({ data: { projectId, userId: actorId, action: "drift.window", detail: { window } } }),
  ]);
}

/**
 * Figures kept per report data object (a new object after any change, lib/db/reports/scheme-report-data-cache.ts),
 * as memoByVersion keeps the dashboard's; a promise, since the submissions are read only on a miss.
 */
const kept = new WeakMap<object, Map<string, Promise<readonly TDriftRow[]>>>();

/** Every annotator's drift rows for the project's covered fields (see lib/reports/drift.ts). */
export async function getProjectDrift(pool: pg.Pool, projectId: string, runtime: { version: number; definition: TSchemeDefinition }, window: number): Promise<readonly TDriftRow[]> {
  const data = await getSchemeReportDataCached(pool, projectId, runtime);
  let byKey = kept.get(data);
  if (!byKey) kept.set(data, (byKey = new Map()));
  const key = JSON.stringify([projectId, runtime.version, window]);
  let rows = byKey.get(key);
  if (!rows) {
    rows = getDriftSubmissions(pool, projectId).then((submissions) => Object.freeze(schemeDrift(runtime.definition, data.values, submissions, { window })));
    byKey.set(key, rows);
    rows.catch(() => byKey.delete(key));
  }
  return rows;
}
