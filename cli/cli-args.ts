// Argument parsing shared by the commands: node:util parseArgs (strict, so a misspelt option is
// an error, not silently ignored), then zod, each failure as one usage line naming the option.
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { z } from "zod";
import { usageError } from "./cli-error";

export function parseCommandArgs<S extends z.ZodType>(
  command: string,
  argv: string[],
  options: NonNullable<ParseArgsConfig["options"]>,
  schema: S,
): { values: z.infer<S>; positionals: string[]; help: boolean } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (e) {
    throw usageError((e as Error).message.split("\n")[0], command);
  }
  if (parsed.values.help) return { values: {} as z.infer<S>, positionals: parsed.positionals, help: true };
  const { help: _h, ...rest } = parsed.values;
  void _h;
  const res = schema.safeParse({ ...rest, _: parsed.positionals });
  if (!res.success) {
    const i = res.error.issues[0];
    const name = i.path.length ? (i.path[0] === "_" ? "argument" : `--${String(i.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`) : "arguments";
    throw usageError(`${name}: ${i.message}`, command);
  }
  return { values: res.data, positionals: parsed.positionals, help: false };
}
