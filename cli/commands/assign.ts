// tropos assign --project <slug> --per-item 3 [--split test] [--annotators a@x,b@y | --group zh-1] [--no-shuffle]
// tropos assign withdraw|move|rebalance … (corrections of what was assigned: lib/db/assignments/corrections.ts)
// tropos assign adaptive … (the adaptive redundancy rule of a field: assign-adaptive.ts)
import { z } from "zod";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { parseSchemeConfig } from "@/lib/schemes/scheme-config";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError, usageError } from "../cli-error";
import type { Db } from "@/lib/db/client";
import { findAnnotatorGroup } from "@/lib/db/projects/annotator-groups";
import { isAppError } from "@/lib/errors";

export const ASSIGN_HELP = `Usage: tropos assign --project <slug> [--per-item K] [--split pilot|test]
                     [--annotators a@x,b@y | --group NAME] [--no-shuffle]

Gives every item (segment with its translations) K annotators, balancing the load: one
assignment per annotator and item, for the project's whole scheme. Existing assignments count:
running it again only fills what is missing. Without --per-item, K is the k of the project's
adaptive redundancy rule (\`tropos assign adaptive --help\`); one is then required.
  --annotators  emails; default: every member with the ANNOTATOR role. Listed users who are
                not annotators of the project get the ANNOTATOR role.
  --group       the members of that annotator group (\`tropos group\`), on the group's slice (its
                split and documents), K per item within the group: each group of a study gets
                its own K annotators per item, in its own target language
  --split       only items of that split
  --no-shuffle  corpus order instead of a stable per-annotator shuffle (default: the project setting)
Only the project's annotators count toward K (raters an import brought are not people to send
work to); an item that cannot reach K with the chosen annotators is refused, with the numbers.

Corrections (only items nobody has begun move; each is logged in the audit log):
  tropos assign withdraw --project <slug> --annotator EMAIL [--split pilot|test]
  tropos assign move --project <slug> --from EMAIL --to EMAIL
  tropos assign rebalance --project <slug> --annotators a@x,b@y[,…]
Adaptive redundancy (one more rater where the first K disagree):
  tropos assign adaptive --project <slug> --field <id> --k K --max M [--threshold X]`;

const ZCorrection = z.object({
  project: z.string({ error: "is required" }).min(1),
  annotator: z.string().email().optional(),
  split: z.enum(["pilot", "test", "PILOT", "TEST"]).optional(),
  from: z.string().email().optional(),
  to: z.string().email().optional(),
  annotators: z.string().optional(),
  _: z.array(z.string()).max(0),
});

const ZArgs = z.object({
  project: z.string({ error: "is required" }).min(1),
  "per-item": z.coerce.number().int().min(1).max(50).optional(),
  split: z.enum(["pilot", "test", "PILOT", "TEST"]).optional(),
  annotators: z.string().optional(),
  group: z.string().min(1).optional(),
  "no-shuffle": z.boolean().default(false),
  _: z.array(z.string()).max(0),
}).refine((a) => !(a.group && a.annotators), { message: "give --annotators or --group, not both" });

/** K from the project's adaptive redundancy rules (the largest k, when several fields have one). */
async function adaptiveK(db: Db, projectId: string): Promise<number> {
  const { listAdaptiveRules } = await import("@/lib/db/assignments/adaptive-redundancy");
  const rules = await listAdaptiveRules(db, projectId);
  if (rules.length === 0) throw usageError("--per-item: is required (the project has no adaptive redundancy rule to take k from)", "assign");
  return Math.max(...rules.map((r) => r.k));
}

