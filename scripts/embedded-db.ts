// Embedded PostgreSQL for `npm run demo` when no DATABASE_URL is given: PGlite (PostgreSQL
// compiled to WebAssembly) served on a loopback port, so Prisma, migrations and the app talk
// to it exactly as to a server. Data lives in a git-ignored folder and survives restarts.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { serveEmbeddedDb } from "./embedded-db-server";

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

async function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

export async function startEmbeddedDb(opts: { dataDir?: string; port?: number } = {}): Promise<EmbeddedDb> {
  const dataDir = path.resolve(opts.dataDir ?? process.env.EMBEDDED_DB_DIR ?? ".data/pglite");
  mkdirSync(dataDir, { recursive: true });
  const host = "127.0.0.1";
  let port = opts.port ?? Number(process.env.EMBEDDED_DB_PORT ?? 54329);
  for (let i = 0; i < 20 && !(await portIsFree(port, host)); i++) port++;

  // Two PGlite instances on one data folder would corrupt it: callers first ask
  // runningEmbeddedDb() and connect to the running one instead.
  // PGlite is a single session: every process using it keeps one pooled connection
  // (DATABASE_POOL_MAX=1, set by scripts/database-url.ts) so that its own transactions never
  // interleave; the socket server queues the clients' queries and, while one client is inside a
  // transaction, serves only that client. The slots are for the app plus several CLI runs beside it
  // (`tropos export` while `npm run demo` is running); a client beyond them is refused outright.
  const server = await serveEmbeddedDb({ open: () => PGlite.create({ dataDir }), host, port, maxConnections: 16 });
  const url = `postgresql://postgres:postgres@${host}:${port}/postgres?sslmode=disable`;
  const marker = markerFile(dataDir);
  writeFileSync(marker, JSON.stringify({ pid: process.pid, url }));
  return {
    url,
    async stop() {
      await server.stop();
      rmSync(marker, { force: true });
    },
  };
}

function markerFile(dataDir: string): string {
  return path.join(path.dirname(dataDir), "embedded-db.json");
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The URL of an embedded database already served by another process (e.g. `npm run demo`), if any. */
export function runningEmbeddedDb(dataDirOpt?: string): string | null {
  const dataDir = path.resolve(dataDirOpt ?? process.env.EMBEDDED_DB_DIR ?? ".data/pglite");
  const marker = markerFile(dataDir);
  if (!existsSync(marker)) return null;
  try {
    const { pid, url } = JSON.parse(readFileSync(marker, "utf8")) as { pid: number; url: string };
    return alive(pid) && pid !== process.pid ? url : null;
  } catch {
    return null;
  }
}
