/**
 * Benchmark of the agreement dashboard (not a timed test).
 *
 *   npx tsx bench/dashboard.ts                       # fresh database tropos_bench_adj, prints JSON
 *   DATABASE_URL=… npx tsx bench/dashboard.ts        # use that database
 *   BENCH_BASE_URL=http://127.0.0.1:3223 …           # also time the dashboard page of a running server
 *   BENCH_KEEP=0 …                                    # delete the synthetic project afterwards (default when run standalone: keep)
 *   BENCH_SEGMENTS=1000 …                             # a tenth of the size (a quick check)
 *   BENCH_PROJECT=bench…-p …                          # time a project an earlier run kept (no setup: the build takes ~15 min at 10,000 segments)
 *   BENCH_CASES=save,warm …                           # only these cases (figures, scores, cold, restart, save, warm; default all): alternating runs of two versions of the code
 *
 * Creates a synthetic project on the stored MMTE + MetaHOPE preset, as the app stores one: bulk SQL
 * writes it as an earlier release stored it — 10,000 segments (one MRW each) × 4 systems ×
 * 3 annotators, every annotator giving the 4 MMTE quality scores per translation and Equivalence,
 * Emotion and Authenticity per MRW (840,000 Annotation rows), a MetaHOPE "reviewed" marker per
 * translation and about 20 % of translations with an error span, rows stored in random order (as
 * annotators' saves interleave; rows of one item side by side would flatter the read), and every
 * annotator assigned every segment, done — then lib/db/upgrade/move-onto-scheme-runtime.ts moves it onto
 * the one runtime as `npm run db:migrate` would: the preset of its parts stored as version 1, the
 * markers and error spans become METAHOPE_ERRORS lists (120,000 values: 960,000 in all). Then
 * times what the dashboard page calls (lib/reports/scheme-dashboard-page-data.ts: the scheme
 * report, the models beside the annotators and the paper analyses, each computed once per data
 * version), `getAgreementFigures` and `getScoreTables` (the exports' paper figures, timed cold) and,
 * with a base URL, the page itself (signed in as a manager of the project). Target: < 2 s for the
 * page; a view with nothing changed < 200 ms and no statistics (issue 28).
 *
 * The report caches make four cases: cold (both caches emptied and the stored copy deleted before
 * every run: the first view of a project never read, or after its segments or translations changed:
 * a full read), restart (the caches emptied before every run, one save since the copy was stored:
 * the first view after a server start), after a save (one FLUENCY score changed before every run, as
 * during a campaign) and warm (nothing changed: a lead coming back to the page). Two caches serve
 * the page: the scheme report's values (lib/db/reports/scheme-report-data-cache.ts) and the report rows of
 * the paper analyses (lib/db/reports/report-data-cache.ts), both patched with the rows a save wrote and
 * stored in the database for a restart (lib/db/reports/snapshots.ts).
 * Reported: the median (p50) of `repeats` timed runs after one warm-up run, setup excluded; each
 * view split into its reads (both caches, brought up to date) and the rest (the statistics, and
 * for a warm view the checks that nothing changed); how many reports were computed and served as
 * computed (lib/reports/version-memo.ts) in the warm runs; the process's peak RSS; and the load
 * average before and after (the machine is shared).
 */
import os from "node:os";
import { cookieHeader, fetchSignIn } from "./fetch-sign-in";
import { pathToFileURL } from "node:url";

export interface DashboardBenchOptions {
  databaseUrl: string;
  /** base URL of a running Tropos (`next start`) on the same database, to time the page */
  baseURL?: string;
  segments?: number;
  systems?: number;
  annotators?: number;
  repeats?: number;
  /** keep the synthetic project (default: delete it at the end) */
  keep?: boolean;
  /** id of a project an earlier run kept: timed as it is, not built again (its size options are then ignored) */
  reuseProjectId?: string;
  /** the cases timed (default all); the others are reported as null */
  cases?: readonly TBenchCase[];
}