async function correctionCommand(sub: "withdraw" | "move" | "rebalance", argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs(`assign ${sub}`, argv, {
    project: { type: "string" }, annotator: { type: "string" }, split: { type: "string" }, from: { type: "string" }, to: { type: "string" }, annotators: { type: "string" },
  }, ZCorrection);
  if (help) {
    io.stdout.write(`${ASSIGN_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    const { moveAssignments, rebalanceAssignments, withdrawAssignments } = await import("@/lib/db/assignments/corrections");
    const base = { projectId: project.id, actorId: null, via: "cli" as const };
    try {
      if (sub === "withdraw") {
        if (!a.annotator) throw new CliError("--annotator EMAIL is required", 2);
        const r = await withdrawAssignments(ctx.db, { ...base, email: a.annotator, split: a.split ? (a.split.toUpperCase() as "PILOT" | "TEST") : undefined });
        ctx.stdout.write(`Withdrew ${r.withdrawn} not-started assignment(s) of ${a.annotator.toLowerCase()}.\n`);
      } else if (sub === "move") {
        if (!a.from || !a.to) throw new CliError("--from EMAIL and --to EMAIL are required", 2);
        const r = await moveAssignments(ctx.db, { ...base, from: a.from, to: a.to });
        ctx.stdout.write(`Moved ${r.moved} not-started assignment(s) from ${a.from.toLowerCase()} to ${a.to.toLowerCase()}${r.kept ? `; ${r.kept} stayed (${a.to.toLowerCase()} has those items already)` : ""}.\n`);
      } else {
        const emails = (a.annotators ?? "").split(",").map((e) => e.trim()).filter(Boolean);
        const r = await rebalanceAssignments(ctx.db, { ...base, emails });
        ctx.stdout.write(`Moved ${r.moved} not-started assignment(s): ${r.loads.map((l) => `${l.email} ${l.before} -> ${l.after}`).join(", ")}.\n`);
      }
    } catch (e) {
      if (isAppError(e)) throw new CliError(e.message, 1);
      throw e;
    }
    return 0;
  });
}

export async function assignCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === "withdraw" || argv[0] === "move" || argv[0] === "rebalance") return correctionCommand(argv[0], argv.slice(1), io);
  if (argv[0] === "adaptive") return (await import("./assign-adaptive")).assignAdaptiveCommand(argv.slice(1), io);
  const { values: a, help } = parseCommandArgs("assign", argv, {
    project: { type: "string" }, "per-item": { type: "string" }, split: { type: "string" }, annotators: { type: "string" }, group: { type: "string" }, "no-shuffle": { type: "boolean" },
  }, ZArgs);
  if (help) {
    io.stdout.write(`${ASSIGN_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    let annotatorIds: string[];
    let slice: { split?: "PILOT" | "TEST"; documents?: string[] } = {};
    if (a.group) {
      const group = await findAnnotatorGroup(ctx.db, project.id, a.group).catch((e: unknown) => {
        throw isAppError(e) ? new CliError(e.message, 1) : e;
      });
      annotatorIds = (await ctx.db.annotatorGroupMember.findMany({ where: { groupId: group.id }, select: { userId: true } })).map((m) => m.userId);
      if (a.split && group.split && a.split.toUpperCase() !== group.split) throw new CliError(`group ${group.name} is bound to the ${group.split.toLowerCase()} split; --split ${a.split} names another`, 1);
      slice = { split: group.split ?? undefined, documents: group.documents };
    } else if (a.annotators) {
      const emails = [...new Set(a.annotators.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean))];
      const users = await ctx.db.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
      const missing = emails.filter((e) => !users.some((u) => u.email === e));
      if (missing.length) throw new CliError(`No user with the email ${missing.join(", ")}.`, 1);
      await ctx.db.projectMember.createMany({ data: users.map((u) => ({ projectId: project.id, userId: u.id, role: "ANNOTATOR" as const })), skipDuplicates: true });
      annotatorIds = users.map((u) => u.id);
    } else {
      annotatorIds = (await ctx.db.projectMember.findMany({ where: { projectId: project.id, role: "ANNOTATOR" }, select: { userId: true } })).map((m) => m.userId);
    }
    const perItem = a["per-item"] ?? (await adaptiveK(ctx.db, project.id));
    const cfg = parseSchemeConfig(project.schemeConfig);
    const shuffle = a["no-shuffle"] ? false : cfg.ok ? cfg.config.shuffleItems : true;
    try {
      const n = await createAssignments(ctx.db, {
        projectId: project.id,
        annotatorIds,
        perItem,
        split: a.split ? (a.split.toUpperCase() as "PILOT" | "TEST") : slice.split,
        documents: slice.documents,
        perItemWithinListed: !!a.group,
        shuffle,
      });
      ctx.stdout.write(`Created ${n} assignments (${perItem} per item${a["per-item"] === undefined ? ", the adaptive rule's k" : ""}, ${annotatorIds.length} annotators${a.group ? ` of group ${a.group}` : ""}${a.split ? `, ${a.split.toLowerCase()} split` : ""}).\n`);
    } catch (e) {
      throw new CliError((e as Error).message, 1);
    }
    return 0;
  });
}
