// Physical baselines measured in the same run as the application figures, so that every figure
// is reported as a ratio to what this PostgreSQL on this machine can do at all:
// - single-row INSERT transactions per second over a pool (vs. annotation save throughput),
// - COPY rows per second (vs. import rows per second),
// - plain SELECT rows per second over a cursor (vs. export rows per second).
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

export interface Baselines {
  insertTps: { concurrency: number; transactions: number; seconds: number; perSecond: number };
  copyRowsPerSecond: { rows: number; seconds: number; perSecond: number };
  selectRowsPerSecond: { rows: number; seconds: number; perSecond: number };
}

const now = () => performance.now();

/** Single-row INSERT transactions from `concurrency` clients, `perClient` each (bounded). */
export async function insertTps(url: string, concurrency: number, perClient: number) {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  // a logged table with an index and a jsonb value: the fair comparison for an annotation save
  await pool.query(`DROP TABLE IF EXISTS bench_insert; CREATE TABLE bench_insert (id bigserial primary key, k text, v jsonb, at timestamptz default now())`);
  const t0 = now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, c) => {
      const client = await pool.connect();
      try {
        for (let i = 0; i < perClient; i++) {
          await client.query("BEGIN");
          await client.query("INSERT INTO bench_insert (k, v) VALUES ($1, $2)", [`${c}:${i}`, JSON.stringify({ value: i % 5 })]);
          await client.query("COMMIT");
        }
      } finally {
        client.release();
      }
    }),
  );
  const seconds = (now() - t0) / 1000;
  await pool.query("DROP TABLE bench_insert");
  await pool.end();
  const transactions = concurrency * perClient;
  return { concurrency, transactions, seconds, perSecond: transactions / seconds };
}

/** COPY of `rows` segment-shaped rows (id, text, int, bool) into a scratch table. */
async function copyRate(url: string, rows: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP TABLE IF EXISTS bench_copy; CREATE TABLE bench_copy (id text primary key, doc text, idx int, txt text, met boolean)`);
  const t0 = now();
  let i = 0;
  const source = new Readable({
    read() {
      let chunk = "";
      for (let n = 0; n < 2000 && i < rows; n++, i++) {
        chunk += `s${i}\td${i >> 6}\t${i & 63}\tThe economy ran out of steam as prices skyrocketed 经济失去了动力 ${i}\t${i % 3 === 0 ? "f" : "t"}\n`;
      }
      this.push(chunk || null);
    },
  });
  await pipeline(source, client.query(copyFrom("COPY bench_copy FROM STDIN")));
  const seconds = (now() - t0) / 1000;
  return { client, result: { rows, seconds, perSecond: rows / seconds } };
}

/** Reads the COPY table back with a cursor-like batched query (plain SELECT). */
async function selectRate(client: pg.Client, rows: number) {
  const t0 = now();
  let read = 0;
  let last = "";
  // keyset pagination: the same access pattern a streaming export uses
  for (;;) {
    const res = await client.query<{ id: string }>("SELECT id, doc, idx, txt, met FROM bench_copy WHERE id > $1 ORDER BY id LIMIT 10000", [last]);
    if (res.rows.length === 0) break;
    read += res.rows.length;
    last = res.rows[res.rows.length - 1].id;
  }
  const seconds = (now() - t0) / 1000;
  if (read !== rows) throw new Error(`baseline read ${read} of ${rows} rows`);
  return { rows: read, seconds, perSecond: read / seconds };
}

/** The COPY baseline alone (bench/import-export.ts run by itself reports its import against it). */
export async function measureCopyRate(url: string, rows = 300_000): Promise<Baselines["copyRowsPerSecond"]> {
  const { client, result } = await copyRate(url, rows);
  await client.query("DROP TABLE bench_copy");
  await client.end();
  return result;
}

export async function measureBaselines(url: string, opts: { copyRows?: number; concurrency?: number; perClient?: number } = {}): Promise<Baselines> {
  const insert = await insertTps(url, opts.concurrency ?? 50, opts.perClient ?? 100);
  const rows = opts.copyRows ?? 300_000;
  const { client, result: copy } = await copyRate(url, rows);
  const select = await selectRate(client, rows);
  await client.query("DROP TABLE bench_copy");
  await client.end();
  return { insertTps: insert, copyRowsPerSecond: copy, selectRowsPerSecond: select };
}
