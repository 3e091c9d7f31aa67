// What drift (lib/reports/drift.ts) reads: the report pipeline's cached value rows (every split and
// target language: a unit is one translation, item or MRW, compared within itself) and when each
// annotator submitted each item (Assignment.completedAt of DONE assignments; an imported
// completion without a time, its updatedAt). The figures are kept by the report data's version
// on the data object: Assignment writes append ReportChange rows, so a submit makes a new version and a
// dashboard view with nothing changed computes nothing (kept on the data object, as lib/reports/version-memo.ts keeps reports).
import type pg from "pg";
import type { Db } from "@/lib/db/client";
import { getSchemeReportDataCached } from "@/lib/db/reports/scheme-report-data-cache";
import { DEFAULT_DRIFT_WINDOW, driftFields, schemeDrift, type TDriftRow, type TDriftSubmission } from "@/lib/reports/drift";
import { goldCheckDrift, type TGoldCheckAnswerRow } from "@/lib/reports/drift-gold-checks";
import { measurementLevelOf, type TMeasurementLevel } from "@/lib/schemes/language/measurement-level";
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

/** The project's answers to hidden gold checks (a resubmission replaced the earlier answer). */
export async function getGoldCheckAnswers(pool: pg.Pool, projectId: string): Promise<TGoldCheckAnswerRow[]> {
  const { rows } = await pool.query<{ annotator: string; segmentId: string; field: string; unit: string; correct: boolean; at: string }>(
    `SELECT u.email AS annotator, g."segmentId", g.field, g."itemKey" AS unit, g.correct, (extract(epoch FROM g."answeredAt") * 1000)::float8 AS at
     FROM "GoldCheckAnswer" g JOIN "User" u ON u.id = g."annotatorId"
     WHERE g."projectId" = $1`,
    [projectId],
  );
  return rows.map((r) => ({ ...r, at: Number(r.at) }));
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

/** Each field's measurement level (a gold-check row names it; a field without one is scored right or wrong all the same). */
function fieldLevels(definition: TSchemeDefinition): Map<string, TMeasurementLevel> {
  const out = new Map<string, TMeasurementLevel>(driftFields(definition).map((f) => [f.id, f.level]));
  for (const f of definition.fields) {
    const level = measurementLevelOf(f);
    if (level && !out.has(f.id)) out.set(f.id, level);
  }
  return out;
}

/** Every annotator's drift rows: the covered fields' agreement with the panel (lib/reports/drift.ts) and accuracy on gold checks (lib/reports/drift-gold-checks.ts). */
export async function getProjectDrift(pool: pg.Pool, projectId: string, runtime: { version: number; definition: TSchemeDefinition }, window: number): Promise<readonly TDriftRow[]> {
  const data = await getSchemeReportDataCached(pool, projectId, runtime);
  let byKey = kept.get(data);
  if (!byKey) kept.set(data, (byKey = new Map()));
  const key = JSON.stringify([projectId, runtime.version, window]);
  let rows = byKey.get(key);
  if (!rows) {
    // a submit writes its gold-check answers with its Assignment row, so the data's version covers them
    rows = Promise.all([getDriftSubmissions(pool, projectId), getGoldCheckAnswers(pool, projectId)]).then(([submissions, answers]) =>
      Object.freeze([...schemeDrift(runtime.definition, data.values, submissions, { window, unitTexts: data.unitTexts }), ...goldCheckDrift(answers, fieldLevels(runtime.definition), { window })]),
    );
    byKey.set(key, rows);
    rows.catch(() => byKey.delete(key));
  }
  return rows;
}
