// No lost work: annotators keep saving while the app server is killed and restarted, and while
// PostgreSQL restarts. A save is either acknowledged (then it must be in the database) or fails
// (then the client retries it, as the browser queue does). At the end every acknowledged value
// is stored. The browser part checks that the workspace queues an edit while the server is down
// and delivers it when the server is back.
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { apiSignIn, readDemoDocuments, USERS } from "./helpers";

const port = Number(process.env.E2E_PORT ?? 3210) + 60;
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | null = null;

async function startServer(): Promise<void> {
  server = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    stdio: "ignore",
    env: {
      ...process.env,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      NEXTAUTH_URL: base,
    },
  });
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

function killServer(): void {
  server?.kill("SIGKILL");
  server = null;
}

test.afterAll(() => killServer());

interface Target {
  segmentId: string;
  translationId: string;
}

/** The caller's demo translations (one assignment per item holds both parts); their documents are read first. */
async function targets(ctx: APIRequestContext, n: number): Promise<Target[]> {
  const queue = await (await ctx.get("/api/projects/demo")).json();
  expect(queue.segments).toBeGreaterThan(0);
  // every demo item is behind its document (MetaHOPE's read-first): unread, every save answers 423
  await readDemoDocuments(ctx);
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  const rows = await db.query<Target>(
    `SELECT t."segmentId", t.id AS "translationId" FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId"
     JOIN "Project" p ON p.id = s."projectId" JOIN "Assignment" a ON a."segmentId" = s.id
     JOIN "User" u ON u.id = a."annotatorId" WHERE p.slug = 'demo' AND u.email = $1 ORDER BY t.id LIMIT $2`,
    [USERS.annotator2, n],
  );
  await db.end();
  return rows.rows;
}

let failedAttempts = 0;

/** Saves FLUENCY = 1..5 repeatedly on one target; retries failures; returns the last acknowledged value. */
async function saveLoop(ctx: APIRequestContext, t: Target, rounds: number): Promise<{ value: number; version: number }> {
  let version = 0;
  let last = { value: 0, version: 0 };
  for (let i = 0; i < rounds; i++) {
    const value = (i % 5) + 1;
    for (let attempt = 0; ; attempt++) {
      const res = await ctx
        .put("/api/projects/demo/annotations", { data: { ...t, field: "FLUENCY", value, baseVersion: version }, timeout: 5000 })
        .catch(() => null);
      if (res?.status() === 200) {
        version = (await res.json()).version;
        last = { value, version };
        break;
      }
      if (res?.status() === 409) {
        // our previous save was stored but its answer was lost: rebase on the stored version
        version = (await res.json()).error.detail.current.version;
        continue;
      }
      failedAttempts++;
      if (attempt > 200) throw new Error(`save never acknowledged (last status ${res?.status()})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return last;
}

async function storedValues(ts: Target[]): Promise<Map<string, { value: number; version: number }>> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  const res = await db.query<{ translationId: string; value: number; version: number }>(
    `SELECT a."translationId", a.value, a.version FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId"
     WHERE u.email = $1 AND a.field = 'FLUENCY' AND a."translationId" = ANY($2::text[])`,
    [USERS.annotator2, ts.map((t) => t.translationId)],
  );
  await db.end();
  return new Map(res.rows.map((r) => [r.translationId, { value: r.value, version: r.version }]));
}

test("every acknowledged save survives an app-server kill and restart", async () => {
  test.setTimeout(180_000);
  await startServer();
  const ctx = await playwrightRequest.newContext({ baseURL: base });
  await apiSignIn(ctx, USERS.annotator2);
  const ts = await targets(ctx, 20);
  const loops = ts.map((t) => saveLoop(ctx, t, 25));
  await new Promise((r) => setTimeout(r, 700));
  killServer();
  await new Promise((r) => setTimeout(r, 1500));
  await startServer();
  const acknowledged = await Promise.all(loops);
  // the kill really hit saves in flight (otherwise this test would prove nothing)
  expect(failedAttempts).toBeGreaterThan(0);
  const stored = await storedValues(ts);
  ts.forEach((t, i) => {
    expect(stored.get(t.translationId)?.value, `target ${i}`).toBe(acknowledged[i].value);
    expect(stored.get(t.translationId)?.version, `target ${i}`).toBe(acknowledged[i].version);
  });
  await ctx.dispose();
  killServer();
});

const canRestartPostgres = existsSync("/etc/postgresql") && process.getuid?.() === 0 && !!process.env.CI;

test("every acknowledged save survives a PostgreSQL restart (CI only: restarts the shared cluster)", async () => {
  test.skip(!canRestartPostgres, "needs root, a local Debian cluster and CI=true");
  test.setTimeout(180_000);
  await startServer();
  const ctx = await playwrightRequest.newContext({ baseURL: base });
  await apiSignIn(ctx, USERS.annotator2);
  const ts = (await targets(ctx, 30)).slice(20);
  const loops = ts.map((t) => saveLoop(ctx, t, 25));
  await new Promise((r) => setTimeout(r, 500));
  const cluster = execSync("ls /etc/postgresql").toString().trim().split("\n")[0];
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${cluster} main restart`);
  const acknowledged = await Promise.all(loops);
  const stored = await storedValues(ts);
  ts.forEach((t, i) => expect(stored.get(t.translationId)?.value, `target ${i}`).toBe(acknowledged[i].value));
  await ctx.dispose();
  killServer();
});

test("the browser queues an edit while the server is down and delivers it when it is back", async ({ page }) => {
  test.setTimeout(120_000);
  await startServer();
  await page.goto(`${base}/signin`);
  await page.getByLabel("Email").fill(USERS.annotator3);
  await page.getByLabel("Password").fill("tropos-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("current-user")).toBeVisible();
  // every demo item is behind its document (MetaHOPE's read-first): read them, so the item opens on the workspace
  await readDemoDocuments(page.request);
  await page.goto(`${base}/projects/demo/queue`);
  await page.getByRole("link", { name: "Continue where I stopped" }).click();
  const status = page.getByTestId("save-status");
  await expect(status).toHaveAttribute("data-status", "saved");
  // the one workspace: a field takes the keys once it is the active one (focus makes it so); Fluency is a 1–5 scale
  const fluency = page.locator('[data-field="FLUENCY"]').first();
  await fluency.focus();
  await expect(fluency).toHaveAttribute("data-active", "true");
  killServer();
  await page.keyboard.press("4");
  // the save cannot reach the server: the edit stays queued and the indicator says so
  await expect(status).toHaveAttribute("data-status", /offline|error/, { timeout: 15_000 });
  await startServer();
  await expect(status).toHaveAttribute("data-status", "saved", { timeout: 30_000 });
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  const res = await db.query(
    `SELECT count(*)::int AS n FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId" WHERE u.email = $1 AND a.field = 'FLUENCY' AND a.value = '4'::jsonb`,
    [USERS.annotator3],
  );
  await db.end();
  expect(res.rows[0].n).toBeGreaterThan(0);
  killServer();
});
