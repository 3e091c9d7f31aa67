// A database as a previous release left it, for the migration tests: a fresh database with every
// migration before the ones under test applied, statement by statement as the migration runner
// applies them (the driver adapter's executeScript splits a file on every semicolon).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ADMIN_URL, databaseUrl } from "../test-database";

const DIR = path.resolve("prisma/migrations");
/** Every migration directory, in the order the runner applies them. */
export const MIGRATIONS = readdirSync(DIR).filter((d) => /^\d{14}_/.test(d)).sort();

export async function runMigrations(c: pg.Client, dirs: string[]): Promise<void> {
  for (const d of dirs) {
    const sql = readFileSync(path.join(DIR, d, "migration.sql"), "utf8");
    for (const stmt of sql.split(";").map((s) => s.trim()).filter((s) => s.length > 0)) await c.query(stmt);
  }
}

/** A fresh database `name` with every migration before `firstNew` applied, and a client on it. */
export async function databaseBefore(name: string, firstNew: string): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  await runMigrations(client, MIGRATIONS.filter((d) => d < firstNew));
  return client;
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
