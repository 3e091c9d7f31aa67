/**
 * Node CPU per annotation save, in process (issue 21 point 4). Calls the route handler itself,
 * `PUT` of app/api/projects/[slug]/annotations/route.ts, with a Request carrying the session
 * cookie and an Idempotency-Key, as the workspace sends it (lib/workspace/save-request.ts), so
 * the figure covers everything the app's own code does for a save: the write guard, session
 * decode, caller, project and roles, scheme runtime, document gate, item context, validation, the
 * one write statement with its History row and receipt, and the JSON answer. What it leaves out
 * is Next.js's own request handling (HTTP parsing, routing, its per-request stores), which the
 * HTTP figures of `npm run bench` include.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/some_db npx tsx bench/save-cpu.ts
 *   SAVE_BENCH_PREPARE=1 …            # (re)create that database and migrate it first
 *   SAVE_BENCH_PROFILE=save.cpuprofile …  # V8 CPU profile of the measured saves, top self times printed
 *   SAVE_BENCH_N=3000 SAVE_BENCH_CONCURRENCY=50 …
 *
 * Measures, after a warm-up: saves one after another (Node CPU per save from process.cpuUsage,
 * wall time per save), then the same number from `concurrency` annotators at once (saves/s,
 * latency p50/p95, CPU per save), the CPU of the PostgreSQL backends serving the saves (from /proc,
 * same machine), and the single-row INSERT baseline (bench/baselines.ts) in the
 * same run, so saves/s is also given as a ratio to it. Every save is a versioned UPDATE or INSERT
 * that must answer 200; anything else stops the benchmark.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { insertTps } from "./baselines";
import { nextRequestScope } from "../tests/support/next-request-scope";

const N = Number(process.env.SAVE_BENCH_N ?? 2000);
const CONCURRENCY = Number(process.env.SAVE_BENCH_CONCURRENCY ?? 50);
const ANNOTATORS = Math.max(CONCURRENCY, 1);
const SEGMENTS = 20;
const FIELDS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"];
const ORIGIN = "http://127.0.0.1:3000";
const SECRET = "bench-secret-0123456789abcdef";

type TRoute = (req: Request, ctx: { params: Promise<{ slug: string }> }) => Promise<Response>;

/**
 * CPU seconds (user + system) of the PostgreSQL backends serving this database (same machine; read
 * from /proc): the server's share of a save, which shares the two cores with Node. null where /proc
 * is not readable.
 */
async function backendCpuSeconds(pool: { query: (sql: string) => Promise<{ rows: { pid: number }[] }> }): Promise<number | null> {
  const { rows } = await pool.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  let ticks = 0;
  try {
    for (const { pid } of rows) {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of proc(5))
    }
  } catch {
    return null;
  }
  return ticks / 100; // USER_HZ
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] * 100) / 100;
}

