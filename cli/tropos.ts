// `tropos`: the command line for project leads on a server (`npm run tropos -- <command>`).
// Every command validates its arguments with zod, talks to the same database as the app
// (DATABASE_URL, or the embedded demo database) and reports errors as one line on stderr.
import { CliError } from "./cli-error";
import type { CliIo } from "./cli-context";
import { assignCommand } from "./commands/assign";
import { backupCommand, restoreCommand } from "./commands/backup";
import { exportCommand } from "./commands/export";
import { goldCommand } from "./commands/gold";
import { groupCommand } from "./commands/group";
import { importCommand } from "./commands/import";
import { modelCommand } from "./commands/model";
import { planCommand } from "./commands/plan";
import { projectCommand } from "./commands/project";
import { schemeCommand } from "./commands/scheme";
import { splitCommand } from "./commands/split";
import { suggestCommand } from "./commands/suggest";
import { userCommand } from "./commands/user";

export const HELP = `Usage: tropos <command> [options]   (npm run tropos -- <command> …)

Commands:
  import <file…> --project <slug>     import corpus, MT outputs, annotations, MetaHOPE workbooks, JSONL
  export --project <slug> --what … --format …   stream gold / annotations / adjudicated / errors / project
  project create <slug> | project list
  scheme validate <file> | scheme list   check an annotation scheme file; list the built-in presets
  scheme set --project <slug> <file> | scheme show --project <slug>   a project's versioned scheme
  model add|list|test --project <slug> …   OpenAI-compatible model endpoints for suggestions
  suggest --project <slug> --model <n> --field <FIELD> [--wait]   model suggestions as a job
  user create --email … | user reset-password --email …
  assign --project <slug> --per-item K [--group <name>]
  group create|add|remove|list --project <slug> …   annotator groups bound to a target language and a slice
  split --project <slug> --pilot N --test M
  plan --project <slug> --field <id> --items 200,500,1000 --raters 2,3   study planner: expected 95 % interval width of α (κ) by resampling the pilot
  gold qualification|checks|show --project <slug> …   qualification on gold items, hidden gold checks
  backup --project <slug> --out FILE
  restore FILE [--project <new-slug>]

Run \`tropos <command> --help\` for the options of a command.
Database: DATABASE_URL, else the running demo's embedded database, else a fresh embedded one.
Exit codes: 0 ok, 1 input refused, 2 wrong usage, 3 database or unexpected failure.`;

const COMMANDS: Record<string, (argv: string[], io: CliIo) => Promise<number>> = {
  import: importCommand,
  export: exportCommand,
  project: projectCommand,
  scheme: schemeCommand,
  model: modelCommand,
  suggest: suggestCommand,
  user: userCommand,
  assign: assignCommand,
  group: groupCommand,
  split: splitCommand,
  plan: planCommand,
  gold: goldCommand,
  backup: backupCommand,
  restore: restoreCommand,
};

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(`${HELP}\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  try {
    if (!command) throw new CliError(`unknown command "${name}" (see \`tropos --help\`)`, 2);
    return await command(rest, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.stderr.write(`tropos ${name}: ${e.message.replace(/\s*\n\s*/g, " ")}\n`);
      return e.exitCode;
    }
    const msg = e instanceof Error ? e.message : String(e);
    io.stderr.write(`tropos ${name}: unexpected error: ${msg.replace(/\s*\n\s*/g, " ")}\n`);
    if (process.env.TROPOS_VERBOSE && e instanceof Error) io.stderr.write(`${e.stack}\n`);
    return 3;
  }
}

// stdout closed early (`tropos export … | head`) is not an error
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
});

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
