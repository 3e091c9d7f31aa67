// tropos backup --project <slug> --out FILE   and   tropos restore FILE [--project <new-slug>]
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { access } from "node:fs/promises";
import readline from "node:readline";
import path from "node:path";
import { z } from "zod";
import { dumpProject, restoreProject } from "@/lib/db/export/project-dump";
import { warmDashboard } from "@/lib/db/reports/warm-dashboard";
import { isAppError } from "@/lib/errors";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";
import { writeLines } from "./export";

export const BACKUP_HELP = `Usage: tropos backup --project <slug> --out FILE

Writes the whole project as JSONL: corpus, users it references (email and name; never password
hashes), memberships, assignments with status, annotations with versions, history, error spans,
post-edits, adjudications, gold references and the audit log. Restore with \`tropos restore\`.`;

export const RESTORE_HELP = `Usage: tropos restore FILE [--project <new-slug>]

Restores a backup as a new project (under its original slug, or --project). Users are matched by
email; missing ones are created without a password. Everything is restored in one transaction.`;

const ZBackup = z.object({ project: z.string({ error: "is required" }).min(1), out: z.string({ error: "is required" }).min(1), _: z.array(z.string()).max(0) });
const ZRestore = z.object({
  project: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "the slug is 2–63 lower-case letters, digits and dashes").optional(),
  _: z.tuple([z.string()], { error: "give the backup file" }),
});

/**
 * Lines of a file, read lazily. readline starts emitting as soon as it exists, so it is created
 * inside the generator: only when the consumer (already in its transaction) asks for the first line.
 */
async function* readLines(file: string): AsyncGenerator<string> {
  const rl = readline.createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  try {
    yield* rl;
  } finally {
    rl.close();
  }
}

export async function backupCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs("backup", argv, { project: { type: "string" }, out: { type: "string" } }, ZBackup);
  if (help) {
    io.stdout.write(`${BACKUP_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    const out = createWriteStream(a.out);
    const bytes = await writeLines(dumpProject(ctx.pool, project.id), out);
    out.end();
    await once(out, "finish");
    ctx.stdout.write(`Backed up ${project.slug} to ${a.out} (${bytes} bytes).\n`);
    return 0;
  });
}

export async function restoreCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs("restore", argv, { project: { type: "string" } }, ZRestore);
  if (help) {
    io.stdout.write(`${RESTORE_HELP}\n`);
    return 0;
  }
  const file = a._[0];
  try {
    await access(file);
  } catch {
    throw new CliError(`${file}: cannot read the file.`, 1);
  }
  return withDatabase(io, async (ctx) => {
    const lines = readLines(file);
    try {
      const s = await restoreProject(ctx.pool, lines, { slug: a.project, fileName: path.basename(file) });
      const total = Object.values(s.rows).reduce((x, y) => x + y, 0);
      ctx.stdout.write(`Restored project ${s.slug}: ${total} rows, ${s.usersCreated} users created.\n`);
      // its reports read, computed and stored now, so that its first dashboard view is not a full read
      await warmDashboard(ctx.db, s.projectId);
    } catch (e) {
      if (isAppError(e)) throw new CliError(e.message, 1);
      throw e;
    } finally {
      await lines.return(undefined);
    }
    return 0;
  });
}
