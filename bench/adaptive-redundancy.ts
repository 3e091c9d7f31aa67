/**
 * Adaptive redundancy (issue 31 point 3): deciding the next assignment at a submit costs < 5 ms at
 * 100,000 items. Not a timed test: the figure is reported next to a baseline measured in the same
 * run on the same connection path, as a ratio.
 *
 * One project of `items` items (default 100,000), 10 annotators, a choice field with the rule
 * k 2, max 3; every item assigned to two of them (200,000 assignments, written in SQL), half of
 * the items done by both, the other half still open (so the "fewest open assignments" count has
 * real work: about 10,000 open per annotator). Every done item has both raters' values; half of
 * those disagree.
 *
 * Measured: `addRaterWhereDisagreeing` (lib/db/assignments/adaptive-redundancy.ts), the step the
 * submit runs in its transaction, on `samples` done items alternately agreeing and disagreeing
 * (a disagreeing one picks an annotator and inserts the assignment and its AuditLog row), each in
 * a Prisma interactive transaction that is rolled back, so every sample sees the same database.
 * The project is left in the bench database (recreated by the next run).
 * Baseline: the same kind of transaction around one single-row INSERT (an AuditLog row). Ratio =
 * decide / baseline, p50 over the samples.
 *
 *   BENCH_PARTS=adaptiveRedundancy npm run bench      # this figure alone (with the run's physical baselines)
 *   npx tsx bench/adaptive-redundancy.ts               # alone, on TEST_ADMIN_DATABASE_URL's server
 */
import type { Db } from "@/lib/db/client";

export interface AdaptiveRedundancyBenchOptions {
  databaseUrl: string;
  items?: number;
  samples?: number;
}

const ANNOTATORS = 10;

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const round = (x: number) => Math.round(x * 1000) / 1000;
const summary = (xs: number[]) => ({ p50: round(quantile(xs, 0.5)), p95: round(quantile(xs, 0.95)), mean: round(xs.reduce((a, b) => a + b, 0) / xs.length), n: xs.length });

class Rollback extends Error {}