/** Self time per function of a V8 CPU profile, largest first. */
function topSelfTimes(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] }, n: number) {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = byNode.get(node.id) ?? 0;
    total += us;
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^.*node_modules\//, "").replace(/^.*\/(lib|app|bench)\//, "$1/")}:${f.lineNumber + 1}` : "";
    const key = `${f.functionName || "(anonymous)"} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([fn, us]) => ({ fn, ms: Math.round(us / 100) / 10, share: `${((100 * us) / total).toFixed(1)} %` }));
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("Set DATABASE_URL to a PostgreSQL database the benchmark may write to (SAVE_BENCH_PREPARE=1 creates and migrates it).");
  if (process.env.SAVE_BENCH_PREPARE === "1") {
    const name = new URL(url).pathname.slice(1);
    const { recreateDatabase } = await import("../tests/test-database");
    await recreateDatabase(name);
  }
  process.env.NEXTAUTH_SECRET = SECRET;
  process.env.NEXTAUTH_URL = ORIGIN;
  const { getDb, disconnectDb } = await import("../lib/db/client");
  const { closePgPool, getPgPool } = await import("../lib/db/pg-pool");
  const { ZSchemeConfig } = await import("../lib/schemes/scheme-config");
  const { storePresetOfPartsVersion } = await import("../lib/db/projects/project-schemes");
  const { encode } = await import("next-auth/jwt");
  const inScope = await nextRequestScope();
  const route = (await import("../app/api/projects/[slug]/annotations/route")) as { PUT: TRoute };
  const db = getDb();
  const tag = randomUUID().slice(0, 8);

  // ---- setup: a project as `tropos project create` makes it (built-in scheme stored as version 1) ----
  const schemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });
  const project = await db.project.create({ data: { slug: `bench-save-${tag}`, name: `Save bench ${tag}`, sourceLang: "en", targetLang: "zh", targetLangs: ["zh"], schemeConfig } });
  await db.$transaction((tx) => storePresetOfPartsVersion(tx, project.id, schemeConfig, { actorId: null, note: "bench" }));
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "bench-doc", language: "en", split: "TEST" } });
  const system = await db.mtSystem.create({ data: { projectId: project.id, name: "sys-a" } });
  const segments: { id: string }[] = [];
  for (let i = 0; i < SEGMENTS; i++) {
    segments.push(await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Sentence ${i}: the economy ran out of steam.`, language: "en", split: "TEST" } }));
  }
  await db.translation.createMany({ data: segments.map((s, i) => ({ segmentId: s.id, systemId: system.id, language: "zh", text: `第${i}句：经济失去了动力。` })) });
  const translations = await db.translation.findMany({ where: { segment: { projectId: project.id } }, select: { id: true, segmentId: true }, orderBy: { id: "asc" } });
  const users: { id: string; sessionVersion: number }[] = [];
  for (let i = 0; i < ANNOTATORS; i++) users.push(await db.user.create({ data: { email: `bench-save-${tag}-a${i}@bench.tropos`, name: `Bench ${i}` } }));
  await db.projectMember.createMany({ data: users.map((u) => ({ projectId: project.id, userId: u.id, role: "ANNOTATOR" as const })) });
  await db.assignment.createMany({ data: users.flatMap((u) => segments.map((s, i) => ({ projectId: project.id, annotatorId: u.id, segmentId: s.id, position: i }))) });
  // MetaHOPE's preset asks for the document first: every annotator has read it (else every save is 423)
  await db.documentRead.createMany({ data: users.map((u) => ({ userId: u.id, documentId: doc.id })) });
  const cookies = await Promise.all(users.map(async (u) => `next-auth.session-token=${await encode({ token: { uid: u.id, sv: u.sessionVersion }, secret: SECRET })}`));
  const targets = translations.flatMap((t) => FIELDS.map((field) => ({ segmentId: t.segmentId, translationId: t.id, field })));

  // ---- one annotator's saves: each on top of the version its previous save of that target returned ----
  const versions = users.map(() => new Map<number, number>());
  const counters = users.map(() => 0);
  const params = Promise.resolve({ slug: project.slug });
  async function saveOnce(a: number): Promise<number> {
    const n = counters[a]++;
    const k = n % targets.length;
    const body = JSON.stringify({ ...targets[k], mrwId: null, value: 1 + (n % 5), baseVersion: versions[a].get(k) ?? 0 });
    const req = new Request(`${ORIGIN}/api/projects/${project.slug}/annotations`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie: cookies[a], origin: ORIGIN, "sec-fetch-site": "same-origin", "idempotency-key": randomUUID() },
      body,
    });
    const t0 = performance.now();
    const res = await inScope(req, () => route.PUT(req, { params }));
    const answer = (await res.json()) as { version?: number };
    const ms = performance.now() - t0;
    if (res.status !== 200 || typeof answer.version !== "number") throw new Error(`save answered ${res.status}: ${JSON.stringify(answer)}`);
    versions[a].set(k, answer.version);
    return ms;
  }

  const warmUp = Math.min(500, N);
  for (let i = 0; i < warmUp; i++) await saveOnce(i % ANNOTATORS);
  // and concurrently, so that the pool has opened all its connections before anything is measured
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, a) => saveOnce(a)));
  // a separate connection that reads which backends serve the app's pool (those alive now stay for the run)
  const pg = (await import("pg")).default;
  const observer = new pg.Client({ connectionString: url });
  await observer.connect();

  const session = process.env.SAVE_BENCH_PROFILE ? new Session() : null;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
  }

  // sequential: one save at a time, so CPU per save is not blurred by queueing
  const seqTimes: number[] = [];
  let pg0 = await backendCpuSeconds(observer);
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  for (let i = 0; i < N; i++) seqTimes.push(await saveOnce(i % ANNOTATORS));
  let cpu = process.cpuUsage(cpu0);
  const seqWall = performance.now() - t0;
  let pg1 = await backendCpuSeconds(observer);
  const pgMsPerSave = (a: number | null, b: number | null, n: number) => (a === null || b === null ? null : Math.round(((b - a) * 1000 * 1000) / n) / 1000);
  const sequential = {
    saves: N,
    cpuMsPerSave: Math.round(((cpu.user + cpu.system) / 1000 / N) * 1000) / 1000,
    postgresCpuMsPerSave: pgMsPerSave(pg0, pg1, N),
    wallMsPerSave: Math.round((seqWall / N) * 1000) / 1000,
    p50: percentile(seqTimes.sort((a, b) => a - b), 50),
    p95: percentile(seqTimes, 95),
  };

  // concurrent: CONCURRENCY annotators saving back to back
  const conTimes: number[] = [];
  let next = 0;
  pg0 = await backendCpuSeconds(observer);
  cpu0 = process.cpuUsage();
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, a) => {
      while (next++ < N) conTimes.push(await saveOnce(a));
    }),
  );
  cpu = process.cpuUsage(cpu0);
  const conWall = (performance.now() - t0) / 1000;
  pg1 = await backendCpuSeconds(observer);
  await observer.end();
  conTimes.sort((a, b) => a - b);
  const concurrent = {
    saves: conTimes.length,
    concurrency: CONCURRENCY,
    savesPerSecond: Math.round(conTimes.length / conWall),
    cpuMsPerSave: Math.round(((cpu.user + cpu.system) / 1000 / conTimes.length) * 1000) / 1000,
    postgresCpuMsPerSave: pgMsPerSave(pg0, pg1, conTimes.length),
    p50: percentile(conTimes, 50),
    p95: percentile(conTimes, 95),
  };

  let top: ReturnType<typeof topSelfTimes> | null = null;
  if (session) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(process.env.SAVE_BENCH_PROFILE!, JSON.stringify(profile));
    top = topSelfTimes(profile as never, Number(process.env.SAVE_BENCH_TOP ?? 25));
    session.disconnect();
  }

  const history = await getPgPool().query<{ n: string }>(`SELECT count(*) AS n FROM "History" WHERE "projectId" = $1`, [project.id]);
  await db.project.delete({ where: { id: project.id } });
  await db.user.deleteMany({ where: { email: { startsWith: `bench-save-${tag}-` } } });
  await disconnectDb();
  await closePgPool();

  // the physical baseline, same run and database: single-row INSERT transactions from as many clients
  const insert = await insertTps(url, CONCURRENCY, Math.max(20, Math.ceil(N / CONCURRENCY)));
  const result = {
    name: "save-cpu",
    when: new Date().toISOString(),
    loadAverage: (await import("node:os")).loadavg().map((x) => Math.round(x * 100) / 100),
    historyRows: Number(history.rows[0].n),
    sequential,
    concurrent,
    insertBaseline: { concurrency: insert.concurrency, perSecond: Math.round(insert.perSecond) },
    ratioToInsert: Math.round((concurrent.savesPerSecond / insert.perSecond) * 1000) / 1000,
    ...(top ? { profileTopSelf: top } : {}),
  };
  console.log(JSON.stringify(result, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
