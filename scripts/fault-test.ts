/**
 * Fault test of the save path (issue 21 point 7): simulated annotators save through the HTTP API
 * while the server is killed and the database connections drop, then the database is checked.
 * Not part of `npm test` (it takes a couple of minutes and needs a production build).
 *
 *   npx tsx scripts/fault-test.ts
 *
 * Needs: a production build in .next (`npx next build`; this script never builds) and a
 * PostgreSQL server where it may create a database (TEST_ADMIN_DATABASE_URL, default
 * postgresql://postgres@127.0.0.1:5432/postgres, as `npm test`).
 *
 * What it does:
 *   1. creates a fresh database (migrated), a project with FAULT_SEGMENTS segments × 4 systems and
 *      FAULT_ANNOTATORS annotators (default 30) assigned every segment, and starts `next start`
 *      on FAULT_PORT (default 3291), without a worker;
 *   2. every annotator signs in and saves, for FAULT_SECONDS (default 60), values on its own
 *      targets (segment × translation × field) through PUT /api/projects/<slug>/annotations with
 *      an Idempotency-Key per save and the version the last answer gave; a save whose answer does
 *      not come (network error, 8 s timeout, 5xx, 503) is sent again, unchanged, with the same
 *      key and backoff (0.2 s doubling to 2 s, at least Retry-After), as the browser's queue does;
 *   3. meanwhile, every FAULT_EVERY seconds (default 12) one fault in turn: kill -9 of the server
 *      and a restart; SIGSTOP of the server for 10 s (answers time out and are retried while the
 *      first sends are still inside the frozen server) then SIGCONT; every database connection of
 *      the server terminated (pg_terminate_backend: what a PostgreSQL restart does to it, answered
 *      503); with FAULT_PG_RESTART=1 (root and a Debian cluster) also a real fast restart of the
 *      PostgreSQL cluster;
 *   4. stops the load, lets every save still retrying finish, and checks the database: every
 *      acknowledged save is in History exactly once at the version it was acknowledged with and
 *      with its value; every target's stored value and version are those of its last
 *      acknowledged save; versions run 1..n with no gap; no (entity, entityId, version) twice.
 *      A retry answered 409 (a save conflicting with itself: what idempotency keys prevent) or
 *      a save given up after FAULT_GIVE_UP seconds of retries is a failure.
 *
 * FAULT_NO_KEYS=1 sends no Idempotency-Key (as clients before issue 21 point 7): retries of saves
 * whose answer was lost then meet 409s against themselves and the run fails, showing what the keys
 * prevent.
 *
 * Exit code 0 when every check passes; the summary is printed as JSON. FAULT_KEEP_DB=1 keeps the
 * database (its URL is printed); the server's log is written to <tmp>/tropos-fault-server.log.
 */
import { spawn, execSync, type ChildProcess } from "node:child_process";
import { cookieHeader, fetchSignIn } from "../bench/fetch-sign-in";
import { randomUUID } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ADMIN_URL, recreateDatabase } from "../tests/test-database";

const N_ANNOTATORS = Number(process.env.FAULT_ANNOTATORS ?? 30);
const N_SEGMENTS = Number(process.env.FAULT_SEGMENTS ?? 10);
const SECONDS = Number(process.env.FAULT_SECONDS ?? 60);
const FAULT_EVERY = Number(process.env.FAULT_EVERY ?? 12);
const GIVE_UP_SECONDS = Number(process.env.FAULT_GIVE_UP ?? 90);
const PORT = Number(process.env.FAULT_PORT ?? 3291);
const THINK_MS = Number(process.env.FAULT_THINK_MS ?? 40);
const BASE = `http://127.0.0.1:${PORT}`;
const NO_KEYS = process.env.FAULT_NO_KEYS === "1";
const FIELDS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"] as const;

interface TTarget {
  segmentId: string;
  translationId: string;
  field: string;
}
interface TAck {
  annotator: number;
  target: number;
  value: number;
  version: number;
  id: string;
}