export const BENCH_CASES = ["figures", "scores", "cold", "restart", "save", "warm"] as const;
export type TBenchCase = (typeof BENCH_CASES)[number];

/** p50: the middle run (mean of the two middle ones for an even count). */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const h = Math.floor(s.length / 2);
  return s.length % 2 ? s[h] : Math.round((s[h - 1] + s[h]) / 2);
};

/** Times `fn` (p50 of `repeats` runs after a warm-up); `before`, untimed, runs ahead of each. */
async function timed<T>(repeats: number, fn: () => Promise<T>, before?: () => Promise<void>): Promise<{ medianMs: number; runsMs: number[]; result: T }> {
  await before?.();
  let result = await fn(); // warm-up (JIT, connection pool)
  const runs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    await before?.();
    const t = performance.now();
    result = await fn();
    runs.push(Math.round(performance.now() - t));
  }
  return { medianMs: median(runs), runsMs: runs, result };
}

/** `timed`, or nothing timed when `name` is not among the cases asked for. */
function timedCase<T>(cases: ReadonlySet<string>, name: TBenchCase, repeats: number, fn: () => Promise<T>, before?: () => Promise<void>): Promise<{ medianMs: number; runsMs: number[]; result: T | null }> {
  return cases.has(name) ? timed(repeats, fn, before) : Promise.resolve({ medianMs: Number.NaN, runsMs: [], result: null });
}

const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

