import { configDefaults, defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import path from "node:path";

const resolve = { alias: { "@": path.resolve(__dirname) } };
const PERF = "lib/**/perf.test.ts";
const common = { environment: "node", testTimeout: 60_000, hookTimeout: 120_000 } as const;

// Three projects, so that `vitest run` (npm test) still runs every file once and
// `vitest run --project unit` (npm run test:fast) runs the pure ones alone:
// - unit: lib/ and app/ tests, which need no database and spawn no CLI; files run in parallel
//   in worker threads.
// - perf: lib/ tests that time themselves (a parser must stay linear at 100k rows); beside lint,
//   typecheck and other test files their few seconds became too many, so they run alone.
// - integration: tests/, which share one freshly created PostgreSQL database per run
//   (tests/global-setup.ts), so their files run one at a time.
// perf and integration run in the forks pool (maxForks 1 below), each file in a fresh process as
// before, after the unit files (groupOrder), so they do not compete with them for the CPU.
export default defineConfig({
  resolve,
  test: {
    poolOptions: {
      // Vitest's default leaves a core to its main process, which mostly waits: on a two-core
      // machine that was one unit file at a time.
      threads: { maxThreads: availableParallelism() },
      // The forks pool is shared by every project that uses it (perf and integration): one file at a time.
      forks: { maxForks: 1, minForks: 1 },
    },
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "app/**/*.test.ts"],
          exclude: [...configDefaults.exclude, PERF],
          ...common,
          pool: "threads",
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve,
        test: {
          name: "perf",
          include: [PERF],
          ...common,
          pool: "forks",
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          ...common,
          pool: "forks",
          globalSetup: ["tests/global-setup.ts"],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
