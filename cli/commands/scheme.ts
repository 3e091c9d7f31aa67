// tropos scheme validate <file> | tropos scheme list
// Pure file work: no database. Validation errors are printed one per line as
// `file:line:column: path: message` (the form editors and CI annotate), not as the
// one-line CliError, because a scheme author wants every error at once.
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { parseSchemeText, formatSchemeError } from "@/lib/schemes/language/parse-scheme-text";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { BUILT_IN_PRESETS } from "@/lib/schemes/presets/built-in-presets";
import { parseCommandArgs } from "../cli-args";
import type { CliIo } from "../cli-context";
import { CliError, usageError } from "../cli-error";

export const SCHEME_HELP = `Usage:
  tropos scheme validate <file> [--json]
  tropos scheme list [--json]

validate: checks an annotation scheme file (JSON, or YAML with a .yaml/.yml name) against the
          scheme language (lib/schemes/README.md; JSON Schema: public/schemas/tropos-scheme.schema.json).
          Valid: exit 0 and a one-line summary. Invalid: exit 1 and every error on stderr, one per
          line, as file:line:column: path: message (e.g. fields[2].options: at least one option).
list:     the built-in presets with id, version, name and number of fields.`;

const ZValidate = z.object({ _: z.tuple([z.string().min(1)], { error: "give one scheme file" }), json: z.boolean().default(false) });
const ZList = z.object({ json: z.boolean().default(false), _: z.array(z.string()).max(0) });

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
    const rows = BUILT_IN_PRESETS.map((p) => ({ id: p.id, version: p.version, name: p.name, fields: fieldCount(p) }));
    if (a.json) io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else for (const r of rows) io.stdout.write(`${r.id}\tv${r.version}\t${r.fields} fields\t${r.name}\n`);
    return 0;
  }
  throw usageError(`unknown subcommand "${sub}"; use validate or list`, "scheme");
}