export async function runDashboardBench(opts: DashboardBenchOptions): Promise<object> {
  process.env.DATABASE_URL = opts.databaseUrl;
  const S = opts.segments ?? 10_000;
  const Y = opts.systems ?? 4;
  const K = opts.annotators ?? 3;
  const repeats = opts.repeats ?? 5;
  const cases = new Set<string>(opts.cases ?? BENCH_CASES);
  const { getDb, disconnectDb } = await import("../lib/db/client");
  const { getPgPool, closePgPool } = await import("../lib/db/pg-pool");
  const { getAgreementFigures, getScoreTables } = await import("../lib/reports");
  const { clearReportCache, flushReportSnapshots, getReportData, reportCacheStats } = await import("../lib/db/reports/report-data-cache");
  const { clearSchemeReportCache, getSchemeReportDataCached, schemeReportCacheStats } = await import("../lib/db/reports/scheme-report-data-cache");
  const { deleteReportSnapshot } = await import("../lib/db/reports/snapshots");
  const { flushKeptParts } = await import("../lib/db/reports/kept-parts");
  const { moveOntoSchemeRuntime } = await import("../lib/db/upgrade/move-onto-scheme-runtime");
  const { getProjectRuntime } = await import("../lib/db/projects/project-schemes");
  const { getReportLanguages } = await import("../lib/db/reports/languages");
  const { schemeReportLanguage } = await import("../lib/reports/scheme-report-language");
  const { getSchemeDashboardPageData } = await import("../lib/reports/scheme-dashboard-page-data");
  const { versionMemoStats } = await import("../lib/reports/version-memo");
  const { parseReportQuery } = await import("../lib/reports/report-query");
  const { hashPassword } = await import("../lib/auth/password");
  const db = getDb();
  const pool = getPgPool();
  let tag = `bench${Date.now().toString(36)}`;
  const password = "bench-password";

  const t0 = performance.now();
  let projectId = "";
  let counts: Record<string, number> = {};
  let moveMs = 0;
  let seedMs = 0;
  if (opts.reuseProjectId) {
    // a kept project: its tag (users, ids) is its id without "-p"
    projectId = opts.reuseProjectId;
    if (!(await db.project.findUnique({ where: { id: projectId } }))) throw new Error(`bench: no project ${projectId} to reuse`);
    tag = projectId.replace(/-p$/, "");
    counts = (
      await pool.query(
        `SELECT (SELECT count(*) FROM "Annotation" WHERE "projectId" = $1)::int AS "annotations", (SELECT count(*) FROM "ErrorSpan" WHERE "projectId" = $1)::int AS "errorSpans"`,
        [projectId],
      )
    ).rows[0];
  } else {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT setseed(0.42)");
      projectId = `${tag}-p`;
      await client.query(`INSERT INTO "Project" (id, slug, name, "targetLang", "schemeConfig") VALUES ($1, $2, $3, 'zh', '{"metahopeErrors": true}')`, [projectId, tag, `Dashboard bench ${S}×${Y}×${K}`]);
      const pw = await hashPassword(password);
      await client.query(
        `INSERT INTO "User" (id, email, name, "passwordHash") SELECT $1 || '-u' || k, $1 || '-a' || k || '@bench.tropos', 'Bench ' || k, $2 FROM generate_series(0, $3) k`,
        [tag, pw, K],
      ); // k = 0 is the manager, 1..K the annotators
      await client.query(
        `INSERT INTO "ProjectMember" (id, "projectId", "userId", role) SELECT $1 || '-pm' || k, $2, $1 || '-u' || k, (CASE WHEN k = 0 THEN 'MANAGER' ELSE 'ANNOTATOR' END)::"Role" FROM generate_series(0, $3) k`,
        [tag, projectId, K],
      );
      await client.query(`INSERT INTO "Document" (id, "projectId", "externalId", language, split) VALUES ($1 || '-d', $2, 'doc', 'en', 'TEST')`, [tag, projectId]);
      await client.query(
        `INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language, split, metaphorical)
         SELECT $1 || '-s' || i, $2, $1 || '-d', 's' || i, i, 'The market ran out of steam in quarter ' || i || '.', 'en', 'TEST', i % 5 <> 0 FROM generate_series(0, $3 - 1) i`,
        [tag, projectId, S],
      );
      await client.query(
        `INSERT INTO "Mrw" (id, "projectId", "segmentId", "externalId", spans, start, "end", token, pos, metaphorical)
         SELECT $1 || '-m' || i, $2, $1 || '-s' || i, 'm', '[{"start":11,"end":27}]', 11, 27, 'ran out of steam', 'VERB', i % 5 <> 0 FROM generate_series(0, $3 - 1) i`,
        [tag, projectId, S],
      );
      await client.query(`INSERT INTO "MtSystem" (id, "projectId", name) SELECT $1 || '-y' || y, $2, 'system-' || y FROM generate_series(1, $3) y`, [tag, projectId, Y]);
      await client.query(
        `INSERT INTO "Translation" (id, "segmentId", "systemId", language, text)
         SELECT $1 || '-t' || i || '-' || y, $1 || '-s' || i, $1 || '-y' || y, 'zh', '市场在第' || i || '季度失去了动力。' FROM generate_series(0, $2 - 1) i, generate_series(1, $3) y`,
        [tag, S, Y],
      );
      // a latent quality per translation, each annotator adds noise: realistic, moderate agreement
      await client.query(
        `CREATE TEMP TABLE bench_t ON COMMIT DROP AS
         SELECT i, y, $1 || '-t' || i || '-' || y AS tid, $1 || '-s' || i AS sid, $1 || '-m' || i AS mid, 1 + floor(random() * 5)::int AS q
         FROM generate_series(0, $2 - 1) i, generate_series(1, $3) y`,
        [tag, S, Y],
      );
      const likert = `greatest(1, least(5, t.q + (floor(random() * 3)::int - 1)))`;
      await client.query(
        `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value)
         SELECT $1 || '-n' || t.tid || '-' || k || '-' || f, $2, $1 || '-u' || k, t.sid, t.tid, NULL, t.tid || ':-', f, to_jsonb(${likert})
         FROM bench_t t, generate_series(1, $3) k, unnest(ARRAY['FLUENCY', 'INTELLIGIBILITY', 'FIDELITY', 'OVERALL']) f ORDER BY random()`,
        [tag, projectId, K],
      );
      await client.query(
        `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value)
         SELECT $1 || '-n' || t.tid || '-' || k || '-' || f, $2, $1 || '-u' || k, t.sid, t.tid, t.mid, t.tid || ':' || t.mid, f,
           CASE f WHEN 'AUTHENTICITY' THEN to_jsonb(${likert})
                  WHEN 'EMOTION' THEN to_jsonb((ARRAY['ZERO', 'LESS', 'SAME', 'MORE'])[1 + (t.q + floor(random() * 2)::int) % 4])
                  ELSE to_jsonb(CASE WHEN t.i % 5 = 0 THEN (ARRAY['LITERAL', 'METAPHORICAL', 'ERROR'])[1 + (t.q + floor(random() * 2)::int) % 3]
                                     ELSE (ARRAY['FULL', 'PART', 'NON', 'MISUNDERSTANDING', 'ERROR'])[1 + (t.q + floor(random() * 2)::int) % 5] END) END
         FROM bench_t t, generate_series(1, $3) k, unnest(ARRAY['EQUIVALENCE', 'EMOTION', 'AUTHENTICITY']) f ORDER BY random()`,
        [tag, projectId, K],
      );
      await client.query(
        `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value)
         SELECT $1 || '-r' || t.tid || '-' || k, $2, $1 || '-u' || k, t.sid, t.tid, NULL, t.tid || ':-', 'METAHOPE_ERRORS', '{"reviewed": true}'
         FROM bench_t t, generate_series(1, $3) k ORDER BY random()`,
        [tag, projectId, K],
      );
      await client.query(
        `INSERT INTO "ErrorSpan" (id, "projectId", "annotatorId", "translationId", "mrwId", category, severity, start, "end")
         SELECT $1 || '-e' || t.tid || '-' || k, $2, $1 || '-u' || k, t.tid, CASE WHEN random() < 0.7 THEN t.mid END,
                (ARRAY['IMP', 'RAM', 'MIS', 'STL', 'PRF'])[1 + floor(random() * 5)::int],
                (ARRAY['MINOR', 'MEDIUM', 'MAJOR', 'SEVERE', 'CRITICAL'])[1 + floor(random() * 5)::int], 0, 2
         FROM bench_t t, generate_series(1, $3) k WHERE random() < 0.2`,
        [tag, projectId, K],
      );
      // every annotator assigned every segment, done (the dashboard's progress)
      await client.query(
        `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, position, "completedAt")
         SELECT $1 || '-g' || i || '-' || k, $2, $1 || '-u' || k, $1 || '-s' || i, 'DONE', i, now() FROM generate_series(0, $3 - 1) i, generate_series(1, $4) k`,
        [tag, projectId, S, K],
      );
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
    counts = (
      await pool.query(
        `SELECT (SELECT count(*) FROM "Annotation" WHERE "projectId" = $1)::int AS "annotationsBeforeMove", (SELECT count(*) FROM "ErrorSpan" WHERE "projectId" = $1)::int AS "errorSpans"`,
        [projectId],
      )
    ).rows[0];
    // onto the one runtime, as `npm run db:migrate` moves a project of an earlier release
    const tMove = performance.now();
    const moved = await moveOntoSchemeRuntime(db, projectId);
    moveMs = Math.round(performance.now() - tMove);
    if (!moved || moved.storedVersion !== 1) throw new Error("bench: the project did not move onto the scheme runtime");
    // the move rewrote 120,000 rows: their dead versions vacuumed, as autovacuum would soon
    await pool.query(`VACUUM ANALYZE "Annotation"`);
    await pool.query(`ANALYZE "Translation"; ANALYZE "Assignment"`);
    seedMs = Math.round(performance.now() - t0);
    counts.annotations = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Annotation" WHERE "projectId" = $1`, [projectId])).rows[0].n;
    counts.spanLists = moved.converted.spanLists;
  }

  const loadBefore = load();
  const clearCaches = () => {
    clearReportCache(pool);
    clearSchemeReportCache(pool);
  };
  const cold = async () => {
    await flushReportSnapshots(pool); // (none left to be written afterwards)
    await flushKeptParts(pool);
    clearCaches();
    await deleteReportSnapshot(pool, projectId);
  };
  // an annotator's save, through the ReportChange trigger like any other: one FLUENCY score changed
  // (3 ↔ 4), as a save changes one field's value (since 2026-11-29; before, the same value was
  // written again, which the statistics kept per field would not recompute at all)
  const touch = () =>
    pool
      .query(`UPDATE "Annotation" SET value = to_jsonb(CASE WHEN value = '3'::jsonb THEN 4 ELSE 3 END) WHERE id = (SELECT id FROM "Annotation" WHERE "projectId" = $1 AND field = 'FLUENCY' ORDER BY id LIMIT 1)`, [projectId])
      .then(() => undefined);
  // a server start: the stored copy is there (written in the background after the last full read), one save since
  const restart = async () => {
    await flushReportSnapshots(pool);
    await flushKeptParts(pool);
    clearCaches();
    await touch();
  };
  // a segment's split rewritten: the cache reads the lists (segments, MRWs, translations) again
  const touchSegment = () =>
    pool.query(`UPDATE "Segment" SET split = split WHERE id = (SELECT id FROM "Segment" WHERE "projectId" = $1 LIMIT 1)`, [projectId]).then(() => undefined);
  // what an annotation statement of more than 5,000 rows logs (its keys left out): the server's
  // next view is a full read. (Logged directly: rewriting that many rows before every run would
  // time the table's bloat as well.)
  // The server stores what it read in the background a second later (about 0.5 s of work): the
  // pause lets that finish, as it would between a bulk write and the next view, instead of timing
  // one full read competing with the previous one's storing.
  const touchBulk = async () => {
    await new Promise((r) => setTimeout(r, 3000));
    await pool.query(`INSERT INTO "ReportChange" ("projectId", "tableName", keys) VALUES ($1, 'Annotation', NULL)`, [projectId]);
  };
  const figures = await timedCase(cases, "figures", repeats, () => getAgreementFigures(db, projectId), cold);
  const scores = await timedCase(cases, "scores", repeats, () => getScoreTables(db, projectId), cold);
  // what the page does (app/projects/[slug]/dashboard: page.tsx reads the runtime, scheme-dashboard.tsx
  // the page data), timed as a whole; its reads are brought up to date first and timed apart, so
  // the rest is the statistics (none in a warm view) and the page data's own checks and small reads
  const query = parseReportQuery({});
  const modelRun = (readMs: number[], computeMs: number[]) => async () => {
    const t = performance.now();
    const runtime = await getProjectRuntime(db, projectId);
    const language = schemeReportLanguage(await getReportLanguages(pool, projectId), query.language);
    await Promise.all([getSchemeReportDataCached(pool, projectId, runtime, { split: query.split, systems: query.systems, language }), getReportData(db, projectId)]);
    const t1 = performance.now();
    const m = await getSchemeDashboardPageData(db, pool, projectId, runtime, query, { ciGiven: false });
    readMs.push(Math.round(t1 - t));
    computeMs.push(Math.round(performance.now() - t1));
    return m;
  };
  const readMs: number[] = [];
  const computeMs: number[] = [];
  const model = await timedCase(cases, "cold", repeats, modelRun(readMs, computeMs), cold);
  readMs.shift(); // the warm-up run
  computeMs.shift();
  const restartReadMs: number[] = [];
  const restartComputeMs: number[] = [];
  const restarted = await timedCase(cases, "restart", repeats, modelRun(restartReadMs, restartComputeMs), restart);
  restartReadMs.shift();
  restartComputeMs.shift();
  // the stored copies by kind: the paper analyses' rows ("report") and the scheme report's values ("scheme:")
  const storedBytes = Object.fromEntries((await pool.query<{ kind: string; bytes: number }>(`SELECT kind, bytes FROM "ReportSnapshot" WHERE "projectId" = $1 ORDER BY kind`, [projectId])).rows.map((r) => [r.kind, r.bytes]));
  const savedReadMs: number[] = [];
  const savedComputeMs: number[] = [];
  const afterSave = await timedCase(cases, "save", repeats, modelRun(savedReadMs, savedComputeMs), touch);
  savedReadMs.shift();
  savedComputeMs.shift();
  const warmReadMs: number[] = [];
  const warmComputeMs: number[] = [];
  const memoBefore = versionMemoStats();
  const warm = await timedCase(cases, "warm", repeats, modelRun(warmReadMs, warmComputeMs));
  const memoAfter = versionMemoStats();
  warmReadMs.shift();
  warmComputeMs.shift();
  // a view with nothing changed computes no statistics: every report served as computed (the warm-up run included)
  const warmMemo = { computed: memoAfter.computed - memoBefore.computed, served: memoAfter.served - memoBefore.served };
  if (warmMemo.computed !== 0) throw new Error(`bench: a warm view computed ${warmMemo.computed} report(s)`);
  const cache = { paperRows: reportCacheStats(pool), schemeValues: schemeReportCacheStats(pool) };
  const loadAfter = load();

  let page: TPageResults | null = null;
  if (opts.baseURL) {
    await flushReportSnapshots(pool);
    page = await timePage(opts.baseURL, tag, `${tag}-a0@bench.tropos`, password, repeats, { save: touch, segment: touchSegment, bulk: touchBulk });
  }

  if (!opts.keep) {
    // delete the big tables through their projectId indexes first: cascading from Translation
    // would scan Annotation once per translation (its translationId has no index)
    await pool.query(`DELETE FROM "Annotation" WHERE "projectId" = $1`, [projectId]);
    await pool.query(`DELETE FROM "ErrorSpan" WHERE "projectId" = $1`, [projectId]);
    // and drop their dead tuples, or every cascaded delete below still scans a million of them
    await pool.query(`VACUUM "Annotation"`);
    await pool.query(`VACUUM "ErrorSpan"`);
    await db.project.delete({ where: { id: projectId } });
    await db.user.deleteMany({ where: { email: { endsWith: "@bench.tropos", startsWith: tag } } });
  }
  await disconnectDb();
  await closePgPool();
  const dashboardMs = model.medianMs;
  return {
    bench: "dashboard",
    date: new Date().toISOString(),
    projectId,
    reused: Boolean(opts.reuseProjectId),
    machine: { cpus: os.cpus().length, node: process.version, loadAverage1_5_15: { before: loadBefore, after: loadAfter } },
    size: { segments: S, systems: Y, annotators: K, translations: S * Y, ...counts },
    setupMs: seedMs,
    moveOntoSchemeRuntimeMs: moveMs,
    repeats,
    p50Ms: {
      dashboard: dashboardMs,
      dashboardRead: median(readMs),
      dashboardCompute: median(computeMs),
      dashboardRestart: restarted.medianMs,
      dashboardRestartRead: median(restartReadMs),
      dashboardRestartCompute: median(restartComputeMs),
      dashboardAfterSave: afterSave.medianMs,
      dashboardAfterSaveRead: median(savedReadMs),
      dashboardAfterSaveCompute: median(savedComputeMs),
      dashboardWarm: warm.medianMs,
      dashboardWarmRead: median(warmReadMs),
      dashboardWarmCompute: median(warmComputeMs),
      getAgreementFigures: figures.medianMs,
      getScoreTables: scores.medianMs,
    },
    reportCache: cache,
    warmViewReports: warmMemo,
    storedCopyBytes: storedBytes,
    agreementFigures: figures.result?.length ?? null,
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    page,
    targetMs: 2000,
    warmTargetMs: 200,
    meetsWarmTarget: (page ? page.warm.medianMs : warm.medianMs) < 200,
    meetsTarget: { cold: (page ? page.fullRead.medianMs : dashboardMs) < 2000, listChange: page ? page.afterListChange.medianMs < 2000 : null, restart: (page ? page.firstRequestMs : restarted.medianMs) < 2000, afterSave: (page ? page.afterSave.medianMs : afterSave.medianMs) < 2000, warm: (page ? page.warm.medianMs : warm.medianMs) < 2000 },
    runsMs: { dashboard: model.runsMs, dashboardRead: readMs, dashboardCompute: computeMs, dashboardRestart: restarted.runsMs, dashboardAfterSave: afterSave.runsMs, dashboardWarm: warm.runsMs, figures: figures.runsMs, scores: scores.runsMs },
  };
}

