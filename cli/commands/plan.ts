// tropos plan --project <slug> --field <id> --items 200,500,1000 --raters 2,3 [--resamples 1000] [--seed 1] [--split pilot|test] [--language L] [--json]
import { z } from "zod";
import type { TPlannedInterval } from "@/lib/agreement/study-planner";
import { getProjectStudyPlan, ZStudyPlanRequest, type TProjectStudyPlan } from "@/lib/db/reports/study-plan";
import { isAppError } from "@/lib/errors";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";

export const PLAN_HELP = `Usage: tropos plan --project <slug> --field <id> --items 200,500,1000 --raters 2,3 [--resamples 1000] [--seed 1] [--split pilot|test] [--language L] [--json]

Study planner: from the annotations of a pilot, the expected width of the 95 % interval of
Krippendorff's α (and Fleiss' κ for a nominal field) for N items with r raters each. Each
(N, r): B resamples of N items drawn with replacement from the pilot's items with at least r
values, r of each item's values drawn without replacement; width = 97.5th − 2.5th percentile.
  --field      a field with a measurement level (a vector's dimension as id.dimension)
  --items      planned numbers of items, comma-separated
  --raters     planned raters per item (≥ 2), comma-separated
  --resamples  B (default 1000, 100–10,000); --seed the PRNG seed (default 1: same seed, same table)
  --split      the pilot is the values of the pilot (or test) split only (default: every value)
  --language   a project of several target languages: the pilot of this one (default the first)
  --json       the plan as JSON`;

const list = (what: string) =>
  z
    .string({ error: "is required" })
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, `must be whole numbers separated by commas, e.g. ${what}`)
    .transform((s) => s.split(",").map((x) => Number(x.trim())));

const ZArgs = z.object({
  project: z.string({ error: "is required" }).min(1),
  field: z.string({ error: "is required" }).min(1),
  items: list("200,500,1000"),
  raters: list("2,3"),
  resamples: z.coerce.number({ error: "must be a number" }).int().optional(),
  seed: z.coerce.number({ error: "must be a number" }).int().optional(),
  split: z.enum(["pilot", "test"]).optional(),
  language: z.string().min(1).optional(),
  json: z.boolean().default(false),
  _: z.array(z.string()).max(0, "plan takes no positional arguments"),
});

export async function planCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs(
    "plan",
    argv,
    { project: { type: "string" }, field: { type: "string" }, items: { type: "string" }, raters: { type: "string" }, resamples: { type: "string" }, seed: { type: "string" }, split: { type: "string" }, language: { type: "string" }, json: { type: "boolean" } },
    ZArgs,
  );
  if (help) {
    io.stdout.write(`${PLAN_HELP}\n`);
    return 0;
  }
  const request = ZStudyPlanRequest.safeParse({ field: a.field, items: a.items, raters: a.raters, resamples: a.resamples, seed: a.seed, split: a.split?.toUpperCase(), language: a.language });
  if (!request.success) {
    const i = request.error.issues[0];
    throw new CliError(`--${String(i.path[0] ?? "arguments")}: ${i.message}`, 2);
  }
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    let plan: TProjectStudyPlan;
    try {
      plan = await getProjectStudyPlan(ctx.db, ctx.pool, project.id, request.data);
    } catch (e) {
      if (isAppError(e)) throw new CliError(e.message, 1);
      throw e;
    }
    ctx.stdout.write(a.json ? `${JSON.stringify({ project: project.slug, ...plan }, null, 2)}\n` : studyPlanText(project.slug, plan));
    return 0;
  });
}

const f3 = (v: number | null | undefined) => (v === null || v === undefined ? "n/a" : v.toFixed(3));

/** The plan as a plain-text table, one row per (items, raters), and its notes. */
export function studyPlanText(slug: string, plan: TProjectStudyPlan): string {
  const kappa = plan.rows.some((r) => r.fleissKappa);
  const header = ["items", "raters", "usable", "α mean", "α 2.5%", "α 97.5%", "α width", ...(kappa ? ["κ mean", "κ width"] : [])];
  const cells = (i: TPlannedInterval) => [f3(i.mean), f3(i.lower), f3(i.upper), f3(i.width)];
  const rows = plan.rows.map((r) => [String(r.items), String(r.raters), String(r.usableUnits), ...cells(r.alpha), ...(r.fleissKappa ? [f3(r.fleissKappa.mean), f3(r.fleissKappa.width)] : kappa ? ["", ""] : [])]);
  const widths = header.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j].length)));
  const line = (r: string[]) => r.map((c, j) => c.padStart(widths[j])).join("  ").trimEnd();
  const p = plan.pilot;
  const scope = [plan.split ? `${plan.split.toLowerCase()} split` : null, plan.language ? `language ${plan.language}` : null].filter(Boolean).join(", ");
  const out = [
    `Study plan for ${slug}, field "${plan.field}" (${plan.level}; unit: ${plan.unit})${scope ? ` — ${scope}` : ""}`,
    `Pilot: ${p.units} ${plan.unit}s with values, ${p.coders} annotators, at most ${p.maxRaters} per ${plan.unit}; α (${plan.level}) = ${f3(p.alpha)}${p.alphaReason ? ` (${p.alphaReason})` : ""}`,
    `95 % intervals from ${plan.resamples} resamples, seed ${plan.seed}.`,
    "",
    line(header),
    ...rows.map(line),
  ];
  const reasons = plan.rows.flatMap((r) => [r.alpha, r.fleissKappa].filter((i): i is TPlannedInterval => !!i?.reason).map((i) => `${r.items} × ${r.raters}: ${i.reason}`));
  out.push("", ...[...new Set(reasons)], ...plan.notes);
  return `${out.join("\n")}\n`;
}
