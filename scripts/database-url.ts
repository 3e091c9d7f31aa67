// Resolves the database for a command: DATABASE_URL when set (checked to answer), otherwise
// the embedded PostgreSQL server (scripts/embedded-db.ts). Errors are one readable line, not a stack trace.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { embeddedDataDir, runningEmbeddedDb, startEmbeddedDb, type EmbeddedDb } from "./embedded-db";
import { runPrisma } from "./prisma-cli";

/**
 * Applies the migrations when the database lacks any of prisma/migrations: an embedded database
 * that `tropos` (or `npm run user:create`) starts on a fresh clone, before `npm run demo` ever ran,
 * is empty, and every command failed with "The table public.Project does not exist".
 */
export async function migrateIfBehind(url: string, log: (s: string) => void): Promise<boolean> {
  const dir = path.resolve("prisma/migrations");
  const expected = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const client = new pg.Client({ connectionString: url });
  let applied = new Set<string>();
  try {
    await client.connect();
    const exists = await client.query<{ t: string | null }>(`SELECT to_regclass('public._prisma_migrations')::text AS t`);
    if (exists.rows[0]?.t) {
      const r = await client.query<{ name: string }>(`SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
      applied = new Set(r.rows.map((x) => x.name));
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  if (expected.every((m) => applied.has(m))) return false;
  log(`The embedded database lacks ${expected.filter((m) => !applied.has(m)).length} migration(s): applying them …`);
  await runPrisma(["migrate", "deploy"], url, { quiet: true });
  return true;
}

export async function checkReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    const safe = url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
    throw new Error(`Cannot reach the database at ${safe}: ${reason}. Is PostgreSQL running, and is DATABASE_URL right?`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function resolveDatabase(log: (s: string) => void): Promise<{ url: string; embedded: EmbeddedDb | null }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await checkReachable(url);
    log("Using the PostgreSQL server from DATABASE_URL.");
    return { url, embedded: null };
  }
  const running = runningEmbeddedDb();
  if (running) {
    log("Using the embedded database served by the running demo.");
    return { url: running, embedded: null };
  }
  const dataDir = embeddedDataDir();
  // releases before this one served the embedded database with PGlite, in .data/pglite
  const earlier = path.join(path.dirname(dataDir), "pglite");
  if (existsSync(earlier)) {
    log(`The earlier embedded database (PGlite) is left in ${path.relative(process.cwd(), earlier) || earlier} and is not read any more: to carry a project over, back it up with the previous release (\`tropos backup\`) and restore it here (\`tropos restore\`, see README "Embedded database").`);
  }
  log(`DATABASE_URL is not set: starting the embedded database (PostgreSQL) in ${path.relative(process.cwd(), dataDir) || dataDir} …`);
  const embedded = await startEmbeddedDb({ log });
  try {
    await migrateIfBehind(embedded.url, log);
  } catch (e) {
    await embedded.stop().catch(() => undefined);
    throw e;
  }
  process.env.DATABASE_URL = embedded.url;
  return { url: embedded.url, embedded };
}
