// A fresh PostgreSQL database per test run (never the embedded one, never a mock). The admin URL
// points at a server where we may CREATE DATABASE; each run gets its own name.
import pg from "pg";
import { spawn } from "node:child_process";
import path from "node:path";

export const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function recreateDatabase(name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = databaseUrl(name);
  await migrate(url);
  return url;
}

export function migrate(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed (${code})`))));
  });
}
