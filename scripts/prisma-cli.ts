// Runs the Prisma CLI with DATABASE_URL set (without it `prisma generate` tries to download an
// engine, which fails offline). Asynchronous on purpose: the embedded database may be served
// from this very process, and a blocking spawn would starve it.
import { spawn } from "node:child_process";
import path from "node:path";

export function runPrisma(args: string[], databaseUrl: string): Promise<void> {
  const bin = path.resolve("node_modules/.bin/prisma");
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`prisma ${args.join(" ")} failed (exit ${code})`))));
  });
}
