// Models beside the annotators in the agreement figures (issue 15 point 5): each model's accuracy
// against gold and, for BIO tags fields, its precision/recall/F1 (lib/reports/model-gold-figures.ts),
// over its latest successful suggestion per unit (lib/db/latest-suggestions.ts), with the filters
// the annotators' figures use (split, systems, fields). Under the scheme runtime the gold is what
// the field declares (the item's value, or the adjudicated one), read from the same cached report
// data as the annotators' accuracy; under the built-in runtime it is the adjudicated value, and
// the figures say "mmte" or "metahope" as the built-in ones do.
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { latestModelSuggestions } from "@/lib/db/latest-suggestions";
import { getSchemeReportDataCached } from "@/lib/db/scheme-report-data-cache";
import { getSuggestScheme } from "@/lib/db/suggest-scheme";
import type { TAgreementFigure } from "@/lib/reports/agreement-figure";
import { modelGoldFigures } from "@/lib/reports/model-gold-figures";
import { goldMaps } from "@/lib/reports/scheme-report";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";

const INCLUDES = "each model's latest successful suggestion per unit (failed units are missing, not wrong)";
const MMTE_FIELDS = new Set(MMTE_PRESET.fields.map((f) => f.id));

export async function getModelRaterFigures(
  db: Db,
  pool: Pool,
  projectId: string,
  runtime: TSchemeRuntime,
  /** language: one target language's units (scheme runtime; lib/reports/scheme-report-language.ts) */
  opts: { split?: "PILOT" | "TEST"; systems?: string[]; fields?: string[]; language?: string } = {},
): Promise<TAgreementFigure[]> {
  const suggestions = await latestModelSuggestions(pool, projectId, { split: opts.split, systems: opts.systems, language: runtime.kind === "scheme" ? opts.language : undefined });
  if (!suggestions.length) return [];
  const rows = suggestions.map((s) => ({ field: s.field, system: s.system, unit: s.unit, annotator: s.rater, value: s.value }));
  const wanted = (f: TAgreementFigure) => !opts.fields?.length || opts.fields.includes(f.field);
  if (runtime.kind === "scheme") {
    const data = await getSchemeReportDataCached(pool, projectId, runtime, { split: opts.split, systems: opts.systems, language: opts.language });
    return modelGoldFigures(runtime.definition, rows, goldMaps(data)).filter(wanted).map((f) => ({ ...f, includes: INCLUDES }));
  }
  // the built-in runtime: the adjudicated value is every field's gold
  const preset = await getSuggestScheme(db, projectId);
  const def: TSchemeDefinition = { ...preset, fields: preset.fields.map((f) => ({ ...f, gold: { from: "adjudication" as const } })) };
  const fields = [...new Set(rows.map((r) => r.field))];
  const adjudicated = await pool.query<{ field: string; unit: string; value: unknown }>(
    `SELECT a.field, a."segmentId" || '|' || a."itemKey" AS unit, a.value FROM "Adjudication" a JOIN "Segment" s ON s.id = a."segmentId"
      WHERE a."projectId" = $1 AND a.field = ANY($2::text[]) AND ($3::text IS NULL OR s.split::text = $3)`,
    [projectId, fields, opts.split ?? null],
  );
  return modelGoldFigures(def, rows, goldMaps({ itemGold: [], adjudicatedGold: adjudicated.rows }))
    .filter(wanted)
    .map((f) => ({ ...f, scheme: MMTE_FIELDS.has(f.field) ? "mmte" : "metahope", includes: INCLUDES }));
}
