/**
 * Benchmark of the workspace hot paths over real HTTP on loopback, against a running Tropos
 * (`next start`) and its real PostgreSQL database.
 *
 *   BENCH_BASE_URL=http://127.0.0.1:3221 DATABASE_URL=postgresql://… npx tsx bench/workspace.ts
 *   BENCH_SAVE_RATE=0 …   # unpaced: saturation throughput
 *
 * Setup (in the server's database): a fresh project with 4 MT systems, `segments` segments of
 * 5 MRWs each, `annotators` annotators (password sign-in) each assigned every segment (the MMTE + MetaHOPE preset, stored as version 1; the document read).
 *
 * Measures
 * - item page: server time to render /projects/[slug]/items/[id] (4 systems × 5 MRWs, every MMTE and MetaHOPE field),
 *   sequential requests after a warm-up, time to the complete response body (p50/p95/p99);
 * - save: PUT /api/projects/[slug]/annotations with `annotators` concurrent connections (one per
 *   annotator, paced at `savesPerAnnotatorPerSecond`), one annotator per request in turn, each save on top of the version the previous save of that
 *   target returned (so the versioned UPDATE path is measured, not only INSERTs), driven by
 *   autocannon; per-request latencies give p50/p95/p99.
 * Aims (issue 5): save p95 < 50 ms, item page p95 < 150 ms.
 *
 * `runWorkspaceBench(opts)` returns the result object for an overall bench.
 */
import { randomUUID } from "node:crypto";
import { cookieHeader, fetchSignIn } from "./fetch-sign-in";
// @ts-expect-error -- autocannon ships no type declarations (and @types/autocannon is not installed)
import autocannon from "autocannon";

export interface WorkspaceBenchOptions {
  baseURL: string;
  /**
   * Several app servers on the same database (Poisson arrivals only): annotator a signs in and
   * saves on baseURLs[a mod n], as a load balancer with sticky sessions spreads people. The item
   * page figures stay on `baseURL`.
   */
  baseURLs?: string[];
  databaseUrl: string;
  segments?: number;
  annotators?: number;
  /** Item page requests after warm-up (default 200). */
  pageRequests?: number;
  /** Seconds of concurrent saving (default 10). */
  saveSeconds?: number;
  /**
   * Saves per second per annotator (autocannon connectionRate; default 2, i.e. a label every
   * 0.5 s — faster than anyone labels). 0 = no pacing: every connection saves back to back, which
   * measures saturation throughput rather than the latency an annotator sees.
   */
  savesPerAnnotatorPerSecond?: number;
  /**
   * "synchronized" (default): autocannon paces every connection on the same clock, so all
   * annotators save in the same instant — a burst of `annotators` requests every 1/rate s, the
   * worst case. "poisson": each annotator saves after an exponentially distributed pause with
   * the same mean rate, as independent people do.
   */
  arrivals?: "synchronized" | "poisson";
}

interface SaveTarget {
  segmentId: string;
  translationId: string;
  field: string;
}

/** Independent annotators: each saves after an exponential pause (mean 1/rate s), awaiting each answer. */
async function poissonSaves(opts: { baseURLs: string[]; slug: string; cookies: string[]; targets: SaveTarget[]; rate: number; seconds: number }) {
  const times: number[] = [];
  let conflicts = 0;
  let failures = 0;
  const deadline = performance.now() + opts.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    opts.cookies.map(async (cookie, a) => {
      const versions = new Map<number, number>();
      for (let n = 0; ; n++) {
        await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * (1000 / opts.rate)));
        if (performance.now() > deadline) break;
        const k = (a + n) % opts.targets.length;
        const t = opts.targets[k];
        const t0 = performance.now();
        const res = await fetch(`${opts.baseURLs[a % opts.baseURLs.length]}/api/projects/${opts.slug}/annotations`, {
          method: "PUT",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ ...t, value: 1 + (n % 5), baseVersion: versions.get(k) ?? 0 }),
        });
        const body = await res.json();
        times.push(performance.now() - t0);
        if (res.status === 200) versions.set(k, body.version);
        else if (res.status === 409) {
          conflicts++;
          versions.set(k, body.error.detail.current.version);
        } else failures++;
      }
    }),
  );
  return { times, conflicts, failures, seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[i] * 100) / 100;
}

function stats(samples: number[]) {
  const s = samples.slice().sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: percentile(s, 100) };
}


