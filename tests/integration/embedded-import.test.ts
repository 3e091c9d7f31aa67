// A large Tropos JSONL import on the embedded database (the default of `npm run demo`: a PostgreSQL
// server of its own, scripts/embedded-db.ts; issue 29 point 1). A real embedded database is served
// by another process that keeps its own connections busy, as the running app does; the CLI imports
// beside it with the streaming path forced (TROPOS_IMPORT_STREAM_MB=0), and another client measures
// how long its small queries wait: at most 2 s at a time, never failing (the bound). The
// earlier embedded database (PGlite) was one session shared by every client, so another client
// waited for the whole of an import's transaction.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticJsonl } from "@/bench/import-export";
import { disconnectDb, getDb } from "@/lib/db/client";
import { closePgPool, getPgPool } from "@/lib/db/pg-pool";
import { createImportJob, getProjectJob } from "@/lib/db/jobs/jobs";
import { stopBoss } from "@/lib/jobs/queue";
import { startWorker } from "@/lib/jobs/worker";
import { runningEmbeddedDb } from "@/scripts/embedded-db";
import { embeddedDbEnv, startEmbeddedDemoHost, type TEmbeddedDemoHost } from "../support/embedded-demo-host";
import { runTropos } from "../support/run-tropos";

const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-embedded-import-"));
// the embedded database's server runs as another user when the tests run as root: it must reach its folder
chmodSync(dir, 0o755);
let host: TEmbeddedDemoHost | undefined;
let url: string;

/** The environment of a process that finds the embedded database in `dataDir` (the demo's, by default). */
const envWithoutDatabaseUrl = (dataDir = path.join(dir, "postgres"), extra: Record<string, string> = {}) => embeddedDbEnv(dataDir, extra);

const tropos = (args: string[], env: NodeJS.ProcessEnv = envWithoutDatabaseUrl()) => runTropos(args, env);

/** A JSONL file of the benchmark's synthetic corpus (100 segments per document, 3 MRWs and 4 translations each). */
function corpusFile(name: string, segments: number, prefix: string): string {
  const file = path.join(dir, name);
  // the corpus's ids made unique per file, so that each import creates its own documents
  writeFileSync(file, [...syntheticJsonl(segments)].join("").replaceAll("bench-doc-", `${prefix}-doc-`));
  return file;
}

