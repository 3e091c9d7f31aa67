// The annotators' tendencies over the whole project (lib/adjudication/annotator-tendency.ts) for the
// adjudication item page: read from the report pipeline's cached value rows (every target language,
// every split) and kept by their version, so paging through items computes them once per change.
import type pg from "pg";
import { annotatorTendency, tendencyFields, type TAnnotatorTendency } from "@/lib/adjudication/annotator-tendency";
import { getSchemeReportDataCached } from "@/lib/db/reports/scheme-report-data-cache";
import { memoByVersion } from "@/lib/reports/version-memo";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

/** Tendencies of the annotators named (by email); empty when the scheme has no scale nor weighted spans field. */
export async function getAnnotatorTendency(pool: pg.Pool, projectId: string, runtime: { version: number; definition: TSchemeDefinition }, emails: readonly string[]): Promise<TAnnotatorTendency[]> {
  const { scales, spans } = tendencyFields(runtime.definition);
  if (scales.size === 0 && spans.size === 0) return [];
  const data = await getSchemeReportDataCached(pool, projectId, runtime);
  const all = memoByVersion(data, ["annotator-tendency", projectId, runtime.version], null, () => {
    const annotators = [...new Set(data.values.map((v) => v.annotator))].sort();
    return { rows: annotatorTendency(runtime.definition, data.values, annotators) };
  });
  const wanted = new Set(emails);
  return all.rows.filter((r) => wanted.has(r.annotator));
}
