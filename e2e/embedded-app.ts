// The app as `npm run demo` serves it without DATABASE_URL, for specs that test the embedded
// database (a PostgreSQL server of its own, scripts/embedded-db.ts): the real scripts/demo.ts in a
// process group of its own, its database in a temporary folder, the production build the e2e run made (scripts/test.sh builds once), on a port beside the e2e
// server's. stop() ends the whole group and removes the folder, whatever state it is in; it also
// runs when the test process exits without reaching the spec's afterAll.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface EmbeddedApp {
  baseURL: string;
  /** everything the demo and its `next start` wrote so far */
  log(): string;
  stop(): Promise<void>;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

const answers = (baseURL: string) =>
  fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

export async function startEmbeddedApp(opts: { port: number; env?: Record<string, string>; timeoutMs?: number }): Promise<EmbeddedApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-e2e-embedded-"));
  // the embedded database's server runs as another user when this runs as root: it must reach its folder
  chmodSync(dir, 0o755);
  const baseURL = `http://127.0.0.1:${opts.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    EMBEDDED_DB_DIR: path.join(dir, "postgres"),
    // away from the demo's default (54329) and from another e2e run's embedded database
    EMBEDDED_DB_PORT: String(55000 + (opts.port % 1000)),
    NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789",
    NEXTAUTH_URL: baseURL,
    ...opts.env,
  };
  // no DATABASE_URL: the demo starts the embedded database itself, as on a fresh clone
  delete env.DATABASE_URL;
  delete env.DATABASE_POOL_MAX;
  delete env.E2E_DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/demo.ts"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const pgid = child.pid!;
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const onExit = () => killGroup(pgid, "SIGKILL");
  process.on("exit", onExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (groupAlive(pgid)) {
      // the demo stops `next start` and then its embedded database (scripts/demo.ts)
      killGroup(pgid, "SIGTERM");
      const end = Date.now() + 15_000;
      while (groupAlive(pgid) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
      killGroup(pgid, "SIGKILL");
    }
    process.off("exit", onExit);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const end = Date.now() + (opts.timeoutMs ?? 240_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the demo exited with ${child.exitCode}: ${out}`);
      if (await answers(baseURL)) break;
      if (Date.now() > end) throw new Error(`the demo did not answer on ${baseURL}: ${out}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseURL, log: () => out, stop };
}
