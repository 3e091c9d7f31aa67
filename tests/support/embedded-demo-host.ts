// A running `npm run demo` for the tests of what runs beside it (the CLI, a streamed import):
// tests/fixtures/embedded-demo-host.ts in a process of its own, serving the embedded database
// from a data folder of the test's. One helper for the tests that start it (each had its own).
import { spawn } from "node:child_process";
import path from "node:path";

/**
 * This process's environment for a process that is to find the embedded database in `dataDir`:
 * without DATABASE_URL (which would win over it) and DATABASE_POOL_MAX, with `extra`.
 */
export function embeddedDbEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_DB_DIR: dataDir, ...extra };
  delete env.DATABASE_URL;
  delete env.DATABASE_POOL_MAX;
  return env;
}

export interface TEmbeddedDemoHost {
  /** Resolves once the host prints "ready" (migrated, seeded, serving); rejects with its output if it exits first. */
  ready: Promise<void>;
  /** Ends the host (SIGTERM, as Ctrl+C on the demo) and waits for it; nothing when it has ended. */
  stop(): Promise<void>;
}

/** Starts the host on `dataDir`. Returned at once, so that a test's afterAll can stop a host that never got ready. */
export function startEmbeddedDemoHost(dataDir: string): TEmbeddedDemoHost {
  const host = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "tests/fixtures/embedded-demo-host.ts"], { env: embeddedDbEnv(dataDir) });
  let log = "";
  const ready = new Promise<void>((resolve, reject) => {
    host.stdout.on("data", (d) => {
      log += d;
      if (log.includes("ready\n")) resolve();
    });
    host.stderr.on("data", (d) => (log += d));
    host.on("exit", (code) => reject(new Error(`the embedded database host exited with ${code}: ${log}`)));
  });
  return {
    ready,
    async stop() {
      if (host.exitCode !== null || host.signalCode !== null) return;
      const exited = new Promise((r) => host.once("exit", r));
      host.kill("SIGTERM");
      await exited;
    },
  };
}
