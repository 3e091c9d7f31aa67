// tropos assign adaptive --project <slug> [--field <id> --k 2 --max 4 [--threshold x] | --field <id> --off]
// The adaptive redundancy rule of a field (issue 31 point 3; lib/assignments/adaptive-redundancy.ts).
import { z } from "zod";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";
import { isAppError } from "@/lib/errors";

export const ASSIGN_ADAPTIVE_HELP = `Usage: tropos assign adaptive --project <slug> --field <id> --k K --max M [--threshold X]
       tropos assign adaptive --project <slug> --field <id> --off
       tropos assign adaptive --project <slug>            (lists the rules)

Adaptive redundancy: every item gets K raters (\`tropos assign --project <slug>\` without
--per-item uses K), and one more, up to M, each time all of an item's raters have submitted
and their values of the field disagree. Disagree, by the field's measurement level:
  nominal (choice, boolean, multi, alignment)  any different label (--threshold not used)
  ordinal/interval/ratio (scale, number, …)    largest distance between two values > X
  spans                                         Dice overlap of marked characters < X (0–1)
  tags                                          share of tokens tagged alike < X (0–1)
The extra assignment goes to the project annotator not yet on the item with the fewest open
assignments (ties by id), and is logged (AuditLog "assignment.adaptive").`;

const ZArgs = z.object({
  project: z.string({ error: "is required" }).min(1),
  field: z.string().min(1).optional(),
  k: z.coerce.number().optional(),
  max: z.coerce.number().optional(),
  threshold: z.coerce.number().optional(),
  off: z.boolean().default(false),
  _: z.array(z.string()).max(0),
});

export async function assignAdaptiveCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs(
    "assign adaptive",
    argv,
    { project: { type: "string" }, field: { type: "string" }, k: { type: "string" }, max: { type: "string" }, threshold: { type: "string" }, off: { type: "boolean" } },
    ZArgs,
  );
  if (help) {
    io.stdout.write(`${ASSIGN_ADAPTIVE_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    const { deleteAdaptiveRule, listAdaptiveRules, setAdaptiveRule } = await import("@/lib/db/assignments/adaptive-redundancy");
    const { getProjectRuntime } = await import("@/lib/db/projects/project-schemes");
    try {
      if (!a.field) {
        const rules = await listAdaptiveRules(ctx.db, project.id);
        ctx.stdout.write(rules.length === 0 ? "No adaptive redundancy rule.\n" : rules.map((r) => `${r.field}: k ${r.k}, max ${r.max}, threshold ${r.threshold}\n`).join(""));
      } else if (a.off) {
        const removed = await deleteAdaptiveRule(ctx.db, { projectId: project.id, field: a.field, actorId: null });
        ctx.stdout.write(removed ? `Removed the rule of ${a.field}.\n` : `No rule on ${a.field}.\n`);
      } else {
        if (a.k === undefined || a.max === undefined) throw new CliError("--k and --max are required (or --off)", 2);
        const { definition } = await getProjectRuntime(ctx.db, project.id);
        const r = await setAdaptiveRule(ctx.db, { projectId: project.id, definition, input: { field: a.field, k: a.k, max: a.max, threshold: a.threshold ?? 0 }, actorId: null });
        ctx.stdout.write(`${r.field}: ${r.k} raters per item, up to ${r.max} where they disagree (threshold ${r.threshold}).\n`);
      }
    } catch (e) {
      if (isAppError(e)) throw new CliError(e.message, 1);
      throw e;
    }
    return 0;
  });
}
