// Vitest global setup: integration tests get a freshly created PostgreSQL database with all
// migrations applied (dropped again at the end). Pure unit tests never touch it.
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ADMIN_URL, recreateDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // TEST_DATABASE_NAME: a name of one's own (e.g. on a server shared with others who use tropos_test_…)
  const name = process.env.TEST_DATABASE_NAME ?? `tropos_test_${process.pid}`;
  const url = await recreateDatabase(name);
  process.env.DATABASE_URL = url;
  project.provide("databaseUrl", url);
  return async () => {
    if (process.env.KEEP_TEST_DB) return;
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await client.end();
  };
}