/** Runs `fn` in an interactive transaction that is rolled back; returns the ms `fn` took. */
async function timedRolledBack(db: Db, fn: (tx: Db) => Promise<unknown>): Promise<number> {
  let ms = 0;
  try {
    await db.$transaction(async (tx) => {
      const t = performance.now();
      await fn(tx as unknown as Db);
      ms = performance.now() - t;
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return ms;
}

export async function runAdaptiveRedundancyBench(opts: AdaptiveRedundancyBenchOptions) {
  process.env.DATABASE_URL = opts.databaseUrl;
  const items = opts.items ?? 100_000;
  const samples = opts.samples ?? 400;
  const { getDb } = await import("@/lib/db/client");
  const { getPgPool } = await import("@/lib/db/pg-pool");
  const { setProjectScheme } = await import("@/lib/db/projects/project-schemes");
  const { addRaterWhereDisagreeing, setAdaptiveRule } = await import("@/lib/db/assignments/adaptive-redundancy");
  const { ZSchemeDefinition } = await import("@/lib/schemes/language/scheme-definition");
  const db = getDb();
  const pool = getPgPool();
  const definition = ZSchemeDefinition.parse({
    id: "bench-adaptive",
    version: 1,
    name: "Adaptive redundancy bench",
    fields: [{ id: "label", scope: "segment", kind: "choice", label: "Label", options: [{ value: "a" }, { value: "b" }] }],
  });
  const slug = `bench-adaptive-${Date.now()}`;
  const project = await db.project.create({ data: { slug, name: slug } });
  const t0 = performance.now();
  // the project stays afterwards: deleting 100,000 items (every table's cascade) took over 10
  // minutes on a busy machine; the run recreates its database, and this part runs after the others
  {
    await setProjectScheme(db, project.id, definition, { actorId: null });
    await setAdaptiveRule(db, { projectId: project.id, definition, input: { field: "label", k: 2, max: 3 }, actorId: null });
    const client = await pool.connect();
    try {
      const p = project.id;
      await client.query(
        `INSERT INTO "User" (id, email) SELECT $1 || '-u' || i, $1 || '-u' || i || '@bench.tropos' FROM generate_series(0, ${ANNOTATORS - 1}) i;
         INSERT INTO "ProjectMember" (id, "projectId", "userId", role) SELECT $1 || '-m' || i, $1, $1 || '-u' || i, 'ANNOTATOR' FROM generate_series(0, ${ANNOTATORS - 1}) i;
         INSERT INTO "Document" (id, "projectId", "externalId", language) VALUES ($1 || '-d', $1, 'd', 'en');`.replaceAll("$1", `'${p}'`),
      );
      await client.query(
        `INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language)
         SELECT $1 || '-s' || i, $1, $1 || '-d', 's' || i, i, 'Item ' || i, 'en' FROM generate_series(0, $2 - 1) i`,
        [p, items],
      );
      // item i goes to annotators i mod 10 and (i + 1) mod 10; the even items are done by both
      await client.query(
        `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, position, "updatedAt")
         SELECT $1 || '-a' || i || '-' || r, $1, $1 || '-u' || ((i + r) % ${ANNOTATORS}), $1 || '-s' || i,
                (CASE WHEN i % 2 = 0 THEN 'DONE' ELSE 'TODO' END)::"AssignmentStatus", i, now()
         FROM generate_series(0, $2 - 1) i, generate_series(0, 1) r`,
        [p, items],
      );
      // values of the done items: the first rater "a"; the second "a" on items 0, 4, 8, … and "b" on 2, 6, 10, …
      await client.query(
        `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "itemKey", field, value, "schemeVersion", "updatedAt")
         SELECT $1 || '-v' || i || '-' || r, $1, $1 || '-u' || ((i + r) % ${ANNOTATORS}), $1 || '-s' || i, 'segment', 'label',
                to_jsonb(CASE WHEN r = 1 AND i % 4 = 2 THEN 'b' ELSE 'a' END), 1, now()
         FROM generate_series(0, $2 - 1, 2) i, generate_series(0, 1) r`,
        [p, items],
      );
      // as autovacuum leaves a table in use: statistics and the visibility map (index-only counts)
      await client.query(`VACUUM ANALYZE "Assignment"`);
      await client.query(`VACUUM ANALYZE "Annotation"`);
      await client.query(`VACUUM ANALYZE "Segment"`);
    } finally {
      client.release();
    }
    const setupSeconds = round((performance.now() - t0) / 1000);
    // warm-up: the prepared plans and the connection pool
    for (let i = 0; i < 20; i++) await timedRolledBack(db, (tx) => addRaterWhereDisagreeing(tx, { projectId: project.id, segmentId: `${project.id}-s${(i * 2) % items}`, definition, actorId: `${project.id}-u0` }));
    const decide: number[] = [];
    const decideAgree: number[] = [];
    const decideDisagree: number[] = [];
    const insert: number[] = [];
    let added = 0;
    const step = Math.max(2, Math.floor(items / samples / 2) * 2);
    for (let s = 0; s < samples; s++) {
      // alternately an agreeing (i % 4 = 0) and a disagreeing (i % 4 = 2) done item, spread over the project
      const i = ((s * step) % items) - (((s * step) % items) % 4) + (s % 2 === 0 ? 0 : 2);
      if (i >= items) continue;
      const segmentId = `${project.id}-s${i}`;
      const ms = await timedRolledBack(db, async (tx) => {
        if (await addRaterWhereDisagreeing(tx, { projectId: project.id, segmentId, definition, actorId: `${project.id}-u0` })) added++;
      });
      decide.push(ms);
      (i % 4 === 0 ? decideAgree : decideDisagree).push(ms);
      insert.push(await timedRolledBack(db, (tx) => tx.auditLog.create({ data: { projectId: project.id, action: "bench", detail: { i } } })));
    }
    const decideSummary = summary(decide);
    const insertSummary = summary(insert);
    return {
      items,
      assignments: items * 2,
      annotators: ANNOTATORS,
      setupSeconds,
      decideMs: decideSummary,
      decideAgreeingMs: summary(decideAgree),
      decideDisagreeingMs: summary(decideDisagree),
      extraAssignmentsDecided: added,
      baselineSingleInsertTxMs: insertSummary,
      ratioDecideVsInsertP50: round(decideSummary.p50 / insertSummary.p50),
      goalMs: 5,
      // the goal read as the typical submit (p50) and as nearly every one (p95)
      goalMetP50: decideSummary.p50 < 5,
      goalMetP95: decideSummary.p95 < 5,
    };
  }
}

// alone: npx tsx bench/adaptive-redundancy.ts
if (process.argv[1]?.endsWith("adaptive-redundancy.ts")) {
  (async () => {
    const { recreateDatabase } = await import("../tests/test-database");
    const url = await recreateDatabase(process.env.BENCH_DATABASE ?? "tropos_bench_adaptive");
    const r = await runAdaptiveRedundancyBench({ databaseUrl: url, items: Number(process.env.BENCH_ITEMS ?? 100_000) });
    console.log(JSON.stringify(r, null, 2));
    const { disconnectDb } = await import("@/lib/db/client");
    const { closePgPool } = await import("@/lib/db/pg-pool");
    await disconnectDb();
    await closePgPool();
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
