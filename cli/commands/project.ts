// tropos project create <slug> […] | tropos project list
import { existsSync } from "node:fs";
import { z } from "zod";
import { SCHEME_PRESETS, ZOptionalPart, ZSchemePreset, optionalPartIssue } from "@/lib/schemes/presets/parts-choice";
import { ZLanguageCode, ZProjectSlug } from "@/lib/projects/new-project-input";
import { projectTargetLangs, ZTargetLanguages } from "@/lib/projects/target-languages";
import { createProject } from "@/lib/db/projects/create-project";
import { isAppError } from "@/lib/errors";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { updateTargetLanguages } from "@/lib/db/projects/languages";
import { CliError, usageError } from "../cli-error";
import { readSchemeFile } from "./scheme";
import { SHIPPED_PRESETS, findShippedPreset } from "@/lib/schemes/presets/shipped-presets";

export const PROJECT_HELP = `Usage:
  tropos project create <slug> [--name "…"] [--source-lang xx --target-lang yy[,zz…]] [--scheme mmte|metahope|both|emos|cr-st|meta4xnli|mqm|FILE] [--with target-words|metahope-post-edit …] [--manager EMAIL]
  tropos project update <slug> --target-lang yy[,zz…]
  tropos project list [--json]

create: a new, empty project. --scheme picks the annotation parts that are switched on
        (mmte: MMTE quality, per-MRW criteria and post-edits; metahope: alignment and error spans;
        both), or names a preset written in the scheme language (emos, cr-st, meta4xnli, mqm: \`tropos scheme list\`)
        or a scheme file (JSON or YAML, see \`tropos scheme validate\`) that becomes the
        project's scheme version 1. --with (repeatable) also switches on a part the papers ran that
        is off by default: target-words (MMTE: annotators mark the words that render each MRW) and
        metahope-post-edit (MetaHOPE: one post-edit per sentence, the human reference).
        --manager gives an existing user the MANAGER role in it.
        --target-lang may list several languages (zh,it: one study over EN→ZH and EN→IT, as
        MMTE ran it); the first is the primary one. Annotators work in one language each: their
        group's (\`tropos group\`), else the primary one.
update: sets the target languages (the first is the primary one); a language in use by
        translations or annotator groups cannot be removed.
list:   every project with its languages and corpus size.`;

// the same slug and language rules as the browser's wizard (lib/projects/new-project-input.ts)
const ZCreate = z.object({
  _: z.tuple([ZProjectSlug], { error: "give the project slug" }),
  name: z.string().trim().min(1).max(200).optional(),
  "source-lang": ZLanguageCode.default("en"),
  /** "zh", or several for one study over several language pairs: "zh,it" (the first is the primary one) */
  "target-lang": ZTargetLanguages.default(["zh"]),
  /** a preset name, or a scheme file */
  scheme: z.string().min(1).default("mmte"),
  manager: z.string().trim().email().optional(),
  with: z.array(ZOptionalPart).default([]),
});
const ZList = z.object({ json: z.boolean().default(false), _: z.array(z.string()).max(0) });
const ZUpdate = z.object({ _: z.tuple([z.string().min(1)], { error: "give the project slug" }), "target-lang": ZTargetLanguages });

