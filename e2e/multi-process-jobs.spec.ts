// The production topology on one machine (issue 21): two `next start` web servers without
// workers (TROPOS_WORKER=off) and one `npm run worker` process, on their own database. An import
// is uploaded through server 1 and followed through server 2; the worker is killed (SIGKILL)
// while it stores the file, a new worker takes the job up once pg-boss expires it, and the import
// completes exactly once. Meanwhile an annotator saves through both servers: nothing is lost.
// Then (CI only) the same with a PostgreSQL restart in the middle of an import instead of a kill.
import { exec, execSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { apiSignIn, readDemoDocuments, USERS } from "./helpers";

// one retry: in one full CI run (not reproduced alone) the job never reached "storing" within
// 60 s; the failure now reports the job's state and the worker's log, and the retry keeps one
// unexplained stall from failing the whole suite while that is looked into
test.describe.configure({ mode: "serial", timeout: 240_000, retries: 1 });

const base = Number(process.env.E2E_PORT ?? 3210) + 60;
const urls = [`http://127.0.0.1:${base}`, `http://127.0.0.1:${base + 1}`];
const procs: ChildProcess[] = [];
let databaseUrl = "";
// short expiry and maintenance, so a dead worker's job comes back within seconds, not 15 minutes
const jobEnv = { TROPOS_JOB_EXPIRE_SECONDS: "6", TROPOS_JOB_MAINTENANCE_SECONDS: "2" };

function startWorker(): ChildProcess {
  // its own process group: tsx runs the script in a child process, and a kill must reach both
  const w = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/worker.ts"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATABASE_URL: databaseUrl, ...jobEnv },
  });
  // drain its output (an undrained pipe would stall a chatty worker) and keep it for failures
  w.stdout!.on("data", (d) => (workerLog += d));
  w.stderr!.on("data", (d) => (workerLog += d));
  procs.push(w);
  return w;
}
let workerLog = "";

async function waitFor(what: string, ok: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test.beforeAll(async () => {
  const prep = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/e2e-prepare.ts"], {
    env: { ...process.env, E2E_DB_NAME: `${process.env.E2E_DB_NAME ?? "tropos_e2e"}_mp` },
    encoding: "utf8",
  });
  if (prep.status !== 0) throw new Error(`e2e-prepare failed: ${prep.stderr}`);
  databaseUrl = prep.stdout.trim().split("\n").pop()!;
  for (const url of urls) {
    const port = new URL(url).port;
    procs.push(
      spawn("node_modules/.bin/next", ["start", "-p", port, "-H", "127.0.0.1"], {
        stdio: "ignore",
        env: { ...process.env, DATABASE_URL: databaseUrl, NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789", NEXTAUTH_URL: urls[0], TROPOS_WORKER: "off", ...jobEnv },
      }),
    );
  }
  for (const url of urls) await waitFor(`${url} to answer`, () => fetch(`${url}/api/health`).then((r) => r.ok, () => false), 120_000);
});

