// tropos project create <slug> […] | tropos project list
import { z } from "zod";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, ZSchemeConfig } from "@/lib/schemes/scheme-config";
import { parseCommandArgs } from "../cli-args";
import { withDatabase, type CliIo } from "../cli-context";
import { CliError, usageError } from "../cli-error";

export const PROJECT_HELP = `Usage:
  tropos project create <slug> [--name "…"] [--source-lang xx --target-lang yy] [--scheme mmte|metahope|both] [--manager EMAIL]
  tropos project list [--json]

create: a new, empty project. --scheme picks the annotation parts that are switched on
        (mmte: MMTE quality, per-MRW criteria and post-edits; metahope: alignment and error spans;
        both). --manager gives an existing user the MANAGER role in it.
list:   every project with its languages and corpus size.`;

const LANG = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, "a language code such as en, zh, it");
const ZCreate = z.object({
  _: z.tuple([z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "the slug is 2–63 lower-case letters, digits and dashes")], { error: "give the project slug" }),
  name: z.string().trim().min(1).max(200).optional(),
  "source-lang": LANG.default("en"),
  "target-lang": LANG.default("zh"),
  scheme: z.enum(["mmte", "metahope", "both"]).default("mmte"),
  manager: z.string().trim().email().optional(),
});
const ZList = z.object({ json: z.boolean().default(false), _: z.array(z.string()).max(0) });

export function schemeConfigFor(scheme: "mmte" | "metahope" | "both") {
  if (scheme === "mmte") return DEFAULT_SCHEME_CONFIG;
  if (scheme === "metahope") return METAHOPE_SCHEME_CONFIG;
  return ZSchemeConfig.parse({ ...DEFAULT_SCHEME_CONFIG, alignment: true, metahopeErrors: true });
}

export async function projectCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    io.stdout.write(`${PROJECT_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (sub === "create") {
    const { values: a, help } = parseCommandArgs("project create", rest, {
      name: { type: "string" }, "source-lang": { type: "string" }, "target-lang": { type: "string" }, scheme: { type: "string" }, manager: { type: "string" },
    }, ZCreate);
    if (help) {
      io.stdout.write(`${PROJECT_HELP}\n`);
      return 0;
    }
    const slug = a._[0];
    return withDatabase(io, async (ctx) => {
      if (await ctx.db.project.findUnique({ where: { slug }, select: { id: true } })) throw new CliError(`A project with the slug "${slug}" exists already.`, 1);
      const manager = a.manager ? await ctx.db.user.findUnique({ where: { email: a.manager.toLowerCase() }, select: { id: true } }) : null;
      if (a.manager && !manager) throw new CliError(`No user with the email ${a.manager} (create one with \`tropos user create\`).`, 1);
      const p = await ctx.db.project.create({
        data: { slug, name: a.name ?? slug, sourceLang: a["source-lang"], targetLang: a["target-lang"], schemeConfig: schemeConfigFor(a.scheme) },
      });
      if (manager) await ctx.db.projectMember.create({ data: { projectId: p.id, userId: manager.id, role: "MANAGER" } });
      await ctx.db.auditLog.create({ data: { projectId: p.id, action: "project.create", detail: { via: "cli", scheme: a.scheme } } });
      ctx.stdout.write(`Created project ${slug} (${a["source-lang"]} → ${a["target-lang"]}, ${a.scheme}).\n`);
      return 0;
    });
  }
  if (sub === "list") {
    const { values: a, help } = parseCommandArgs("project list", rest, { json: { type: "boolean" } }, ZList);
    if (help) {
      io.stdout.write(`${PROJECT_HELP}\n`);
      return 0;
    }
    return withDatabase(io, async (ctx) => {
      const ps = await ctx.db.project.findMany({ orderBy: { slug: "asc" }, select: { slug: true, name: true, sourceLang: true, targetLang: true, _count: { select: { segments: true, members: true } } } });
      const rows = ps.map((p) => ({ slug: p.slug, name: p.name, sourceLang: p.sourceLang, targetLang: p.targetLang, segments: p._count.segments, members: p._count.members }));
      if (a.json) ctx.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else for (const r of rows) ctx.stdout.write(`${r.slug}\t${r.sourceLang}→${r.targetLang}\t${r.segments} segments\t${r.members} memberships\t${r.name}\n`);
      return 0;
    });
  }
  throw usageError(`unknown subcommand "${sub}"; use create or list`, "project");
}
