// The process's node-postgres pool, shared by Prisma (through its driver adapter) and by the
// bulk paths (unnest upserts, streaming cursors) that Prisma would run one row at a time.
import pg from "pg";

const globalForPool = globalThis as unknown as { __troposPgPool?: pg.Pool };

function poolMax(): number {
  const n = Number.parseInt(process.env.DATABASE_POOL_MAX ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : 10;
}

export function getPgPool(): pg.Pool {
  if (!globalForPool.__troposPgPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) {
      throw new Error(
        "DATABASE_URL is not set. Start Tropos with `npm run demo` (embedded database) or set DATABASE_URL to a PostgreSQL server.",
      );
    }
    const pool = new pg.Pool({ connectionString, max: poolMax() });
    // An idle connection that dies (PostgreSQL restarted, network blip) is dropped from the pool
    // and reported here; without a listener node-postgres would crash the whole process.
    pool.on("error", (e) => console.error(`[db] idle connection lost: ${e.message}`));
    // The same for a connection in use: one whose server goes away between two queries (PostgreSQL
    // restarted while a worker held it inside an import's transaction) emits 'error' on its client,
    // and node-postgres would crash the process with it (seen in the multi-process e2e: the worker
    // died and its job waited forever). Listened to, the client's next query fails instead, and the
    // caller's own error handling (a job's retry, a save's 503) takes over.
    pool.on("connect", (client) => client.on("error", (e) => console.error(`[db] connection lost while in use: ${e.message}`)));
    globalForPool.__troposPgPool = pool;
  }
  return globalForPool.__troposPgPool;
}

export async function closePgPool(): Promise<void> {
  const pool = globalForPool.__troposPgPool;
  globalForPool.__troposPgPool = undefined;
  await pool?.end();
}