type TPageTimes = { medianMs: number; runsMs: number[]; htmlBytes: number };
type TPageResults = { firstRequestMs: number; fullRead: TPageTimes; afterListChange: TPageTimes; afterSave: TPageTimes; warm: TPageTimes };

/**
 * Signs in through next-auth's credentials endpoint and times GET /projects/<slug>/dashboard:
 * its first request (the project not in the server's cache, its stored copy there: as after a
 * restart, the page's code not yet compiled by V8), then with a full read (a bulk annotation
 * write logged before each request), after a segment's change, after a save (one before each
 * request) and warm.
 */
async function timePage(
  baseURL: string,
  slug: string,
  email: string,
  password: string,
  repeats: number,
  touch: { save: () => Promise<void>; segment: () => Promise<void>; bulk: () => Promise<void> },
): Promise<TPageResults> {
  const jar = await fetchSignIn(baseURL, email, password);
  const cookie = () => cookieHeader(jar);
  const get = async () => {
    const res = await fetch(`${baseURL}/projects/${slug}/dashboard`, { headers: { cookie: cookie() } });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`dashboard page answered ${res.status}`);
    return html.length;
  };
  const t0 = performance.now();
  await get();
  const firstMs = Math.round(performance.now() - t0);
  const fullRead = await timed(repeats, get, touch.bulk);
  const afterListChange = await timed(repeats, get, touch.segment);
  const afterSave = await timed(repeats, get, touch.save);
  const warm = await timed(repeats, get);
  return {
    firstRequestMs: firstMs,
    fullRead: { medianMs: fullRead.medianMs, runsMs: fullRead.runsMs, htmlBytes: fullRead.result },
    afterListChange: { medianMs: afterListChange.medianMs, runsMs: afterListChange.runsMs, htmlBytes: afterListChange.result },
    afterSave: { medianMs: afterSave.medianMs, runsMs: afterSave.runsMs, htmlBytes: afterSave.result },
    warm: { medianMs: warm.medianMs, runsMs: warm.runsMs, htmlBytes: warm.result },
  };
}

function casesOf(list: string | undefined): TBenchCase[] | undefined {
  if (!list) return undefined;
  const asked = list.split(",").map((x) => x.trim());
  for (const x of asked) if (!(BENCH_CASES as readonly string[]).includes(x)) throw new Error(`BENCH_CASES: no case ${x} (${BENCH_CASES.join(", ")})`);
  return asked as TBenchCase[];
}

async function main() {
  let url = process.env.DATABASE_URL;
  if (!url) {
    const { recreateDatabase } = await import("../tests/test-database");
    url = await recreateDatabase("tropos_bench_adj");
  }
  const segments = process.env.BENCH_SEGMENTS ? Number(process.env.BENCH_SEGMENTS) : undefined;
  const result = await runDashboardBench({ databaseUrl: url, baseURL: process.env.BENCH_BASE_URL, keep: process.env.BENCH_KEEP !== "0", segments, reuseProjectId: process.env.BENCH_PROJECT || undefined, cases: casesOf(process.env.BENCH_CASES) });
  // results next to the other benchmarks (bench/results/latest.json is the agreement bench's)
  const { writeFileSync, mkdirSync } = await import("node:fs");
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/dashboard.json", JSON.stringify(result, null, 2) + "\n");
  console.log(JSON.stringify(result, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
