// Stopping `npm run demo` must stop everything it started (issue 13 point 14). npm runs the
// script through `sh -c "bash scripts/bootstrap.sh && tsx scripts/demo.ts"`; a SIGTERM to npm
// reached only that shell, which died and left tsx, demo.ts and `next start` running (the port
// stayed taken). Here the real demo is started (embedded database in a temporary folder, the
// existing production build) and stopped as a user or a process manager would: SIGTERM to npm,
// and Ctrl+C (SIGINT to the whole foreground process group).
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const haveBuild = existsSync(path.join(distDir, "BUILD_ID"));
const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-demo-stop-"));
// the embedded database's server runs as another user when the tests run as root: it must reach its folder
chmodSync(dir, 0o755);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, ok: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );

/** `npm run demo` in its own process group (as a terminal runs it), ready to serve. */
async function startDemo(port: number): Promise<{ npm: ChildProcess; log: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), EMBEDDED_DB_DIR: path.join(dir, "postgres"), NEXT_DIST_DIR: distDir };
  delete env.DATABASE_URL;
  delete env.DATABASE_POOL_MAX;
  const npm = spawn("npm", ["run", "demo"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  npm.stdout!.on("data", (d) => (out += d));
  npm.stderr!.on("data", (d) => (out += d));
  await until(`the demo to answer on ${port}`, async () => {
    if (npm.exitCode !== null) throw new Error(`npm run demo exited with ${npm.exitCode}: ${out}`);
    return answers(port);
  }, 240_000);
  return { npm, log: () => out };
}

const started: number[] = [];
afterAll(() => {
  // never leave a server behind, whatever failed
  for (const pgid of started) if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!haveBuild)(`stopping npm run demo (build in ${distDir})`, () => {
  it("SIGTERM to npm stops the server and every process it started", async () => {
    const port = await freePort();
    const { npm, log } = await startDemo(port);
    started.push(npm.pid!);
    const exited = new Promise<void>((r) => npm.once("exit", () => r()));
    process.kill(npm.pid!, "SIGTERM");
    await exited;
    await until("the demo's processes to end", () => !groupAlive(npm.pid!), 20_000).catch((e) => {
      throw new Error(`${(e as Error).message}; log: ${log()}`);
    });
    expect(await answers(port)).toBe(false);
    // the embedded database was stopped too: its marker is gone, so the next CLI starts its own
    expect(existsSync(path.join(dir, "embedded-db.json"))).toBe(false);
  }, 300_000);

  it("Ctrl+C (SIGINT to the process group) stops it too", async () => {
    const port = await freePort();
    const { npm } = await startDemo(port);
    started.push(npm.pid!);
    process.kill(-npm.pid!, "SIGINT");
    await until("the demo's processes to end", () => !groupAlive(npm.pid!), 20_000);
    expect(await answers(port)).toBe(false);
  }, 300_000);
});
