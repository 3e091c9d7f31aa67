// Streaming reads for exports: a server-side cursor inside one read-only REPEATABLE READ
// transaction, fetched in batches. Memory stays flat however many rows the query yields, and
// every query of one export sees the same snapshot (a dump taken while annotators keep saving
// is still internally consistent).
import { randomUUID } from "node:crypto";
import type { Pool, PoolClient } from "pg";

export const CURSOR_BATCH = 2000;

/** A read-only snapshot session; `rows` streams one query through a cursor. */
export interface ExportSession {
  rows<R>(sql: string, params?: unknown[], batch?: number): AsyncGenerator<R>;
  /** a small query (counts, lookups) inside the same snapshot */
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

/**
 * Runs `produce` inside one snapshot and yields what it yields. The connection is released
 * when the consumer finishes or stops early (return() on the generator runs `finally`).
 */
export async function* withExportSession<T>(pool: Pool, produce: (s: ExportSession) => AsyncGenerator<T>): AsyncGenerator<T> {
  const client: PoolClient = await pool.connect();
  let ok = false;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const session: ExportSession = {
      async *rows<R>(sql: string, params: unknown[] = [], batch = CURSOR_BATCH) {
        const name = `c_${randomUUID().replace(/-/g, "")}`;
        await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
        try {
          for (;;) {
            const res = await client.query<R & Record<string, unknown>>(`FETCH ${batch} FROM ${name}`);
            for (const r of res.rows) yield r as R;
            if (res.rows.length < batch) break;
          }
        } finally {
          await client.query(`CLOSE ${name}`).catch(() => undefined);
        }
      },
      async query<R>(sql: string, params: unknown[] = []) {
        const res = await client.query<R & Record<string, unknown>>(sql, params);
        return res.rows as R[];
      },
    };
    yield* produce(session);
    ok = true;
  } finally {
    await client.query(ok ? "COMMIT" : "ROLLBACK").catch(() => undefined);
    client.release();
  }
}