test.afterAll(() => {
  for (const p of procs) {
    try {
      // workers run in their own process group (see startWorker)
      if (p.spawnargs.some((a) => a.endsWith("worker.ts"))) process.kill(-p.pid!, "SIGKILL");
      else if (p.exitCode === null) p.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
});

const J = (o: unknown) => JSON.stringify(o);
function corpus(n: number): Buffer {
  const lines = [J({ type: "document", externalId: "mp-doc", language: "en", title: "multi-process" })];
  for (let i = 0; i < n; i++) lines.push(J({ type: "segment", documentId: "mp-doc", externalId: `mp-${i}`, index: i, text: `Sentence ${i}: prices skyrocketed after the storm.`, language: "en", metaphorical: false }));
  return Buffer.from(lines.join("\n") + "\n");
}

type TJob = { status: string; stage: string | null; attempts: number; done: number; total: number };
const jobOf = async (ctx: APIRequestContext, id: string): Promise<TJob> => (await (await ctx.get(`/api/projects/demo/jobs/${id}`)).json()).job;

/** Uploads a file for a background import through the first server; the job's id. */
async function importInBackground(m: APIRequestContext, name: string, buffer: Buffer): Promise<string> {
  const upload = await m.post("/api/projects/demo/import", {
    multipart: { file: { name, mimeType: "application/x-ndjson", buffer }, background: "1" },
    headers: { Origin: urls[0] },
  });
  expect(upload.status()).toBe(202);
  return (await upload.json()).job.id as string;
}

test("a worker killed mid-import: another worker finishes the job, once; saves through both servers all land", async () => {
  const m1 = await playwrightRequest.newContext({ baseURL: urls[0] });
  await apiSignIn(m1, USERS.manager);
  const m2 = await playwrightRequest.newContext({ baseURL: urls[1], storageState: await m1.storageState() });
  const before = (await (await m1.get("/api/projects/demo")).json()).segments as number;

  let worker = startWorker();
  const N = 60_000;
  const jobId = await importInBackground(m1, "mp.jsonl", corpus(N));

  // an annotator saves through both servers while the import runs
  const a1 = await playwrightRequest.newContext({ baseURL: urls[0] });
  await apiSignIn(a1, USERS.annotator);
  const a2 = await playwrightRequest.newContext({ baseURL: urls[1], storageState: await a1.storageState() });
  // every demo item is behind its document (MetaHOPE's read-first): read them, or the saves answer 423
  await readDemoDocuments(a1);
  const item = await (await a1.get("/api/projects/demo/items/demo-doc-1-s1")).json();
  const target = { segmentId: item.segment.id, translationId: item.translations[0].id, field: "OVERALL" };
  let version = item.annotations.find((a: { translationId: string; mrwId: string | null; field: string }) => a.translationId === target.translationId && a.mrwId === null && a.field === "OVERALL")?.version ?? 0;
  const saves = (async () => {
    for (let i = 0; i < 20; i++) {
      const res = await (i % 2 ? a2 : a1).put("/api/projects/demo/annotations", { data: { ...target, value: 1 + (i % 5), baseVersion: version } });
      expect(res.status()).toBe(200);
      version = (await res.json()).version;
    }
  })();

  // followed through the other server; kill the worker while it stores the file
  let last: TJob | null = null;
  await waitFor(
    "the worker to store the file",
    async () => {
      last = await jobOf(m2, jobId);
      if (["done", "failed", "cancelled"].includes(last.status)) throw new Error(`the job ended (${last.status}) before the worker could be killed while storing; worker log:\n${workerLog}`);
      return last.stage?.startsWith("storing mp.jsonl") ?? false;
    },
    90_000,
  ).catch((e: Error) => {
    throw new Error(`${e.message}; job ${JSON.stringify(last)}; worker log:\n${workerLog}`);
  });
  const dead = new Promise((r) => worker.once("exit", r));
  process.kill(-worker.pid!, "SIGKILL");
  await dead;
  expect((await jobOf(m2, jobId)).status).toBe("running");
  worker = startWorker();
  await waitFor("the job to finish on the new worker", async () => (await jobOf(m1, jobId)).status === "done", 120_000);
  await saves;

  const job = await jobOf(m2, jobId);
  expect(job).toMatchObject({ status: "done", done: 2, total: 2 });
  expect(job.attempts).toBeGreaterThanOrEqual(2);
  // every segment once: the killed worker's transaction rolled back, the new one stored the file
  expect((await (await m2.get("/api/projects/demo")).json()).segments).toBe(before + N);
  const after = await (await a2.get("/api/projects/demo/items/demo-doc-1-s1")).json();
  expect(after.annotations.find((a: { translationId: string; mrwId: string | null; field: string }) => a.translationId === target.translationId && a.mrwId === null && a.field === "OVERALL")).toMatchObject({ version, value: 5 });
  await Promise.all([m1.dispose(), m2.dispose(), a1.dispose(), a2.dispose()]);
});

const canRestartPostgres = existsSync("/etc/postgresql") && process.getuid?.() === 0 && !!process.env.CI;

test("a PostgreSQL restart mid-import (CI only: restarts the shared cluster): the job completes once; every acknowledged save through either server is stored", async () => {
  test.skip(!canRestartPostgres, "needs root, a local Debian cluster and CI=true");
  const m1 = await playwrightRequest.newContext({ baseURL: urls[0] });
  await apiSignIn(m1, USERS.manager);
  const m2 = await playwrightRequest.newContext({ baseURL: urls[1], storageState: await m1.storageState() });
  const before = (await (await m1.get("/api/projects/demo")).json()).segments as number;
  // the worker of the first test is running (or a new one is started)
  if (!procs.some((p) => p.spawnargs.some((a) => a.endsWith("worker.ts")) && p.exitCode === null && p.signalCode === null)) startWorker();

  const N = 60_000;
  const lines = corpus(N).toString().replaceAll("mp-", "pg-");
  const jobId = await importInBackground(m1, "pg.jsonl", Buffer.from(lines));

  // saves through both servers that retry what the restart refuses (503, or no answer): a save
  // counts once acknowledged, and the last acknowledged value must be the stored one
  const a1 = await playwrightRequest.newContext({ baseURL: urls[0] });
  await apiSignIn(a1, USERS.annotator);
  const a2 = await playwrightRequest.newContext({ baseURL: urls[1], storageState: await a1.storageState() });
  // every demo item is behind its document (MetaHOPE's read-first): read them, or the saves answer 423
  await readDemoDocuments(a1);
  const item = await (await a1.get("/api/projects/demo/items/demo-doc-1-s2")).json();
  const target = { segmentId: item.segment.id, translationId: item.translations[0].id, field: "OVERALL" };
  const current = () => a1.get("/api/projects/demo/items/demo-doc-1-s2").then(async (r) => ((await r.json()).annotations as { translationId: string; mrwId: string | null; field: string; version: number; value: number }[]).find((a) => a.translationId === target.translationId && a.mrwId === null && a.field === "OVERALL"));
  let version = (await current())?.version ?? 0;
  let acknowledged: { value: number; version: number } | null = null;
  let refused = 0;
  // saves go on through the restart (it runs asynchronously, below) and until five more were
  // acknowledged after it
  let restarted = false;
  let savedAfterRestart = 0;
  const saves = (async () => {
    for (let i = 0; !(restarted && savedAfterRestart >= 5); i++) {
      if (i > 2000) throw new Error("the saves never saw the restart end");
      const value = 1 + (i % 5);
      // one idempotency key per save, kept across its retries: a retry of a save that committed but
      // lost its answer gets that answer back instead of a conflict with itself
      const key = `pg-restart-${jobId}-${i}`.slice(0, 64);
      for (let attempt = 0; ; attempt++) {
        const res = await (i % 2 ? a2 : a1).put("/api/projects/demo/annotations", { data: { ...target, value, baseVersion: version }, headers: { "Idempotency-Key": key }, timeout: 15_000 }).catch(() => null);
        if (res?.status() === 200) {
          version = (await res.json()).version;
          acknowledged = { value, version };
          if (restarted) savedAfterRestart++;
          break;
        }
        if (res && res.status() !== 503) throw new Error(`save ${i} answered ${res.status()}: ${await res.text()}`);
        refused++;
        if (attempt > 90) throw new Error(`save ${i} still refused after the restart`);
        await new Promise((r) => setTimeout(r, 500));
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  })();

  await waitFor("the worker to store the file", async () => ((await jobOf(m2, jobId).catch(() => null))?.stage?.startsWith("storing pg.jsonl") ?? false), 90_000).catch((e: Error) => {
    throw new Error(`${e.message}; worker log:\n${workerLog}`);
  });
  const cluster = execSync("ls /etc/postgresql").toString().trim().split("\n")[0];
  // not execSync: the saves must keep going (and be refused) while PostgreSQL is down
  await promisify(exec)(`pg_ctlcluster --skip-systemctl-redirect ${cluster} main restart`);
  restarted = true;
  await saves;
  await waitFor("the job to finish after the restart", async () => ["done", "failed"].includes((await jobOf(m1, jobId).catch(() => ({ status: "?" }) as TJob)).status), 150_000).catch((e: Error) => {
    throw new Error(`${e.message}; worker log:\n${workerLog}`);
  });
  const job = await jobOf(m2, jobId);
  expect(job.status, JSON.stringify(job)).toBe("done");
  expect((await (await m2.get("/api/projects/demo")).json()).segments).toBe(before + N);
  // the restart really refused requests (otherwise this test would prove nothing about it)
  expect(refused).toBeGreaterThan(0);
  expect(await current()).toMatchObject(acknowledged!);
  await Promise.all([m1.dispose(), m2.dispose(), a1.dispose(), a2.dispose()]);
});
