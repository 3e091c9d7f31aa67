// The target languages a project's report is split by: those its translations are in, in the
// project's order (Project.targetLangs, the primary first), then any other in name order. A
// project with one (or none) gives one report; with several, every report is one language's
// (lib/reports/scheme-report-language.ts), as the built-in reports are (report-input.ts,
// TReportFilter.language). One index scan over the project's segments' translations.
import type { Pool } from "pg";
import { projectTargetLangs } from "@/lib/projects/target-languages";

export async function getReportLanguages(pool: Pool, projectId: string): Promise<string[]> {
  const [present, project] = await Promise.all([
    pool.query<{ language: string }>(
      `SELECT DISTINCT t.language FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" WHERE s."projectId" = $1`,
      [projectId],
    ),
    pool.query<{ targetLang: string; targetLangs: string[] | null }>(`SELECT "targetLang", "targetLangs" FROM "Project" WHERE id = $1`, [projectId]),
  ]);
  const langs = new Set(present.rows.map((r) => r.language));
  const listed = project.rows[0] ? projectTargetLangs(project.rows[0]) : [];
  return [...listed.filter((l) => langs.has(l)), ...[...langs].filter((l) => !listed.includes(l)).sort()];
}
