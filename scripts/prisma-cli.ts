// Runs the Prisma CLI with DATABASE_URL set (without it `prisma generate` tries to download an
// engine, which fails offline). Asynchronous on purpose: the embedded database may be served
// from this very process, and a blocking spawn would starve it.
import { spawn } from "node:child_process";
import path from "node:path";

/** `quiet`: Prisma's output is kept out of this process's stdout (a CLI's JSON) and shown only in the error of a failure. */
export function runPrisma(args: string[], databaseUrl: string, opts: { quiet?: boolean } = {}): Promise<void> {
  const bin = path.resolve("node_modules/.bin/prisma");
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      stdio: opts.quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`prisma ${args.join(" ")} failed (exit ${code})${output ? `: ${output.trim().split("\n").slice(-3).join(" ")}` : ""}`)),
    );
  });
}
