// The `tropos` CLI run as a lead runs it: a process of its own (cli/tropos.ts through tsx), its exit
// code and both streams. One helper for the tests that spawn it (it had been written out in each).
import { spawn } from "node:child_process";
import path from "node:path";

export interface TCliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tropos …args` with exactly `env` as its environment. */
export function runTropos(args: readonly string[], env: Record<string, string | undefined>): Promise<TCliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "cli/tropos.ts", ...args], { env: env as NodeJS.ProcessEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** `tropos` against a database: this process's environment with DATABASE_URL (read when called) and `extra`. */
export function troposOn(databaseUrl: () => string, extra: Record<string, string | undefined> = {}): (...args: string[]) => Promise<TCliRun> {
  return (...args) => runTropos(args, { ...process.env, DATABASE_URL: databaseUrl(), ...extra });
}
