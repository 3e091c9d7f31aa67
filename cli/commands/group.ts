// tropos group create|add|remove|list --project <slug> …: annotator groups (issue 19 point 1)
import { z } from "zod";
import { addAnnotatorGroupMembers, createAnnotatorGroup, listAnnotatorGroups, removeAnnotatorGroupMember } from "@/lib/db/projects/annotator-groups";
import { ZLanguageCode } from "@/lib/projects/new-project-input";
import { isAppError } from "@/lib/errors";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";

export const GROUP_HELP = `Usage:
  tropos group create <name> --project <slug> --language xx [--split pilot|test] [--documents d1,d2] [--members a@x,b@y]
  tropos group add <name> --project <slug> --members a@x,b@y
  tropos group remove <name> --project <slug> --member a@x
  tropos group list --project <slug> [--json]

An annotator group is a set of annotators bound to one target language and a slice of the corpus
(a split and/or documents by external id; neither = every item), as MMTE ran its study: six groups
of three, three for EN→ZH and three for EN→IT. A member sees only the translations in the group's
language; annotators in no group work in the project's first target language. An annotator works
in one language per project, and no change of groups may hide work already done (refused, naming
how many values). Give the members their items with \`tropos assign --project <slug> --group <name> --per-item K\`.`;

const ZName = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/, "a group name is 1–63 letters, digits, dots, dashes or underscores");
const list = (s: string | undefined) => (s ? s.split(",").map((x) => x.trim()).filter(Boolean) : []);

const ZCreate = z.object({
  _: z.tuple([ZName], { error: "give the group name" }),
  project: z.string({ error: "is required" }).min(1),
  language: ZLanguageCode,
  split: z.enum(["pilot", "test", "PILOT", "TEST"]).optional(),
  documents: z.string().optional(),
  members: z.string().optional(),
});
const ZAdd = z.object({ _: z.tuple([ZName], { error: "give the group name" }), project: z.string({ error: "is required" }).min(1), members: z.string({ error: "is required" }).min(1) });
const ZRemove = z.object({ _: z.tuple([ZName], { error: "give the group name" }), project: z.string({ error: "is required" }).min(1), member: z.string({ error: "is required" }).email() });
const ZList = z.object({ _: z.array(z.string()).max(0), project: z.string({ error: "is required" }).min(1), json: z.boolean().default(false) });

/** An AppError of the groups module is the user's input refused (exit 1). */
async function refusedAsCliError<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (isAppError(e)) throw new CliError(e.message, 1);
    throw e;
  }
}

export async function groupCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    io.stdout.write(`${GROUP_HELP}\n`);
    return sub ? 0 : 2;
  }
  const help = () => {
    io.stdout.write(`${GROUP_HELP}\n`);
    return 0;
  };
  switch (sub) {
    case "create": {
      const p = parseCommandArgs("group create", rest, { project: { type: "string" }, language: { type: "string" }, split: { type: "string" }, documents: { type: "string" }, members: { type: "string" } }, ZCreate);
      if (p.help) return help();
      const a = p.values;
      return withDatabase(io, async (ctx) => {
        const project = await findProject(ctx, a.project);
        const members = list(a.members);
        await refusedAsCliError(async () => {
          await createAnnotatorGroup(ctx.db, { projectId: project.id, name: a._[0], language: a.language, split: a.split ? (a.split.toUpperCase() as "PILOT" | "TEST") : null, documents: list(a.documents), members });
        });
        ctx.stdout.write(`Created group ${a._[0]} (${a.language}${a.split ? `, ${a.split.toLowerCase()} split` : ""}${a.documents ? `, documents ${a.documents}` : ""}) with ${members.length} member${members.length === 1 ? "" : "s"}.\n`);
        return 0;
      });
    }
    case "add": {
      const p = parseCommandArgs("group add", rest, { project: { type: "string" }, members: { type: "string" } }, ZAdd);
      if (p.help) return help();
      const a = p.values;
      return withDatabase(io, async (ctx) => {
        const project = await findProject(ctx, a.project);
        const n = await refusedAsCliError(() => addAnnotatorGroupMembers(ctx.db, { projectId: project.id, group: a._[0], emails: list(a.members) }));
        ctx.stdout.write(`Added ${n} member${n === 1 ? "" : "s"} to group ${a._[0]}.\n`);
        return 0;
      });
    }
    case "remove": {
      const p = parseCommandArgs("group remove", rest, { project: { type: "string" }, member: { type: "string" } }, ZRemove);
      if (p.help) return help();
      const a = p.values;
      return withDatabase(io, async (ctx) => {
        const project = await findProject(ctx, a.project);
        await refusedAsCliError(() => removeAnnotatorGroupMember(ctx.db, { projectId: project.id, group: a._[0], email: a.member }));
        ctx.stdout.write(`Removed ${a.member} from group ${a._[0]}.\n`);
        return 0;
      });
    }
    case "list": {
      const p = parseCommandArgs("group list", rest, { project: { type: "string" }, json: { type: "boolean" } }, ZList);
      if (p.help) return help();
      const a = p.values;
      return withDatabase(io, async (ctx) => {
        const project = await findProject(ctx, a.project);
        const groups = await listAnnotatorGroups(ctx.db, project.id);
        if (a.json) ctx.stdout.write(`${JSON.stringify(groups.map(({ id: _id, ...g }) => ({ ...g, members: g.members.map((m) => m.email) })))}\n`);
        else
          for (const g of groups) {
            const slice = [g.split ? `${g.split.toLowerCase()} split` : null, g.documents.length ? `documents ${g.documents.join(",")}` : null].filter(Boolean).join(", ") || "every item";
            ctx.stdout.write(`${g.name}\t${g.language}\t${slice}\t${g.members.map((m) => m.email).join(",")}\n`);
          }
        return 0;
      });
    }
    default:
      throw new CliError(`unknown subcommand "${sub}" (create, add, remove, list)`, 2);
  }
}
