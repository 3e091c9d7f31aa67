// Integration-test access to the run's fresh database (see global-setup.ts).
import { inject } from "vitest";

export function useTestDatabase(): string {
  const url = inject("databaseUrl");
  process.env.DATABASE_URL = url;
  return url;
}

/**
 * Opens the run's database for one test file: `beforeAll(async () => ({ db, pool } = await
 * openTestDatabase()))` and `afterAll(closeTestDatabase)`. Imports are dynamic so DATABASE_URL
 * is set before the pool is created.
 */
export async function openTestDatabase() {
  const url = inject("databaseUrl");
  process.env.DATABASE_URL = url;
  const db = (await import("@/lib/db/client")).getDb();
  const pool = (await import("@/lib/db/pg-pool")).getPgPool();
  return { url, db, pool };
}

export async function closeTestDatabase(): Promise<void> {
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
}
