// Imported automatic metric scores of a project (issue 19 point 2), read for the score tables:
// translation id → metric → value, and the metric names in the order they were first imported.
// Read on every score-table request (not through the report cache): a few values per translation,
// one indexed query, and absent for most projects.
import type { Pool } from "pg";
import type { TMetricScoreInput } from "@/lib/reports/analyses/paper/score-tables";

export async function getMetricScores(pool: Pool, projectId: string): Promise<TMetricScoreInput | undefined> {
  const { rows } = await pool.query<{ translationId: string; metric: string; value: number }>(
    `SELECT "translationId", metric, value FROM "MetricScore" WHERE "projectId" = $1 ORDER BY "updatedAt", metric, "translationId"`,
    [projectId],
  );
  if (rows.length === 0) return undefined;
  const metrics: string[] = [];
  const byTranslation = new Map<string, Record<string, number>>();
  for (const r of rows) {
    if (!metrics.includes(r.metric)) metrics.push(r.metric);
    const m = byTranslation.get(r.translationId) ?? {};
    m[r.metric] = r.value;
    byTranslation.set(r.translationId, m);
  }
  return { metrics, byTranslation };
}