const stats = { sent: 0, retries: 0, acknowledged: 0, answered503: 0, answered5xx: 0, networkErrors: 0, selfConflicts: 0, otherRefusals: 0, givenUp: 0, faults: [] as string[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (m: string) => console.error(`[fault-test] ${m}`);

// ---- server ------------------------------------------------------------------------------------
let server: ChildProcess | null = null;
const serverLog = createWriteStream(path.join(os.tmpdir(), "tropos-fault-server.log"), { flags: "w" });

async function startServer(databaseUrl: string): Promise<void> {
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(PORT), "-H", "127.0.0.1"], {
    // its own process group, so kill -9 reaches next start and anything it spawned
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: "fault-test-secret-0123456789abcdef",
      NEXTAUTH_URL: BASE,
      TROPOS_WORKER: "off",
      TROPOS_REPORT_WARM_PROJECTS: "0",
      DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? "10",
    },
  });
  child.stdout?.pipe(serverLog, { end: false });
  child.stderr?.pipe(serverLog, { end: false });
  server = child;
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error("next start did not become healthy within 60 s (see the server log)");
}

function signalServer(signal: NodeJS.Signals): void {
  if (server?.pid) {
    try {
      process.kill(-server.pid, signal);
    } catch {
      // already gone
    }
  }
}


// ---- one annotator -------------------------------------------------------------------------------
/** Sends one save until it has an answer that is not a retry; returns the acknowledged version or null. */
async function saveWithRetries(slug: string, cookie: string, body: object): Promise<{ status: number; json: Record<string, unknown> } | null> {
  const key = randomUUID();
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) stats.retries++;
    stats.sent++;
    let wait = Math.min(2000, 200 * 2 ** attempt);
    try {
      const res = await fetch(`${BASE}/api/projects/${slug}/annotations`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: BASE, Cookie: cookie, ...(NO_KEYS ? {} : { "Idempotency-Key": key }) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(8000),
      });
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json = { unparsable: text.slice(0, 200), redirected: res.redirected, url: res.url };
      }
      if (res.status < 500 && res.status !== 429) return { status: res.status, json: { ...json, retried: attempt > 0 } };
      if (res.status === 503) stats.answered503++;
      else stats.answered5xx++;
      wait = Math.max(wait, Number(res.headers.get("Retry-After") ?? 0) * 1000);
    } catch {
      stats.networkErrors++;
    }
    if (Date.now() - started > GIVE_UP_SECONDS * 1000) return null;
    await sleep(wait);
  }
}