export async function projectCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    io.stdout.write(`${PROJECT_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (sub === "create") {
    const { values: a, help } = parseCommandArgs("project create", rest, {
      name: { type: "string" }, "source-lang": { type: "string" }, "target-lang": { type: "string" }, scheme: { type: "string" }, manager: { type: "string" }, with: { type: "string", multiple: true },
    }, ZCreate);
    if (help) {
      io.stdout.write(`${PROJECT_HELP}\n`);
      return 0;
    }
    const slug = a._[0];
    const preset = ZSchemePreset.safeParse(a.scheme);
    // a preset written only in the scheme language (emos): stored as the project's version 1, as a file would be
    const dataPreset = preset.success ? undefined : findShippedPreset(a.scheme);
    // neither: a scheme file, checked before the database is touched
    const file = preset.success || dataPreset ? null : a.scheme;
    if (file !== null && !existsSync(file)) {
      const names = [...SCHEME_PRESETS, ...SHIPPED_PRESETS.map((p) => p.id).filter((id) => !(SCHEME_PRESETS as readonly string[]).includes(id))];
      throw usageError(`--scheme: "${file}" is neither a preset (${names.join(", ")}) nor an existing file`, "project create");
    }
    // the optional parts switch parts of the MMTE / MetaHOPE presets; a file or data preset says its own fields
    if (a.with.length && !preset.success) throw usageError(`--with switches parts of the mmte, metahope and both presets; ${a.scheme} lists its own fields`, "project create");
    for (const part of a.with) {
      const issue = preset.success ? optionalPartIssue(preset.data, part) : null;
      if (issue) throw usageError(`--with: ${issue}`, "project create");
    }
    const definition = dataPreset ?? (file !== null ? await readSchemeFile(file, io) : null);
    if (file !== null && !definition) return 1;
    const from = dataPreset ? `preset ${dataPreset.id}` : file;
    return withDatabase(io, async (ctx) => {
      try {
        await createProject(
          ctx.db,
          {
            // with a file the preset is not used (createProject's definition replaces it)
            slug, name: a.name ?? slug, sourceLang: a["source-lang"], targetLang: a["target-lang"].join(","), scheme: preset.success ? preset.data : "mmte", parts: a.with,
            members: a.manager ? [{ email: a.manager, role: "MANAGER" }] : [],
          },
          { actorId: null, via: "cli", inviteMissing: false, definition: definition ? { scheme: definition, note: `from ${from}` } : undefined },
        );
      } catch (e) {
        if (isAppError(e) && e.code === "NOT_FOUND") throw new CliError(`${e.message.replace(/\.$/, "")} (create one with \`tropos user create\`).`, 1);
        if (isAppError(e)) throw new CliError(e.message, 1);
        throw e;
      }
      ctx.stdout.write(`Created project ${slug} (${a["source-lang"]} → ${a["target-lang"].join(", ")}, ${definition ? `scheme ${definition.id} v${definition.version} from ${from}, stored as version 1` : `${a.scheme} preset${a.with.length ? ` with ${a.with.join(", ")}` : ""}, stored as version 1`}).\n`);
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
      const ps = await ctx.db.project.findMany({ orderBy: { slug: "asc" }, select: { slug: true, name: true, sourceLang: true, targetLang: true, targetLangs: true, _count: { select: { segments: true, members: true } } } });
      const rows = ps.map((p) => ({ slug: p.slug, name: p.name, sourceLang: p.sourceLang, targetLang: p.targetLang, targetLangs: projectTargetLangs(p), segments: p._count.segments, members: p._count.members }));
      if (a.json) ctx.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else for (const r of rows) ctx.stdout.write(`${r.slug}\t${r.sourceLang}→${r.targetLangs.join(",")}\t${r.segments} segments\t${r.members} memberships\t${r.name}\n`);
      return 0;
    });
  }
  if (sub === "update") {
    const { values: a, help } = parseCommandArgs("project update", rest, { "target-lang": { type: "string" } }, ZUpdate);
    if (help) {
      io.stdout.write(`${PROJECT_HELP}\n`);
      return 0;
    }
    return withDatabase(io, async (ctx) => {
      const project = await findProject(ctx, a._[0]);
      try {
        const langs = await updateTargetLanguages(ctx.db, { projectId: project.id, targetLangs: a["target-lang"], actorId: null });
        ctx.stdout.write(`Project ${project.slug}: target languages ${langs.join(", ")} (primary ${langs[0]}).\n`);
      } catch (e) {
        if (isAppError(e)) throw new CliError(e.message, 1);
        throw e;
      }
      return 0;
    });
  }
  throw usageError(`unknown subcommand "${sub}"; use create, update or list`, "project");
}
