// `npm run demo`: database (embedded unless DATABASE_URL is set) → migrations → demo seed (once)
// → production build (once) → `next start`. One command from a fresh clone.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { resolveDatabase } from "./database-url";
import { runPrisma } from "./prisma-cli";

const log = (s: string) => console.log(`[tropos] ${s}`);

function authSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  // Demo convenience: a random secret kept in the git-ignored data folder. Production sets NEXTAUTH_SECRET.
  const file = path.resolve(".data/nextauth-secret");
  mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}`))));
  });
}

/** Stops the embedded database this process started, if any (also when a step below fails). */
let stopDatabase = async () => undefined as void;

async function main() {
  const port = process.env.PORT ?? "3000";
  const { url, embedded } = await resolveDatabase(log);
  stopDatabase = async () => void (await embedded?.stop().catch(() => undefined));
  // Ctrl-C or SIGTERM before `next start` runs (migrations, seed, build): the embedded database is
  // stopped too, not left running. Once `next start` runs, the signal goes to it and its exit stops
  // the database (below).
  const started: { child?: ReturnType<typeof spawn> } = {};
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await embedded?.stop().catch(() => undefined);
    process.exit(code);
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      const child = started.child;
      if (child && child.exitCode === null) child.kill(sig);
      else void stop(sig === "SIGINT" ? 130 : 143);
    });
  }
  // an embedded database this process started was brought up to date by resolveDatabase
  if (!embedded) {
    log("Applying migrations …");
    await runPrisma(["migrate", "deploy"], url);
  }

  const { getDb } = await import("../lib/db/client");
  const { getPgPool, closePgPool } = await import("../lib/db/pg-pool");
  const { seedDemo, DEMO_USERS, DEMO_PASSWORD } = await import("../lib/db/demo/seed-demo");
  // a database made by an earlier release: its projects move onto the one runtime first
  const { moveEveryProjectAndLog } = await import("../lib/db/upgrade/move-every-project-log");
  await moveEveryProjectAndLog(getDb(), log);
  const seeded = await seedDemo(getDb(), getPgPool(), { log });
  log(seeded ? "Demo project seeded." : "Demo project already present.");
  await getDb().$disconnect();
  await closePgPool();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    NEXTAUTH_SECRET: authSecret(),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}`,
  };
  // next.config.ts builds into NEXT_DIST_DIR when set (side-by-side builds); look where it builds
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(distDir, "BUILD_ID")) || process.env.TROPOS_REBUILD === "1") {
    log("Building the app (first start only; TROPOS_REBUILD=1 forces it) …");
    await run("node_modules/.bin/next", ["build"], env);
  }
  log(`Starting on http://localhost:${port}`);
  console.log("\n  Demo accounts (password for all: " + DEMO_PASSWORD + ")");
  for (const u of DEMO_USERS) console.log(`    ${u.email.padEnd(26)} ${u.isAdmin ? "site admin" : u.roles.join(", ").toLowerCase()}`);
  console.log("");
  const child = (started.child = spawn("node_modules/.bin/next", ["start", "-p", port], { stdio: "inherit", env }));
  child.on("exit", (code) => void stop(code ?? 0));
}

main().catch(async (e) => {
  console.error(`[tropos] ${e instanceof Error ? e.message : String(e)}`);
  await stopDatabase();
  process.exit(1);
});