export async function runWorkspaceBench(opts: WorkspaceBenchOptions): Promise<object> {
  const nSeg = opts.segments ?? 40;
  const nAnn = opts.annotators ?? 50;
  process.env.DATABASE_URL = opts.databaseUrl;
  const { getDb, disconnectDb } = await import("../lib/db/client");
  const { closePgPool } = await import("../lib/db/pg-pool");
  const { hashPassword } = await import("../lib/auth/password");
  const { ZSchemeConfig } = await import("../lib/schemes/scheme-config");
  const { storePresetOfPartsVersion } = await import("../lib/db/projects/project-schemes");
  const db = getDb();
  const tag = randomUUID().slice(0, 8);
  const password = `bench-${tag}-pw`;
  const t0 = Date.now();

  // ---- setup --------------------------------------------------------------------------------------
  // a project on the MMTE + MetaHOPE preset, stored as `tropos project create` stores it (version 1)
  const schemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });
  const project = await db.project.create({
    data: { slug: `bench-ws-${tag}`, name: `Workspace bench ${tag}`, sourceLang: "en", targetLang: "zh", schemeConfig },
  });
  await db.$transaction((tx) => storePresetOfPartsVersion(tx, project.id, schemeConfig, { actorId: null, note: "bench" }));
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "bench-doc", language: "en", split: "TEST" } });
  const systems = await Promise.all(["sys-a", "sys-b", "sys-c", "sys-d"].map((name) => db.mtSystem.create({ data: { projectId: project.id, name } })));
  const words = ["economy", "steam", "growth", "storm", "lining"];
  const segText = (i: number) => `Sentence ${i}: the ${words.join(" and the ")} all matter here.`;
  const segments = await Promise.all(
    Array.from({ length: nSeg }, (_, i) =>
      db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `bench-s${i}`, index: i, text: segText(i), language: "en", split: "TEST" } }),
    ),
  );
  await db.mrw.createMany({
    data: segments.flatMap((s) =>
      words.map((w, k) => {
        const start = s.text.indexOf(w);
        return { projectId: project.id, segmentId: s.id, externalId: `m${k}`, token: w, spans: [{ start, end: start + w.length }], start, end: start + w.length, pos: "NOUN" as const };
      }),
    ),
  });
  await db.translation.createMany({
    data: segments.flatMap((s, i) => systems.map((sys, j) => ({ segmentId: s.id, systemId: sys.id, language: "zh", text: `第${i}句：经济、蒸汽、增长、风暴和希望都很重要（系统${j}）。` }))),
  });
  const translations = await db.translation.findMany({ where: { segment: { projectId: project.id } }, select: { id: true, segmentId: true } });
  const passwordHash = await hashPassword(password);
  const users = await Promise.all(
    Array.from({ length: nAnn }, (_, i) => db.user.create({ data: { email: `bench-${tag}-a${i}@bench.tropos`, name: `Bench ${i}`, passwordHash } })),
  );
  await db.projectMember.createMany({ data: users.map((u) => ({ projectId: project.id, userId: u.id, role: "ANNOTATOR" as const })) });
  await db.assignment.createMany({
    data: users.flatMap((u) => segments.map((s, i) => ({ projectId: project.id, annotatorId: u.id, segmentId: s.id, position: i }))),
  });
  // MetaHOPE's preset asks for the document first: every annotator has read it (else the item page is the reading view and saves 423)
  await db.documentRead.createMany({ data: users.map((u) => ({ userId: u.id, documentId: doc.id })) });
  const setupMs = Date.now() - t0;
  const cookies: string[] = [];
  const servers = opts.baseURLs?.length ? opts.baseURLs : [opts.baseURL];
  for (const [i, u] of users.entries()) cookies.push(cookieHeader(await fetchSignIn(servers[i % servers.length], u.email, password)));

  // ---- item page ------------------------------------------------------------------------------------
  const pageTimes: number[] = [];
  const pageN = opts.pageRequests ?? 200;
  for (let i = -10; i < pageN; i++) {
    const seg = segments[(i + 10) % nSeg];
    const start = performance.now();
    const res = await fetch(`${opts.baseURL}/projects/${project.slug}/items/${seg.id}`, { headers: { Cookie: cookies[0] } });
    const body = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200 || !body.includes("workspace")) throw new Error(`bench: item page answered ${res.status}`);
    if (i >= 0) pageTimes.push(ms);
  }

  async function cleanUp() {
    // in-flight saves of the last burst may still hold row locks: retry the cleanup briefly
    for (let attempt = 0; ; attempt++) {
      try {
        await db.project.delete({ where: { id: project.id } });
        break;
      } catch (e) {
        if (attempt >= 5) throw e;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    await db.user.deleteMany({ where: { email: { startsWith: `bench-${tag}-` } } });
    await disconnectDb();
    await closePgPool();
  }

  // ---- concurrent saves -------------------------------------------------------------------------------
  const fields = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"];
  const versions = new Map<string, number>();
  let counter = 0;
  let conflicts = 0;
  let failures = 0;
  const saveTimes: number[] = [];
  // Few targets per annotator so most saves are versioned UPDATEs; n and n + A·T share a target,
  // far more than the in-flight window apart, so concurrent requests never collide.
  const targets = Math.min(translations.length * fields.length, 16);
  const rate = opts.savesPerAnnotatorPerSecond ?? 2;
  if (opts.arrivals === "poisson" && rate > 0) {
    const targetList: SaveTarget[] = Array.from({ length: targets }, (_, t) => {
      const tr = translations[t % translations.length];
      return { segmentId: tr.segmentId, translationId: tr.id, field: fields[Math.floor(t / translations.length)] };
    });
    const run = await poissonSaves({ baseURLs: servers, slug: project.slug, cookies, targets: targetList, rate, seconds: opts.saveSeconds ?? 10 });
    await cleanUp();
    const page = stats(pageTimes);
    const save = stats(run.times);
    return {
      name: "workspace",
      setup: { segments: nSeg, mrwsPerSegment: 5, systems: 4, annotators: nAnn, setupMs },
      itemPageMs: { ...page, aimP95: 150, meetsAim: page.p95 < 150 },
      saveMs: {
        ...save,
        aimP95: 50,
        meetsAim: save.p95 < 50,
        concurrency: nAnn,
        arrivals: "poisson",
        servers: servers.length,
        savesPerAnnotatorPerSecond: rate,
        requestsPerSecond: Math.round(run.times.length / run.seconds),
        total: run.times.length,
        conflicts: run.conflicts,
        failures: run.failures,
      },
    };
  }
  const instance = autocannon({
    url: opts.baseURL,
    connections: nAnn,
    duration: opts.saveSeconds ?? 10,
    ...(rate > 0 ? { connectionRate: rate } : {}),
    requests: [
      {
        method: "PUT",
        path: `/api/projects/${project.slug}/annotations`,
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          // Request n: annotator n mod A on target ⌊n / A⌋ mod T, so concurrent requests never share a target.
          const n = counter++;
          const a = n % nAnn;
          const t = Math.floor(n / nAnn) % targets;
          const tr = translations[t % translations.length];
          const field = fields[Math.floor(t / translations.length)];
          const key = `${a}|${tr.id}|${field}`;
          context.key = key;
          return {
            ...req,
            headers: { "content-type": "application/json", cookie: cookies[a] },
            body: JSON.stringify({ segmentId: tr.segmentId, translationId: tr.id, field, value: 1 + (n % 5), baseVersion: versions.get(key) ?? 0 }),
          };
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          const key = context.key as string;
          if (status === 200) versions.set(key, (JSON.parse(body) as { version: number }).version);
          else if (status === 409) {
            conflicts++;
            versions.set(key, (JSON.parse(body) as { error: { detail: { current: { version: number } } } }).error.detail.current.version);
          } else failures++;
        },
      },
    ],
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => saveTimes.push(responseTime));
  const result = (await instance) as unknown as { requests: { average: number; total: number }; latency: Record<string, number>; non2xx: number; errors: number };

  await cleanUp();

  const page = stats(pageTimes);
  const save = stats(saveTimes);
  return {
    name: "workspace",
    setup: { segments: nSeg, mrwsPerSegment: 5, systems: 4, annotators: nAnn, setupMs },
    itemPageMs: { ...page, aimP95: 150, meetsAim: page.p95 < 150 },
    saveMs: {
      ...save,
      aimP95: 50,
      meetsAim: save.p95 < 50,
      concurrency: nAnn,
      savesPerAnnotatorPerSecond: rate || "unpaced",
      requestsPerSecond: Math.round(result.requests.average),
      total: result.requests.total,
      updates: [...versions.values()].filter((v) => v > 1).length,
      conflicts,
      failures: failures + result.errors,
      autocannonLatency: { p50: result.latency.p50, p90: result.latency.p90, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    },
  };
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const baseURL = process.env.BENCH_BASE_URL ?? "http://127.0.0.1:3000";
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to the database of the running server (and BENCH_BASE_URL to its address).");
    process.exit(2);
  }
  const rate = process.env.BENCH_SAVE_RATE === undefined ? undefined : Number(process.env.BENCH_SAVE_RATE);
  runWorkspaceBench({ baseURL, databaseUrl, savesPerAnnotatorPerSecond: rate })
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
