// The study planner of a project's field (issue 31 point 5): the field's values as the report reads
// them (lib/db/reports/scheme-report-data-cache.ts, the cached scheme report data: nothing read twice
// while the project is unchanged), coded into a ratings matrix as the field's pooled agreement
// figures are (schemeFieldRatings, lib/reports/scheme-agreement.ts), then resampled by
// lib/agreement/study-planner.ts. What `tropos plan` prints and POST …/reports/plan answers.
//
// The pilot: every value of the field, or those of one split (`split: "PILOT"` once the project has
// pilot/test splits); a project of several target languages one language at a time, the first
// unless asked (as the reports: lib/reports/scheme-report-language.ts).
import type { Pool } from "pg";
import { z } from "zod";
import { studyPlan, type TStudyPlan } from "@/lib/agreement/study-planner";
import type { Db } from "@/lib/db/client";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { getReportLanguages } from "@/lib/db/reports/languages";
import { getSchemeReportDataCached } from "@/lib/db/reports/scheme-report-data-cache";
import { AppError } from "@/lib/errors";
import { schemeFieldRatings } from "@/lib/reports/scheme-agreement";
import { schemeReportLanguage } from "@/lib/reports/scheme-report-language";
import { measurementLevelOf } from "@/lib/schemes/language/measurement-level";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

/** Resamples × Σ items × raters over the plan's cells: about a second of work per 10⁸ at most. */
export const STUDY_PLAN_MAX_DRAWS = 200_000_000;

const positiveList = (what: string, max: number, min = 1) =>
  z
    .array(z.number().int(`each number of ${what} must be a whole number`).min(min, `each number of ${what} must be at least ${min}`).max(max, `each number of ${what} must be at most ${max}`))
    .min(1, `give at least one number of ${what}`)
    .max(8, `give at most 8 numbers of ${what}`)
    .transform((xs) => [...new Set(xs)].sort((a, b) => a - b));

export const ZStudyPlanRequest = z
  .object({
    field: z.string().trim().min(1, "name a field"),
    items: positiveList("items", 100_000),
    raters: positiveList("raters", 20, 2),
    resamples: z.number().int().min(100, "at least 100 resamples").max(10_000, "at most 10,000 resamples").default(1000),
    seed: z.number().int().min(0).max(2 ** 31 - 1).default(1),
    split: z.enum(["PILOT", "TEST"]).optional(),
    language: z.string().trim().min(1).optional(),
  })
  .refine((r) => r.resamples * r.items.reduce((s, n) => s + n, 0) * r.raters.reduce((s, n) => s + n, 0) <= STUDY_PLAN_MAX_DRAWS, {
    message: `the plan is too large (resamples × Σ items × Σ raters above ${STUDY_PLAN_MAX_DRAWS.toLocaleString("en")}): fewer resamples or fewer, smaller designs`,
    path: ["resamples"],
  });
export type TStudyPlanRequest = z.input<typeof ZStudyPlanRequest>;

export interface TProjectStudyPlan extends TStudyPlan {
  field: string;
  /** what one unit of the field is (item, translation, token, …) */
  unit: string;
  split: "PILOT" | "TEST" | null;
  /** the target language the pilot is of (projects of several), else null */
  language: string | null;
}

/** The fields a plan can be made for: those with a measurement level (a vector's dimensions each), in the scheme's order. */
export function plannableFields(definition: TSchemeDefinition): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const f of definition.fields) {
    if (seen.has(f.id)) continue;
    seen.add(f.id);
    if (measurementLevelOf(f) === null) continue;
    if (f.kind === "vector") out.push(...f.dimensions.map((d) => `${f.id}.${d.id}`));
    else out.push(f.id);
  }
  return out;
}

/**
 * @throws AppError NOT_FOUND naming the plannable fields for a field the scheme lacks;
 *   UNPROCESSABLE for a field without a measurement level (text, edits) or without values of two annotators.
 */
export async function getProjectStudyPlan(db: Db, pool: Pool, projectId: string, request: TStudyPlanRequest): Promise<TProjectStudyPlan> {
  const req = ZStudyPlanRequest.parse(request);
  const runtime = await getProjectRuntime(db, projectId);
  const def = runtime.definition;
  const found = def.fields.find((f) => f.id === req.field);
  if (found && measurementLevelOf(found) === null) {
    throw new AppError("UNPROCESSABLE", `Field "${req.field}" (${found.kind}) has no measurement level: it is compared by edit distance, not by α or κ, so there is no interval to plan.`);
  }
  const languages = await getReportLanguages(pool, projectId);
  const language = schemeReportLanguage(languages, req.language);
  const data = await getSchemeReportDataCached(pool, projectId, runtime, { split: req.split, language });
  const pilot = schemeFieldRatings(def, data.values, req.field, { itemLists: data.itemLists, unitTexts: data.unitTexts });
  if (!pilot || pilot.level === null) {
    throw new AppError("NOT_FOUND", `The scheme has no field "${req.field}" to plan; fields with a measurement level: ${plannableFields(def).join(", ") || "none"}.`);
  }
  if (pilot.coders.length < 2) {
    throw new AppError("UNPROCESSABLE", `Field "${req.field}" has values of ${pilot.coders.length} annotator${pilot.coders.length === 1 ? "" : "s"}${req.split ? ` in the ${req.split.toLowerCase()} split` : ""}: a pilot needs at least two annotators on the same ${pilot.unit}s.`);
  }
  const plan = studyPlan(pilot.ratings, { level: pilot.level, items: req.items, raters: req.raters, resamples: req.resamples, seed: req.seed });
  return { ...plan, field: req.field, unit: pilot.unit, split: req.split ?? null, language: language ?? null };
}
