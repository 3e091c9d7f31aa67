// tropos scheme validate <file> | list | set --project <slug> <file> | show --project <slug>
// validate and list are pure file work: no database. Validation errors are printed one per line
// as `file:line:column: path: message` (the form editors and CI annotate), not as the one-line
// CliError, because a scheme author wants every error at once; `set` refuses a change that would
// orphan stored values the same way, one orphan per line.
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { parseSchemeText, formatSchemeError } from "@/lib/schemes/language/parse-scheme-text";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { SHIPPED_PRESETS } from "@/lib/schemes/presets/shipped-presets";
import { MMTE_METAHOPE_PRESET, presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { parseSchemeConfig } from "@/lib/schemes/scheme-config";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import type { TValueMapping } from "@/lib/schemes/language/scheme-change";
import { isAppError } from "@/lib/errors";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError, usageError } from "../cli-error";

export const SCHEME_HELP = `Usage:
  tropos scheme validate <file> [--json]
  tropos scheme list [--json]
  tropos scheme set --project <slug> <file> [--map field:old=new …] [--note "…"] [--json]
  tropos scheme show --project <slug> [--version N]

validate: checks an annotation scheme file (JSON, or YAML with a .yaml/.yml name) against the
          scheme language (lib/schemes/README.md; JSON Schema: public/schemas/tropos-scheme.schema.json).
          Valid: exit 0 and a one-line summary. Invalid: exit 1 and every error on stderr, one per
          line, as file:line:column: path: message (e.g. fields[2].options: at least one option).
list:     the built-in presets with id, version, name and number of fields.
set:      stores the file as the project's next scheme version (the first is 1) and prints the
          version and what changed. A change that would orphan stored annotation values (a removed
          field or option in use, a narrowed scale, a changed kind) is refused: exit 1 and every
          orphan on stderr with the annotations (or adjudications) holding it. --map field:old=new (repeatable)
          rewrites those values instead, e.g. --map meaning:lost=literal --map transparency:7=5;
          old and new are read as JSON when they parse (7, true, "7"), else as text.
show:     the project's scheme as JSON: the latest version, or --version N; a project that has
          stored none runs its built-in preset, printed with a note on stderr.`;

const ZValidate = z.object({ _: z.tuple([z.string().min(1)], { error: "give one scheme file" }), json: z.boolean().default(false) });
const ZList = z.object({ json: z.boolean().default(false), _: z.array(z.string()).max(0) });
const ZSet = z.object({
  _: z.tuple([z.string().min(1)], { error: "give one scheme file" }),
  project: z.string().min(1),
  map: z.array(z.string()).default([]),
  note: z.string().trim().min(1).max(500).optional(),
  json: z.boolean().default(false),
});
const ZShow = z.object({
  _: z.array(z.string()).max(0),
  project: z.string().min(1),
  version: z.coerce.number().int().min(1).optional(),
});

/** Reads and validates a scheme file; prints every error and returns null when it is not valid. */
export async function readSchemeFile(file: string, io: CliIo): Promise<TSchemeDefinition | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new CliError(`${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`, 1);
  }
  const r = parseSchemeText(file, text);
  if (r.ok) return r.scheme;
  for (const e of r.errors) io.stderr.write(`${formatSchemeError(file, e).replace(/\s*\n\s*/g, " ")}\n`);
  return null;
}

/** JSON when it parses (7, true, "7", ["a"]), else the text itself. */
function readValue(raw: string): unknown[] {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === "string" ? [v] : [v, raw];
  } catch {
    return [raw];
  }
}

/**
 * `--map field:old=new` → mapping[field][JSON.stringify(old)] = new. Both readings of `old`
 * (JSON and text) are keys, since only stored values ever match; `new` is the first reading the
 * new scheme's field accepts, so `--map transparency:7=5` maps to the number 5 and
 * `--map code:7=5` to the text "5" when that field's options are text.
 */
export function parseMappings(args: string[], scheme: TSchemeDefinition): TValueMapping {
  const mapping: TValueMapping = {};
  for (const arg of args) {
    const m = /^([^:]+):(.*?)=(.*)$/s.exec(arg);
    if (!m) throw usageError(`--map: "${arg}" is not field:old=new`, "scheme set");
    const [, field, oldRaw, newRaw] = m;
    const fields = scheme.fields.filter((f) => f.id === field);
    if (fields.length === 0) throw new CliError(`--map: the new scheme has no field "${field}".`, 1);
    const candidates = readValue(newRaw);
    const target = candidates.find((c) => fields.some((f) => validateSchemeValue(f, c, undefined, { withoutItem: true }).ok)) ?? candidates[0];
    mapping[field] ??= {};
    for (const old of readValue(oldRaw)) mapping[field][JSON.stringify(old)] = target;
  }
  return mapping;
}

/** Stored fields: alternatives of one field (the same id under exclusive `when`s) count once. */
function fieldCount(s: TSchemeDefinition): number {
  return new Set(s.fields.map((f) => f.id)).size;
}

function summary(s: TSchemeDefinition) {
  const kinds = new Map<string, number>();
  for (const f of s.fields) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
  return { id: s.id, version: s.version, name: s.name, fields: fieldCount(s), kinds: Object.fromEntries(kinds) };
}

