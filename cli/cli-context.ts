// What every command gets: the database (resolved like the other scripts: DATABASE_URL, the
// running demo's embedded database, or a freshly started embedded one), output streams, and
// the project lookup by slug.
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { CliError } from "./cli-error";

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export interface CliContext extends CliIo {
  db: Db;
  pool: Pool;
}

export async function withDatabase<T>(io: CliIo, fn: (ctx: CliContext) => Promise<T>): Promise<T> {
  const { resolveDatabase } = await import("../scripts/database-url");
  let resolved: Awaited<ReturnType<typeof resolveDatabase>>;
  try {
    resolved = await resolveDatabase((s) => {
      if (process.env.TROPOS_VERBOSE) io.stderr.write(`${s}\n`);
    });
  } catch (e) {
    throw new CliError((e as Error).message.split("\n")[0], 3);
  }
  process.env.DATABASE_URL = resolved.url;
  const { getDb, disconnectDb } = await import("@/lib/db/client");
  const { getPgPool, closePgPool } = await import("@/lib/db/pg-pool");
  try {
    return await fn({ ...io, db: getDb(), pool: getPgPool() });
  } finally {
    await disconnectDb().catch(() => undefined);
    await closePgPool().catch(() => undefined);
    await resolved.embedded?.stop();
  }
}

export async function findProject(ctx: CliContext, slug: string) {
  const p = await ctx.db.project.findUnique({ where: { slug }, select: { id: true, slug: true, name: true, sourceLang: true, targetLang: true, schemeConfig: true } });
  if (!p) throw new CliError(`No project with the slug "${slug}" (see \`tropos project list\`).`, 1);
  return p;
}
