// One transaction on a connection of its own: begun, `run`, then committed (or rolled back when
// `commit` is false: a dry run), and rolled back on any error; the connection always goes back.
import type { Pool, PoolClient } from "pg";

export async function inTransaction<T>(
  pool: Pool,
  run: (client: PoolClient) => Promise<T>,
  opts: { commit?: boolean; begin?: (client: PoolClient) => Promise<void> } = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    await (opts.begin ? opts.begin(client) : client.query("BEGIN"));
    const result = await run(client);
    await client.query(opts.commit === false ? "ROLLBACK" : "COMMIT");
    return result;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}
