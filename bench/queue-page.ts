/**
 * The annotator's queue page of a 50,000-item project, on a `next start` server (issue 29 point 5:
 * a queue of 5,000 items rendered every row in 2.4 s; the aim is under 1 s for 50,000). Not a
 * timed test: figures are reported, each next to a baseline measured in the same run on the same
 * server, as a ratio.
 *
 * Two projects of the mmte preset, each with one annotator (annotator2 of the demo seed) whose
 * every item is assigned, written in SQL as e2e/lead-first-week.spec.ts seeds its big queue (one
 * document, every fifth item done): `items` (default 50,000) and the baseline, one page's worth
 * (50 items), where the page reads as little as it ever does. GET of the queue page (its HTML and
 * RSC payload) as that annotator: the first request, then the p50 and max of `repeats`, for the
 * first page, a page deep in the queue (OFFSET), a search by id, the DONE filter and the sort by
 * time. Ratios = each view of the large queue / the first page of the small one. Both projects
 * are deleted at the end.
 *
 *   BENCH_PARTS=queuePage npm run bench      # this figure alone (with the run's physical baselines)
 */
import os from "node:os";
import { cookieHeader, fetchSignIn, type TCookieJar } from "./fetch-sign-in";

export interface QueuePageBenchOptions {
  databaseUrl: string;
  /** a running `next start` on that database */
  baseURL: string;
  items?: number;
  repeats?: number;
}

const BASELINE_ITEMS = 50;
const ANNOTATOR = "annotator2@demo.tropos";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const h = Math.floor(s.length / 2);
  return s.length % 2 ? s[h] : Math.round((s[h - 1] + s[h]) / 2);
};
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);

async function timeGet(baseURL: string, jar: TCookieJar, pathName: string): Promise<{ ms: number; body: string }> {
  const t = performance.now();
  const res = await fetch(`${baseURL}${pathName}`, { headers: { cookie: cookieHeader(jar) }, redirect: "manual" });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${pathName} answered ${res.status}`);
  return { ms: Math.round(performance.now() - t), body };
}

async function measure(baseURL: string, jar: TCookieJar, pathName: string, repeats: number, expect: string) {
  const first = await timeGet(baseURL, jar, pathName);
  // the page says what it shows ("1–50 of 50,000"): a page that rendered something else is no figure
  if (!first.body.replaceAll("<!-- -->", "").includes(expect)) throw new Error(`${pathName} does not show "${expect}"`);
  const runs: number[] = [];
  for (let i = 0; i < repeats; i++) runs.push((await timeGet(baseURL, jar, pathName)).ms);
  return { path: pathName, firstMs: first.ms, p50Ms: median(runs), maxMs: Math.max(...runs), runsMs: runs };
}

export async function runQueuePageBench(opts: QueuePageBenchOptions): Promise<object> {
  process.env.DATABASE_URL = opts.databaseUrl;
  const items = opts.items ?? 50_000;
  const repeats = opts.repeats ?? 7;
  const { getDb, disconnectDb } = await import("../lib/db/client");
  const { getPgPool, closePgPool } = await import("../lib/db/pg-pool");
  const { seedDemo, DEMO_PASSWORD } = await import("../lib/db/demo/seed-demo");
  const { createProject } = await import("../lib/db/projects/create-project");
  const db = getDb();
  const pool = getPgPool();
  await seedDemo(db, pool);
  const stamp = Date.now().toString(36);
  const made: string[] = [];

  /** A project whose annotator has `n` items: one document, every fifth item done. */
  const seedQueue = async (slug: string, n: number): Promise<number> => {
    const { project } = await createProject(db, { slug, name: `queue bench (${n})`, sourceLang: "en", targetLang: "zh", scheme: "mmte", members: [{ email: ANNOTATOR, role: "ANNOTATOR" }] }, { actorId: null, via: "cli", inviteMissing: false });
    made.push(project.id);
    const t0 = performance.now();
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM "User" WHERE email = $1`, [ANNOTATOR]);
    await pool.query(
      `WITH d AS (INSERT INTO "Document" (id, "projectId", "externalId", language, position) VALUES ($1 || '-doc', $1, 'big', 'en', 0) RETURNING id)
       INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language)
       SELECT $1 || '-s' || i, $1, (SELECT id FROM d), 'big-' || lpad(i::text, 5, '0'), i, 'Sentence ' || i || ': the market ran out of steam.', 'en'
       FROM generate_series(1, $2::int) i`,
      [project.id, n],
    );
    await pool.query(
      `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, position)
       SELECT $1 || '-a' || i, $1, $2, $1 || '-s' || i, (CASE WHEN i % 5 = 0 THEN 'DONE' ELSE 'TODO' END)::"AssignmentStatus", i - 1
       FROM generate_series(1, $3::int) i`,
      [project.id, rows[0].id, n],
    );
    await pool.query(`ANALYZE "Segment"; ANALYZE "Assignment"`);
    return Math.round(performance.now() - t0);
  };

  try {
    const small = `bench-queue-${stamp}-small`;
    const big = `bench-queue-${stamp}-big`;
    await seedQueue(small, BASELINE_ITEMS);
    const seedMs = await seedQueue(big, items);
    const jar = await fetchSignIn(opts.baseURL, ANNOTATOR, DEMO_PASSWORD);
    const fmt = (n: number) => n.toLocaleString("en-US");
    const baseline = await measure(opts.baseURL, jar, `/projects/${small}/queue`, repeats, `1–${BASELINE_ITEMS} of ${BASELINE_ITEMS}`);
    const deepPage = Math.ceil(items / 50) - 10;
    const views = {
      firstPage: await measure(opts.baseURL, jar, `/projects/${big}/queue`, repeats, `1–50 of ${fmt(items)}`),
      deepPage: await measure(opts.baseURL, jar, `/projects/${big}/queue?page=${deepPage}`, repeats, `${fmt((deepPage - 1) * 50 + 1)}–`),
      search: await measure(opts.baseURL, jar, `/projects/${big}/queue?q=big-04321`, repeats, "1–1 of 1"),
      doneFilter: await measure(opts.baseURL, jar, `/projects/${big}/queue?status=DONE`, repeats, `1–50 of ${fmt(items / 5)}`),
      sortByTime: await measure(opts.baseURL, jar, `/projects/${big}/queue?sort=time`, repeats, `1–50 of ${fmt(items)}`),
    };
    const ratios = Object.fromEntries(Object.entries(views).map(([k, v]) => [k, ratio(v.p50Ms, baseline.p50Ms)]));
    return {
      bench: "queue-page",
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadAverage1: Math.round(os.loadavg()[0] * 100) / 100 },
      items,
      seedMs,
      repeats,
      baseline: { items: BASELINE_ITEMS, ...baseline },
      ...views,
      ratios,
      targetMs: 1000,
      underTarget: Object.values(views).every((v) => v.p50Ms < 1000),
    };
  } finally {
    // cascades to documents, segments and assignments
    if (made.length) await pool.query(`DELETE FROM "Project" WHERE id = ANY($1::text[])`, [made]);
    await disconnectDb();
    await closePgPool();
  }
}
