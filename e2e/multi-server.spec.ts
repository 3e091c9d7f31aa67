// Two `next start` processes on different ports against one database: no in-process state may
// break. A session made on one server works on the other, a role change made through one is
// enforced by the other on the next request, and sign-in throttling is shared.
import { spawn, type ChildProcess } from "node:child_process";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { apiSignIn, readDemoDocuments, USERS } from "./helpers";

const port2 = Number(process.env.E2E_PORT ?? 3210) + 50;
const base2 = `http://127.0.0.1:${port2}`;
let server2: ChildProcess;

test.beforeAll(async ({ baseURL }) => {
  server2 = spawn("node_modules/.bin/next", ["start", "-p", String(port2), "-H", "127.0.0.1"], {
    stdio: "ignore",
    env: {
      ...process.env,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      NEXTAUTH_URL: baseURL,
    },
  });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base2}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("second server did not start");
});

test.afterAll(() => {
  server2?.kill("SIGTERM");
});

test("a session and a role change made on one server hold on the other", async ({ baseURL }) => {
  const manager1 = await playwrightRequest.newContext({ baseURL });
  await apiSignIn(manager1, USERS.manager);
  const annotator1 = await playwrightRequest.newContext({ baseURL });
  await apiSignIn(annotator1, USERS.annotator2);
  // cookies are per host, not per port: the same session is presented to server 2
  const annotator2 = await playwrightRequest.newContext({ baseURL: base2, storageState: await annotator1.storageState() });

  expect((await annotator2.get("/api/projects/demo")).status()).toBe(200);
  expect((await annotator2.get("/api/projects/demo/members")).status()).toBe(403);

  // server 1 makes annotator2 a manager too; server 2 enforces it at once
  const put = await manager1.put("/api/projects/demo/members", { data: { email: USERS.annotator2, roles: ["ANNOTATOR", "MANAGER"] } });
  expect(put.status()).toBe(200);
  expect((await annotator2.get("/api/projects/demo/members")).status()).toBe(200);
  // taking a role away also ends the user's sessions (User.sessionVersion), on both servers
  await manager1.put("/api/projects/demo/members", { data: { email: USERS.annotator2, roles: ["ANNOTATOR"] } });
  expect((await annotator2.get("/api/projects/demo/members")).status()).toBe(401);
  expect((await annotator1.get("/api/projects/demo")).status()).toBe(401);

  await Promise.all([manager1.dispose(), annotator1.dispose(), annotator2.dispose()]);
});

test("failed sign-ins on one server count on the other", async ({ baseURL }) => {
  const attempt = async (base: string, password: string) => {
    const ctx = await playwrightRequest.newContext({ baseURL: base });
    const csrf = await (await ctx.get("/api/auth/csrf")).json();
    const res = await ctx.post("/api/auth/callback/credentials", {
      form: { csrfToken: csrf.csrfToken, email: "lockout@e2e.tropos", password, json: "true" },
      maxRedirects: 0,
    });
    const location = res.headers()["location"] ?? (await res.text());
    await ctx.dispose();
    return location;
  };
  // counted before the password is checked (lib/auth/sign-in-throttle.ts): four free attempts,
  // the fifth starts the account's delay, whichever server takes them
  for (let i = 0; i < 5; i++) expect(await attempt(i % 2 ? base2 : (baseURL as string), "wrong-password")).toContain("error=invalid");
  // inside the delay, on either server, even the right password is refused unchecked
  expect(await attempt(base2, "tropos-demo")).toContain("error=throttled");
  expect(await attempt(baseURL as string, "tropos-demo")).toContain("error=throttled");
  // the delay grows but never becomes a lock: once it has passed, the owner gets in
  await new Promise((r) => setTimeout(r, 1500));
  expect(await attempt(base2, "tropos-demo")).not.toContain("error=");
});

test("annotators on both servers save, and a stale save through the other server is refused", async ({ baseURL }) => {
  const a1 = await playwrightRequest.newContext({ baseURL });
  await apiSignIn(a1, USERS.annotator);
  const a2 = await playwrightRequest.newContext({ baseURL: base2, storageState: await a1.storageState() });
  // every demo item is behind its document (MetaHOPE's read-first): read them, or the saves answer 423
  await readDemoDocuments(a1);
  const queue = await (await a1.get("/api/projects/demo/items/demo-doc-1-s1")).json();
  const target = { segmentId: queue.segment.id, translationId: queue.translations[0].id, field: "OVERALL" };
  const first = await a1.put("/api/projects/demo/annotations", { data: { ...target, value: 2, baseVersion: 0 } });
  expect(first.status()).toBe(200);
  const v1 = (await first.json()).version;
  const second = await a2.put("/api/projects/demo/annotations", { data: { ...target, value: 3, baseVersion: v1 } });
  expect(second.status()).toBe(200);
  // server 1 still believes version v1: refused, with server 2's value as the current one
  const stale = await a1.put("/api/projects/demo/annotations", { data: { ...target, value: 4, baseVersion: v1 } });
  expect(stale.status()).toBe(409);
  expect((await stale.json()).error.detail.current.value).toBe(3);
  await Promise.all([a1.dispose(), a2.dispose()]);
});
