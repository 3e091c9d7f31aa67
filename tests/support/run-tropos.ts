// The `tropos` CLI run as a lead runs it: a process of its own (cli/tropos.ts through tsx), its exit
// code and both streams. One helper for the tests that spawn it (it had been written out in each):
// Vitest's integration tests await it, Playwright's specs (e2e/tropos.ts) run it to its end.
// No Vitest import here, so that Playwright can load this file too.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";

export interface TCliRun {
  code: number;
  stdout: string;
  stderr: string;
}

type TEnv = Record<string, string | undefined>;

/** node + tsx's CLI + cli/tropos.ts: what `npm run tropos` runs, without npm in between. */
function command(args: readonly string[]): [string, string[]] {
  return [process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "cli/tropos.ts", ...args]];
}

/** Runs `tropos …args` with exactly `env` as its environment. */
export function runTropos(args: readonly string[], env: TEnv): Promise<TCliRun> {
  return runProcess(...command(args), env);
}

/** Runs a process with exactly `env` as its environment, to its end (another script of the project, e.g. scripts/migrate.ts). */
export function runProcess(file: string, args: readonly string[], env: TEnv): Promise<TCliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: env as NodeJS.ProcessEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** `runTropos`, blocking until the process ends (a Playwright spec's setup between two page steps). */
export function runTroposSync(args: readonly string[], env: TEnv): TCliRun {
  const r = spawnSync(...command(args), { env: env as NodeJS.ProcessEnv, encoding: "utf8" });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** `tropos` against a database: this process's environment with DATABASE_URL (read when called) and `extra`. */
export function troposOn(databaseUrl: () => string, extra: TEnv = {}): (...args: string[]) => Promise<TCliRun> {
  return (...args) => runTropos(args, { ...process.env, DATABASE_URL: databaseUrl(), ...extra });
}
