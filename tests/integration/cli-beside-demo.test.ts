// The README's reproduction recipe runs `tropos export` while `npm run demo` is serving the embedded
// database (PGlite behind a socket server). The CLI used to open its pool of ten connections there:
// the server admits only a few sockets and refuses the rest by closing them, so the export died with
// "read ECONNRESET" (exit 3). Here a real embedded database is served by another process that keeps
// its own connection open and busy, as the running app does, and the CLI must work beside it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTropos } from "../support/run-tropos";

const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-embedded-"));
const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
let host: ChildProcess;

function envWithoutDatabaseUrl(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_DB_DIR: path.join(dir, "pglite") };
  delete env.DATABASE_URL;
  delete env.DATABASE_POOL_MAX;
  return env;
}

const tropos = (...args: string[]) => runTropos(args, envWithoutDatabaseUrl());

beforeAll(async () => {
  host = spawn(process.execPath, [tsx, "tests/fixtures/embedded-demo-host.ts"], { env: envWithoutDatabaseUrl() });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    host.stdout!.on("data", (d) => {
      log += d;
      if (log.includes("ready\n")) resolve();
    });
    host.stderr!.on("data", (d) => (log += d));
    host.on("exit", (code) => reject(new Error(`the embedded database host exited with ${code}: ${log}`)));
  });
}, 180_000);

afterAll(async () => {
  if (host.exitCode === null) {
    const exited = new Promise((r) => host.once("exit", r));
    host.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("tropos CLI beside a running demo (embedded database)", () => {
  it("exports agreement and lists projects while the demo holds its own connection, also two runs at once", async () => {
    const [agreement, list] = await Promise.all([
      tropos("export", "--project", "demo", "--what", "agreement", "--format", "json"),
      tropos("project", "list", "--json"),
    ]);
    expect([agreement.code, agreement.stderr]).toEqual([0, ""]);
    expect(Array.isArray(JSON.parse(agreement.stdout))).toBe(true);
    expect([list.code, list.stderr]).toEqual([0, ""]);
    expect(JSON.parse(list.stdout).map((p: { slug: string }) => p.slug)).toEqual(expect.arrayContaining(["demo", "demo-it"]));
  }, 120_000);
});