/** Runs `query` on its own connection in a loop while `work` runs; the longest single wait, in ms. */
async function longestWait<T>(work: Promise<T>): Promise<{ result: T; maxMs: number; queries: number; failures: string[] }> {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  let done = false;
  let maxMs = 0;
  let queries = 0;
  const failures: string[] = [];
  const loop = (async () => {
    while (!done) {
      const t0 = performance.now();
      try {
        await other.query(`SELECT count(*) FROM "Project"`);
        queries++;
      } catch (e) {
        failures.push((e as Error).message);
        return;
      }
      maxMs = Math.max(maxMs, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const result = await work;
    return { result, maxMs, queries, failures };
  } finally {
    done = true;
    await loop;
    await other.end().catch(() => undefined);
  }
}

beforeAll(async () => {
  host = startEmbeddedDemoHost(path.join(dir, "postgres"));
  await host.ready;
  url = runningEmbeddedDb(path.join(dir, "postgres"))!;
}, 180_000);

afterAll(async () => {
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("streaming JSONL import on the embedded database", () => {
  it("imports a file over the stream threshold, and the database keeps answering other clients", async () => {
    const file = corpusFile("small.jsonl", 300, "small");
    const r = await tropos(["import", file, "--project", "demo", "--json"], envWithoutDatabaseUrl(undefined, { TROPOS_IMPORT_STREAM_MB: "0" }));
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(JSON.parse(r.stdout)).toMatchObject({ documents: 3, segments: 300, mrws: 900, translations: 1200, errors: [] });
    // the server still serves everyone: a fresh client, and the CLI again
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const n = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Segment" WHERE "externalId" LIKE 'small-doc-%'`);
      expect(n.rows[0].n).toBe(300);
    } finally {
      await c.end();
    }
    const list = await tropos(["project", "list", "--json"]);
    expect([list.code, list.stderr]).toEqual([0, ""]);
  }, 120_000);

  // The import's file is one transaction on a session of its own; another client's session is
  // served meanwhile (on PGlite's one session it waited for all of it: 1.1–2.0 s for this file).
  it("lets another client's small queries wait at most 2 s at a time during an import of 4,000 segments, and never fail", async () => {
    const file = corpusFile("larger.jsonl", 4000, "larger");
    const { result, maxMs, queries, failures } = await longestWait(
      tropos(["import", file, "--project", "demo", "--json"], envWithoutDatabaseUrl(undefined, { TROPOS_IMPORT_STREAM_MB: "0" })),
    );
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(JSON.parse(result.stdout)).toMatchObject({ segments: 4000, errors: [] });
    expect(failures).toEqual([]);
    expect(queries).toBeGreaterThan(5);
    expect(maxMs).toBeLessThanOrEqual(2000);
    console.log(`embedded import of 4,000 segments: ${queries} queries of another client, the longest waited ${Math.round(maxMs)} ms`);
  }, 180_000);

  // The browser's way: the upload becomes a job that the app's own worker runs on the app's pool,
  // which the app's pages share with it. The process's own pool and client are pointed at the
  // embedded database, as in the app (what the job does after it, warming the report cache, uses them).
  it("an import job (the browser's way) streams a file on the app's pool while the app's other queries wait at most 2 s", async () => {
    const before = { stream: process.env.TROPOS_IMPORT_STREAM_MB, url: process.env.DATABASE_URL, max: process.env.DATABASE_POOL_MAX };
    process.env.TROPOS_IMPORT_STREAM_MB = "0";
    process.env.DATABASE_URL = url;
    delete process.env.DATABASE_POOL_MAX;
    const pool = getPgPool();
    const db = getDb();
    try {
      const project = await db.project.findUniqueOrThrow({ where: { slug: "demo" }, select: { id: true } });
      await startWorker(db, pool, { pollingIntervalSeconds: 0.5 });
      const content = Buffer.from([...syntheticJsonl(4000)].join("").replaceAll("bench-doc-", "job-doc-"));
      let maxMs = 0;
      let queries = 0;
      const job = await createImportJob(db, pool, { projectId: project.id, actorId: null, files: [{ name: "job.jsonl", content }], options: { format: "auto" } });
      const end = Date.now() + 120_000;
      let view = job;
      while (!["done", "failed", "cancelled"].includes(view.status) && Date.now() < end) {
        // a page's query, and the import page's poll of the job: each timed
        const t0 = performance.now();
        await db.segment.count({ where: { projectId: project.id, externalId: { startsWith: "job-doc-" } } });
        const t1 = performance.now();
        view = await getProjectJob(db, project.id, job.id);
        maxMs = Math.max(maxMs, t1 - t0, performance.now() - t1);
        queries += 2;
        await new Promise((r) => setTimeout(r, 20));
      }
      console.log(`import job of 4,000 segments on the embedded database: ${queries} queries of the app beside it, the longest waited ${Math.round(maxMs)} ms`);
      expect(view).toMatchObject({ status: "done", error: null });
      expect(await db.segment.count({ where: { projectId: project.id, externalId: { startsWith: "job-doc-" } } })).toBe(4000);
      expect(queries).toBeGreaterThan(5);
      expect(maxMs).toBeLessThanOrEqual(2000);
    } finally {
      await stopBoss();
      await disconnectDb();
      await closePgPool();
      for (const [name, value] of [["TROPOS_IMPORT_STREAM_MB", before.stream], ["DATABASE_URL", before.url], ["DATABASE_POOL_MAX", before.max]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }, 180_000);

  it("refuses a file with an error whole (nothing stored) and drops the import's staging tables", async () => {
    const file = corpusFile("refused.jsonl", 200, "refused");
    writeFileSync(file, `${JSON.stringify({ type: "mrw", segmentId: "nowhere", externalId: "m1", spans: [{ start: 0, end: 3 }], token: "the", pos: "VERB", active: true, metaphorical: true })}\n`, { flag: "a" });
    const r = await tropos(["import", file, "--project", "demo", "--json"], envWithoutDatabaseUrl(undefined, { TROPOS_IMPORT_STREAM_MB: "0" }));
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/segment nowhere, which is not in the file/);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const n = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Segment" WHERE "externalId" LIKE 'refused-doc-%'`);
      expect(n.rows[0].n).toBe(0);
      const staged = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'tropos_stage%'`);
      expect(staged.rows[0].n).toBe(0);
    } finally {
      await c.end();
    }
  }, 120_000);
});

describe("tropos on a fresh clone (embedded database never started)", () => {
  it("migrates the embedded database on first use instead of failing on a missing table", async () => {
    const r = await tropos(["project", "list", "--json"], envWithoutDatabaseUrl(path.join(dir, "fresh", "postgres")));
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(JSON.parse(r.stdout)).toEqual([]);
  }, 180_000);
});