export async function schemeCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    io.stdout.write(`${SCHEME_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (sub === "validate") {
    const { values: a, help } = parseCommandArgs("scheme validate", rest, { json: { type: "boolean" } }, ZValidate);
    if (help) {
      io.stdout.write(`${SCHEME_HELP}\n`);
      return 0;
    }
    const file = a._[0];
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (e) {
      throw new CliError(`${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`, 1);
    }
    const r = parseSchemeText(file, text);
    if (!r.ok) {
      for (const e of r.errors) io.stderr.write(`${formatSchemeError(file, e).replace(/\s*\n\s*/g, " ")}\n`);
      if (a.json) io.stdout.write(`${JSON.stringify({ valid: false, errors: r.errors }, null, 2)}\n`);
      return 1;
    }
    const s = summary(r.scheme);
    if (a.json) io.stdout.write(`${JSON.stringify({ valid: true, ...s }, null, 2)}\n`);
    else {
      const kinds = Object.entries(s.kinds).map(([k, n]) => `${n} ${k}`).join(", ");
      io.stdout.write(`${file}: valid: ${s.id} v${s.version} "${s.name}", ${s.fields} field${s.fields === 1 ? "" : "s"} (${kinds})\n`);
    }
    return 0;
  }
  if (sub === "list") {
    const { values: a, help } = parseCommandArgs("scheme list", rest, { json: { type: "boolean" } }, ZList);
    if (help) {
      io.stdout.write(`${SCHEME_HELP}\n`);
      return 0;
    }
    const rows = SHIPPED_PRESETS.map((p) => ({ id: p.id, version: p.version, name: p.name, fields: fieldCount(p) }));
    if (a.json) io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else for (const r of rows) io.stdout.write(`${r.id}\tv${r.version}\t${r.fields} field${r.fields === 1 ? "" : "s"}\t${r.name}\n`);
    return 0;
  }
  if (sub === "set") {
    const { values: a, help } = parseCommandArgs(
      "scheme set",
      rest,
      { project: { type: "string" }, map: { type: "string", multiple: true }, note: { type: "string" }, json: { type: "boolean" } },
      ZSet,
    );
    if (help) {
      io.stdout.write(`${SCHEME_HELP}\n`);
      return 0;
    }
    const file = a._[0];
    const scheme = await readSchemeFile(file, io);
    if (!scheme) return 1;
    const mapping = parseMappings(a.map, scheme);
    return withDatabase(io, async (ctx) => {
      const project = await findProject(ctx, a.project);
      const { setProjectScheme } = await import("@/lib/db/projects/project-schemes");
      let saved: Awaited<ReturnType<typeof setProjectScheme>>;
      try {
        saved = await setProjectScheme(ctx.db, project.id, scheme, { actorId: null, note: a.note, mapping });
      } catch (e) {
        const orphans = isAppError(e) && e.code === "CONFLICT" ? (e.detail as { orphans?: { field: string; values: unknown[]; count: number; message: string }[] })?.orphans : undefined;
        if (!orphans) {
          if (isAppError(e)) throw new CliError(e.message, 1);
          throw e;
        }
        for (const o of orphans) ctx.stderr.write(`${o.message}\n`);
        if (a.json) ctx.stdout.write(`${JSON.stringify({ stored: false, orphans }, null, 2)}\n`);
        return 1;
      }
      if (a.json) ctx.stdout.write(`${JSON.stringify({ stored: true, project: project.slug, ...saved }, null, 2)}\n`);
      else {
        const counts = [
          saved.remapped ? `${saved.remapped} annotation${saved.remapped === 1 ? "" : "s"}` : "",
          saved.remappedAdjudications ? `${saved.remappedAdjudications} adjudication${saved.remappedAdjudications === 1 ? "" : "s"}` : "",
        ].filter(Boolean);
        ctx.stdout.write(`Stored ${scheme.id} v${scheme.version} "${scheme.name}" as version ${saved.version} of project ${project.slug}${counts.length ? `; ${counts.join(" and ")} remapped` : ""}.\n`);
        ctx.stdout.write(saved.changes.length ? `Changes:\n${saved.changes.map((c) => `  ${c}\n`).join("")}` : "No changes.\n");
      }
      return 0;
    });
  }
  if (sub === "show") {
    const { values: a, help } = parseCommandArgs("scheme show", rest, { project: { type: "string" }, version: { type: "string" } }, ZShow);
    if (help) {
      io.stdout.write(`${SCHEME_HELP}\n`);
      return 0;
    }
    return withDatabase(io, async (ctx) => {
      const project = await findProject(ctx, a.project);
      const { getProjectScheme, getProjectSchemeVersion } = await import("@/lib/db/projects/project-schemes");
      const found = a.version !== undefined ? await getProjectSchemeVersion(ctx.db, project.id, a.version) : await getProjectScheme(ctx.db, project.id);
      if (found) {
        ctx.stdout.write(`${JSON.stringify(found.definition, null, 2)}\n`);
        return 0;
      }
      if (a.version !== undefined) {
        const latest = await getProjectScheme(ctx.db, project.id);
        throw new CliError(`Project ${project.slug} has no scheme version ${a.version} (${latest ? `the latest is ${latest.version}` : "it has stored none"}).`, 1);
      }
      const config = parseSchemeConfig(project.schemeConfig);
      ctx.stderr.write(`Project ${project.slug} has stored no scheme: it runs the built-in preset of its configuration, printed below.\n`);
      ctx.stdout.write(`${JSON.stringify(config.ok ? presetOfParts(config.config) : MMTE_METAHOPE_PRESET, null, 2)}\n`);
      return 0;
    });
  }
  throw usageError(`unknown subcommand "${sub}"; use validate, list, set or show`, "scheme");
}
