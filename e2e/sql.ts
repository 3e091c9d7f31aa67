// One SQL statement against the e2e database (E2E_DATABASE_URL) on a connection of its own: how a
// spec seeds or reads what no page or CLI command offers (a model's stored suggestions, say).
import pg from "pg";

export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