async function annotator(a: number, slug: string, cookie: string, targets: TTarget[], until: number, acks: TAck[]): Promise<void> {
  const versions = new Map<number, number>();
  for (let n = 0; Date.now() < until; n++) {
    await sleep(-Math.log(1 - Math.random()) * THINK_MS);
    const k = Math.floor(Math.random() * targets.length);
    const value = 1 + Math.floor(Math.random() * 5);
    const base = versions.get(k) ?? 0;
    const r = await saveWithRetries(slug, cookie, { ...targets[k], mrwId: null, value, baseVersion: base });
    if (r === null) {
      stats.givenUp++;
      return; // the target's version is unknown from here on
    }
    if (r.status === 200 && !Number.isInteger(r.json.version)) {
      stats.otherRefusals++;
      log(`annotator ${a}: HTTP 200 without a version: ${JSON.stringify(r.json).slice(0, 300)}`);
    } else if (r.status === 200) {
      const version = Number(r.json.version);
      versions.set(k, version);
      acks.push({ annotator: a, target: k, value, version, id: String(r.json.id) });
      stats.acknowledged++;
    } else if (r.status === 409 && r.json.retried) {
      // a retry refused as a conflict with itself: the first send committed, its answer was lost
      stats.selfConflicts++;
      const cur = (r.json.error as { detail?: { current?: { version?: number } } } | undefined)?.detail?.current;
      if (cur?.version) versions.set(k, cur.version);
    } else {
      stats.otherRefusals++;
      log(`annotator ${a}: HTTP ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
      const cur = (r.json.error as { detail?: { current?: { version?: number } } } | undefined)?.detail?.current;
      if (cur?.version) versions.set(k, cur.version);
    }
  }
}

// ---- faults --------------------------------------------------------------------------------------
async function terminateServerConnections(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const name = new URL(databaseUrl).pathname.slice(1);
    const { rowCount } = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

async function faults(databaseUrl: string, until: number): Promise<void> {
  const kinds = ["kill -9", "SIGSTOP 10 s", "terminate database connections", ...(process.env.FAULT_PG_RESTART === "1" ? ["PostgreSQL fast restart"] : [])];
  for (let i = 0; ; i++) {
    await sleep(FAULT_EVERY * 1000);
    if (Date.now() > until - 5000) return;
    const kind = kinds[i % kinds.length];
    const t0 = Date.now();
    if (kind === "kill -9") {
      signalServer("SIGKILL");
      await sleep(500);
      await startServer(databaseUrl);
    } else if (kind === "SIGSTOP 10 s") {
      signalServer("SIGSTOP");
      await sleep(10_000);
      signalServer("SIGCONT");
    } else if (kind === "terminate database connections") {
      const n = await terminateServerConnections(databaseUrl);
      log(`terminated ${n} connections`);
    } else {
      const cluster = execSync("ls /etc/postgresql").toString().trim().split("\n")[0];
      execSync(`pg_ctlcluster --skip-systemctl-redirect ${cluster} main restart -m fast`);
    }
    stats.faults.push(`${kind} at ${Math.round((t0 - (until - SECONDS * 1000)) / 1000)} s (${Date.now() - t0} ms)`);
    log(`fault: ${kind}`);
  }
}

// ---- check ---------------------------------------------------------------------------------------
async function check(databaseUrl: string, acks: TAck[]): Promise<string[]> {
  const problems: string[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: hist } = await db.query<{ entityId: string; version: number; duplicate: number; newValue: unknown }>(
      `SELECT "entityId", version, duplicate, "newValue" FROM "History" WHERE entity = 'ANNOTATION'`,
    );
    const byKey = new Map<string, typeof hist>();
    for (const h of hist) {
      const k = `${h.entityId}#${h.version}`;
      byKey.set(k, [...(byKey.get(k) ?? []), h]);
    }
    for (const [k, rows] of byKey) if (rows.length > 1) problems.push(`History has ${rows.length} rows for ${k}`);
    for (const a of acks) {
      const rows = byKey.get(`${a.id}#${a.version}`) ?? [];
      if (rows.length !== 1) problems.push(`acknowledged save ${a.id} v${a.version} is in History ${rows.length} times`);
      else if (rows[0].newValue !== a.value) problems.push(`acknowledged save ${a.id} v${a.version}: History says ${JSON.stringify(rows[0].newValue)}, acknowledged ${a.value}`);
    }
    const last = new Map<string, TAck>();
    for (const a of acks) if ((last.get(a.id)?.version ?? 0) < a.version) last.set(a.id, a);
    const { rows: stored } = await db.query<{ id: string; value: unknown; version: number }>(`SELECT id, value, version FROM "Annotation"`);
    const storedById = new Map(stored.map((s) => [s.id, s]));
    for (const [id, a] of last) {
      const s = storedById.get(id);
      // a later save of the target may have committed without an answer (given up): then the stored version is higher
      if (!s) problems.push(`annotation ${id} missing`);
      else if (s.version === a.version && s.value !== a.value) problems.push(`annotation ${id} v${a.version}: stored ${JSON.stringify(s.value)}, acknowledged ${a.value}`);
      else if (s.version < a.version) problems.push(`annotation ${id}: stored version ${s.version} is older than the acknowledged ${a.version}`);
    }
    for (const s of stored) {
      for (let v = 1; v <= s.version; v++) if (!byKey.has(`${s.id}#${v}`)) problems.push(`annotation ${s.id}: no History row for version ${v}`);
    }
    return problems;
  } finally {
    await db.end();
  }
}

// ---- main ----------------------------------------------------------------------------------------
async function main(): Promise<void> {
  if (!existsSync(path.join(".next", "BUILD_ID"))) throw new Error("no production build in .next: run `npx next build` first (this script does not build)");
  const dbName = `tropos_fault_${Date.now().toString(36)}`;
  log(`fresh database ${dbName}`);
  const databaseUrl = await recreateDatabase(dbName);
  process.env.DATABASE_URL = databaseUrl;
  const { getDb, disconnectDb } = await import("../lib/db/client");
  const { closePgPool } = await import("../lib/db/pg-pool");
  const { hashPassword } = await import("../lib/auth/password");
  const { ZSchemeConfig } = await import("../lib/schemes/scheme-config");
  const db = getDb();
  const password = `fault-${randomUUID().slice(0, 8)}`;
  const project = await db.project.create({ data: { slug: "fault", name: "Fault test", sourceLang: "en", targetLang: "zh", schemeConfig: ZSchemeConfig.parse({}) } });
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "fault-doc", language: "en", split: "TEST" } });
  const systems = await Promise.all(["sys-a", "sys-b", "sys-c", "sys-d"].map((name) => db.mtSystem.create({ data: { projectId: project.id, name } })));
  const segments = await Promise.all(
    Array.from({ length: N_SEGMENTS }, (_, i) =>
      db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Sentence ${i}: the economy ran out of steam.`, language: "en", split: "TEST" } }),
    ),
  );
  await db.translation.createMany({ data: segments.flatMap((s, i) => systems.map((sys, j) => ({ segmentId: s.id, systemId: sys.id, language: "zh", text: `第${i}句：经济失去了动力（${j}）。` }))) });
  const translations = await db.translation.findMany({ where: { segment: { projectId: project.id } }, select: { id: true, segmentId: true }, orderBy: { id: "asc" } });
  const passwordHash = await hashPassword(password);
  const users = [];
  for (let i = 0; i < N_ANNOTATORS; i++) users.push(await db.user.create({ data: { email: `fault-a${i}@fault.tropos`, name: `Annotator ${i}`, passwordHash } }));
  await db.projectMember.createMany({ data: users.map((u) => ({ projectId: project.id, userId: u.id, role: "ANNOTATOR" as const })) });
  await db.assignment.createMany({ data: users.flatMap((u) => segments.map((s, i) => ({ projectId: project.id, annotatorId: u.id, segmentId: s.id, position: i }))) });
  await disconnectDb();
  await closePgPool();
  const targets: TTarget[] = translations.flatMap((t) => FIELDS.map((field) => ({ segmentId: t.segmentId, translationId: t.id, field })));

  log(`next start on ${BASE}`);
  await startServer(databaseUrl);
  const cookies: string[] = [];
  for (const u of users) cookies.push(cookieHeader(await fetchSignIn(BASE, u.email, password)));
  log(`${N_ANNOTATORS} annotators saving for ${SECONDS} s, a fault every ${FAULT_EVERY} s`);
  const acks: TAck[] = [];
  const until = Date.now() + SECONDS * 1000;
  const faulting = faults(databaseUrl, until);
  await Promise.all(cookies.map((c, a) => annotator(a, project.slug, c, targets, until, acks)));
  await faulting;
  signalServer("SIGCONT");
  signalServer("SIGKILL");
  const problems = await check(databaseUrl, acks);
  const summary = { annotators: N_ANNOTATORS, seconds: SECONDS, idempotencyKeys: !NO_KEYS, ...stats, problems: problems.length, firstProblems: problems.slice(0, 20), database: process.env.FAULT_KEEP_DB === "1" ? databaseUrl : "dropped" };
  console.log(JSON.stringify(summary, null, 2));
  if (process.env.FAULT_KEEP_DB !== "1") {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  const ok = problems.length === 0 && stats.selfConflicts === 0 && stats.givenUp === 0 && stats.otherRefusals === 0 && stats.acknowledged > 0;
  log(ok ? "PASS: every acknowledged save is stored once at its version" : "FAIL");
  process.exit(ok ? 0 : 1);
}

main().catch((e: Error) => {
  signalServer("SIGCONT");
  signalServer("SIGKILL");
  console.error(`[fault-test] ${e.stack ?? e.message}`);
  process.exit(1);
});
