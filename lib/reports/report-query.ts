/**
 * Report options from URL query parameters (dashboard page and report API),
 * parsed with zod so a bad parameter is a 400 naming it. Lists are
 * comma-separated (`systems=GoogleMT,GPT-5.4`); booleans are 1/0.
 */
import { z } from "zod";
import { AGREEMENT_CONVENTIONS } from "./agreement-conventions";

const list = z
  .string()
  .optional()
  .transform((s) => (s ? s.split(",").map((x) => x.trim()).filter(Boolean) : undefined));
const flag = (dflt: boolean) =>
  z
    .enum(["1", "0", "true", "false"])
    .optional()
    .transform((s) => (s === undefined ? dflt : s === "1" || s === "true"));

export const ZReportQuery = z.object({
  format: z.enum(["json", "csv"]).default("json"),
  split: z.enum(["PILOT", "TEST"]).optional(),
  systems: list,
  /** one target language of a project with several (its translations only) */
  language: z.string().trim().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, "a language code such as zh, it").optional(),
  fields: list,
  schemes: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(",").map((x) => x.trim()) : undefined))
    .pipe(z.array(z.enum(["metahope", "mmte"])).optional()),
  /** bootstrap 95% intervals (figures) */
  ci: flag(false),
  iterations: z.coerce.number().int().min(10).max(10_000).default(1000),
  convention: z.enum(AGREEMENT_CONVENTIONS.map((c) => c.id) as [string, ...string[]]).default(AGREEMENT_CONVENTIONS[0].id),
  aggregation: z.enum(["mean", "majority"]).default("mean"),
  adjudicated: flag(true),
  annotator: z.string().trim().min(1).optional(),
  eps: z.enum(["all", "sentence-level"]).default("all"),
  sentences: z.coerce.number().int().positive().optional(),
  gold: z.enum(["figurative-first", "figurative", "literal", "reference"]).default("figurative-first"),
});
export type TReportQuery = z.output<typeof ZReportQuery>;

/**
 * A repeated key takes its last value (a form's hidden "0" followed by a ticked checkbox's "1");
 * repeated `system=` keys (the dashboard's checkboxes) join into `systems`.
 */
export function parseReportQuery(params: URLSearchParams | Record<string, string | string[] | undefined>): TReportQuery {
  const pairs: [string, string][] =
    params instanceof URLSearchParams
      ? [...params.entries()]
      : Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]]));
  const entries: Record<string, string> = {};
  const systems: string[] = [];
  for (const [k, v] of pairs) {
    if (v === "") continue;
    if (k === "system") systems.push(v);
    else entries[k] = v;
  }
  if (systems.length) entries.systems = [entries.systems, ...systems].filter(Boolean).join(",");
  return ZReportQuery.parse(entries);
}

export function agreementOptionsOf(q: TReportQuery) {
  return {
    split: q.split,
    systems: q.systems,
    language: q.language,
    fields: q.fields,
    schemes: q.schemes,
    bootstrap: q.ci ? { iterations: q.iterations, seed: 1, maxUnits: 5000 } : undefined,
  };
}

export function scoreOptionsOf(q: TReportQuery) {
  return {
    split: q.split,
    systems: q.systems,
    language: q.language,
    aggregation: q.aggregation,
    useAdjudications: q.adjudicated,
    annotator: q.annotator,
    epsScope: q.eps,
    sentences: q.sentences,
    goldKind: q.gold,
  };
}

/**
 * The dashboard's options in an address (its links keep them: language pairs, downloads, the
 * field detail), as the built-in dashboard wrote them: the chosen values, the convention included.
 */
export function reportQueryString(q: TReportQuery, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  if (q.split) p.set("split", q.split);
  if (q.systems?.length) p.set("systems", q.systems.join(","));
  if (q.language) p.set("language", q.language);
  p.set("convention", q.convention);
  p.set("aggregation", q.aggregation);
  p.set("adjudicated", q.adjudicated ? "1" : "0");
  if (q.annotator) p.set("annotator", q.annotator);
  p.set("eps", q.eps);
  if (q.sentences) p.set("sentences", String(q.sentences));
  if (q.ci) p.set("ci", "1");
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return p.toString();
}
