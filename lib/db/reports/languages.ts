// The target languages a project's report is split by: those its translations are in, in the
// project's order (Project.targetLangs, the primary first), then any other in name order. A
// project with one (or none) gives one report; with several, every report is one language's
// (lib/reports/scheme-report-language.ts), as the built-in reports are (report-input.ts,
// TReportFilter.language).
//
// Read on every report, so the languages present are kept per project while nothing the reports
// read changed (the report caches' check, lib/db/reports/report-data-cache.ts changedSince: Translation
// writes append ReportChange rows): a view then costs one small index scan instead of a pass over
// the project's translations. The project's own order is read every time (one row by key: a
// reordering of its languages appends no ReportChange row). TROPOS_REPORT_CACHE=off reads all.
import type { Pool } from "pg";
import { changedSince, reportCacheEnabled, snapshotNow } from "@/lib/db/reports/report-data-cache";
import { projectTargetLangs } from "@/lib/projects/target-languages";

const MAX_ENTRIES = 64;
const caches = new WeakMap<Pool, Map<string, { snapshot: string; present: string[] }>>();

async function readPresent(pool: Pool, projectId: string): Promise<string[]> {
  const r = await pool.query<{ language: string }>(`SELECT DISTINCT t.language FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" WHERE s."projectId" = $1`, [projectId]);
  return r.rows.map((x) => x.language);
}

/** The languages the project's translations are in, kept while unchanged. */
async function presentLanguages(pool: Pool, projectId: string): Promise<string[]> {
  if (!reportCacheEnabled()) return readPresent(pool, projectId);
  let cache = caches.get(pool);
  if (!cache) caches.set(pool, (cache = new Map()));
  const hit = cache.get(projectId);
  if (hit && !(await changedSince(pool, projectId, hit.snapshot))) return hit.present;
  const snapshot = await snapshotNow(pool);
  const present = await readPresent(pool, projectId);
  cache.delete(projectId);
  cache.set(projectId, { snapshot, present });
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return present;
}

export async function getReportLanguages(pool: Pool, projectId: string): Promise<string[]> {
  const [present, project] = await Promise.all([
    presentLanguages(pool, projectId),
    pool.query<{ targetLang: string; targetLangs: string[] | null }>(`SELECT "targetLang", "targetLangs" FROM "Project" WHERE id = $1`, [projectId]),
  ]);
  const langs = new Set(present);
  const listed = project.rows[0] ? projectTargetLangs(project.rows[0]) : [];
  return [...listed.filter((l) => langs.has(l)), ...[...langs].filter((l) => !listed.includes(l)).sort()];
}
