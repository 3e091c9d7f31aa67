// `npm run test:fast`: the loop while working — lint, typecheck and the unit tests (Vitest's
// "unit" project: lib/ and app/, no database, files in parallel), all three at once. Not a
// substitute for `npm test` (integration tests on PostgreSQL, the build, end-to-end tests), which
// CI runs. Each stage's output is held back and printed only when it fails, then one closing line.
// Assumes dependencies and the Prisma client are in place (npm test or npm run demo did that once).
import { spawn } from "node:child_process";

const STAGES = [
  // Both keep what they learnt for the next run: ESLint's cache (.eslintcache, by file content, so a
  // branch switch does not invalidate it) and tsc's incremental build info (tsconfig.json).
  { name: "lint", command: "node_modules/.bin/eslint", args: [".", "--max-warnings=0", "--cache", "--cache-strategy", "content"] },
  { name: "typecheck", command: "node_modules/.bin/tsc", args: ["--noEmit"] },
  { name: "unit", command: "node_modules/.bin/vitest", args: ["run", "--project", "unit", "--reporter=dot"] },
];

const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, "");
const seconds = (ms) => `${Math.round(ms / 1000)}s`;

/** Runs one stage to its end; resolves (never rejects) with its exit code, output and time. */
function run({ name, command, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Output goes through a pipe: FORCE_COLOR keeps a terminal's colours in what a failure shows.
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env;
    const child = spawn(command, args, { env });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", (error) => resolve({ name, code: 1, output: `${output}\n${error.message}`, ms: Date.now() - started }));
    child.on("close", (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, ms: Date.now() - started }));
  });
}

/** What a stage's line says besides ok/FAILED: Vitest's own test count. */
function detail({ name, output }) {
  if (name !== "unit") return "";
  const tests = strip(output).match(/^\s*Tests\s+(.*?)\s*$/m);
  return tests ? ` (${tests[1]})` : "";
}

const started = Date.now();
const results = await Promise.all(
  STAGES.map((stage) =>
    run(stage).then((result) => {
      if (result.code !== 0) process.stdout.write(`\n=== ${result.name} FAILED (exit ${result.code}) ===\n${result.output}\n`);
      return result;
    }),
  ),
);
const failed = results.filter((r) => r.code !== 0);
const parts = results.map((r) => `${r.name} ${r.code === 0 ? "ok" : "FAILED"}${detail(r)} ${seconds(r.ms)}`);
console.log(`\ntest:fast ${failed.length ? "FAILED" : "passed"} in ${seconds(Date.now() - started)}: ${parts.join(", ")}`);
process.exit(failed.length ? 1 : 0);
