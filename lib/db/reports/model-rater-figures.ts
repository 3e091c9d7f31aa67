// Models beside the annotators in the agreement figures (issue 15 point 5): each model's accuracy
// against gold and, for BIO tags fields, its precision/recall/F1 (lib/reports/model-gold-figures.ts),
// over its latest successful suggestion per unit (lib/db/models/latest-suggestions.ts), with the filters
// the annotators' figures use (split, systems, fields). Under the scheme runtime the gold is what
// the field declares (the item's value, or the adjudicated one), read from the same cached report
// data as the annotators' accuracy; under the built-in runtime it is the adjudicated value, and
// the figures say "mmte" or "metahope" as the built-in ones do.
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { latestModelSuggestions } from "@/lib/db/models/latest-suggestions";
import { getSchemeReportDataCached } from "@/lib/db/reports/scheme-report-data-cache";
import type { TAgreementFigure } from "@/lib/reports/agreement-figure";
import { modelGoldFigures } from "@/lib/reports/model-gold-figures";
import { goldMaps } from "@/lib/reports/scheme-report";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";

const INCLUDES = "each model's latest successful suggestion per unit (failed units are missing, not wrong)";

export async function getModelRaterFigures(
  db: Db,
  pool: Pool,
  projectId: string,
  runtime: TSchemeRuntime,
  /** language: one target language's units (scheme runtime; lib/reports/scheme-report-language.ts) */
  opts: { split?: "PILOT" | "TEST"; systems?: string[]; fields?: string[]; language?: string } = {},
): Promise<TAgreementFigure[]> {
  const suggestions = await latestModelSuggestions(pool, projectId, { split: opts.split, systems: opts.systems, language: opts.language });
  if (!suggestions.length) return [];
  const rows = suggestions.map((s) => ({ field: s.field, system: s.system, unit: s.unit, annotator: s.rater, value: s.value }));
  const wanted = (f: TAgreementFigure) => !opts.fields?.length || opts.fields.includes(f.field);
  const data = await getSchemeReportDataCached(pool, projectId, runtime, { split: opts.split, systems: opts.systems, language: opts.language });
  return modelGoldFigures(runtime.definition, rows, goldMaps(data)).filter(wanted).map((f) => ({ ...f, includes: INCLUDES }));
}
