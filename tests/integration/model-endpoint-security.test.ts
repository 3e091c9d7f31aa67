// Issue 27's findings on model endpoints, through the real route handlers (called as Next.js calls
// them, with a manager's session cookie), the CLI and the lib functions, on the run's database:
// point 1a, a manager could name NEXTAUTH_SECRET as the "API key" variable and have the connection
// test deliver it to a server of their choosing (then forge an admin session).
// Every model server here listens on 127.0.0.1 and counts its connections, so "refused" means
// refused before anything was sent.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Pool } from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { closeTestDatabase, openTestDatabase } from "../db";
import { troposOn } from "../support/run-tropos";
import { makeProject, makeUser } from "./fixtures";
import { nextRequestScope, type TRunInRequest } from "../support/next-request-scope";
import type { Db } from "@/lib/db/client";

const SECRET = "model-endpoint-security-secret-0123456789";
const ORIGIN = "http://127.0.0.1:3000";
process.env.NEXTAUTH_SECRET = SECRET;
process.env.NEXTAUTH_URL = ORIGIN;

type TRoute<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

let db: Db;
let pool: Pool;
let url: string;
let inScope: TRunInRequest;
let addRoute: TRoute<{ slug: string }>;
let testRoute: TRoute<{ slug: string; name: string }>;
let project: { id: string; slug: string };
let manager: string;

/** A model server on loopback: `handle` answers; every connection is counted, answered or not. */
interface TCountingServer { baseUrl: string; connections: number; close(): Promise<void> }
const servers: TCountingServer[] = [];
async function countingServer(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TCountingServer> {
  const sockets = new Set<Socket>();
  const server = http.createServer(handle);
  const s: TCountingServer = {
    baseUrl: "",
    connections: 0,
    close: () => new Promise<void>((resolve) => {
      for (const k of sockets) k.destroy();
      server.close(() => resolve());
    }),
  };
  server.on("connection", (k: Socket) => {
    s.connections += 1;
    sockets.add(k);
    k.on("close", () => sockets.delete(k));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  s.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  servers.push(s);
  return s;
}
const modelsReply = (res: http.ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ object: "list", data: [{ id: "m", object: "model", created: 0, owned_by: "t" }] }));
};

beforeAll(async () => {
  ({ db, url, pool } = await openTestDatabase());
  inScope = await nextRequestScope();
  addRoute = ((await import("@/app/api/projects/[slug]/models/route")) as { POST: TRoute<{ slug: string }> }).POST;
  testRoute = ((await import("@/app/api/projects/[slug]/models/[name]/test/route")) as { POST: TRoute<{ slug: string; name: string }> }).POST;
  const user = await makeUser(db, { tag: "mes-mgr" });
  const p = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
  project = { id: p.id, slug: p.slug };
  manager = `next-auth.session-token=${await encode({ token: { uid: user.id, sv: user.sessionVersion }, secret: SECRET })}`;
});
afterEach(() => {
  delete process.env.TROPOS_MODEL_HOSTS;
  delete process.env.TROPOS_MODEL_KEY_ENVS;
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await closeTestDatabase();
});

async function call<P extends Record<string, string>>(route: TRoute<P>, pathname: string, params: P, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const req = new Request(`${ORIGIN}${pathname}`, { method: "POST", headers: { "content-type": "application/json", origin: ORIGIN, cookie: manager }, body: JSON.stringify(body) });
  const res = await inScope(req, () => route(req, { params: Promise.resolve(params) }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const addEndpoint = (body: Record<string, unknown>) => call(addRoute, `/api/projects/${project.slug}/models`, { slug: project.slug }, body);
const testEndpoint = (name: string) => call(testRoute, `/api/projects/${project.slug}/models/${name}/test`, { slug: project.slug, name }, {});

const tropos = (env: Record<string, string>, ...args: string[]) => troposOn(() => url, env)(...args);

describe("the API key variable (issue 27, point 1a)", () => {
  it("POST /models refuses apiKeyEnv NEXTAUTH_SECRET and DATABASE_URL, even when the operator lists them; stores nothing", async () => {
    process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
    process.env.TROPOS_MODEL_KEY_ENVS = "NEXTAUTH_SECRET,DATABASE_URL";
    const server = await countingServer((_req, res) => modelsReply(res));
    for (const apiKeyEnv of ["NEXTAUTH_SECRET", "DATABASE_URL", "OIDC_CLIENT_SECRET"]) {
      const r = await addEndpoint({ name: `steal-${apiKeyEnv.toLowerCase().replace(/_/g, "-")}`, baseUrl: server.baseUrl, model: "m", apiKeyEnv });
      expect(r.status, apiKeyEnv).toBe(400);
      expect(JSON.stringify(r.body)).toContain(`${apiKeyEnv} is one of Tropos's own settings and can never be sent to a model endpoint`);
    }
    expect(await db.modelEndpoint.count({ where: { projectId: project.id, name: { startsWith: "steal-" } } })).toBe(0);
    expect(server.connections).toBe(0);
  });

  it("POST /models refuses a name outside TROPOS_MODEL_KEY_* unless the operator lists it; allows TROPOS_MODEL_KEY_*", async () => {
    process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
    const server = await countingServer((_req, res) => modelsReply(res));
    const other = await addEndpoint({ name: "k-openai", baseUrl: server.baseUrl, model: "m", apiKeyEnv: "OPENAI_API_KEY" });
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toMatch(/TROPOS_MODEL_KEY_ENVS; OPENAI_API_KEY is neither/);
    process.env.TROPOS_MODEL_KEY_ENVS = "OPENAI_API_KEY";
    expect((await addEndpoint({ name: "k-openai", baseUrl: server.baseUrl, model: "m", apiKeyEnv: "OPENAI_API_KEY" })).status).toBe(201);
    expect((await addEndpoint({ name: "k-tropos", baseUrl: server.baseUrl, model: "m", apiKeyEnv: "TROPOS_MODEL_KEY_LAB" })).status).toBe(201);
  });

  it("an endpoint stored before the rule with apiKeyEnv NEXTAUTH_SECRET: its connection test and suggest jobs are refused and send nothing", async () => {
    process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
    const seen: (string | undefined)[] = [];
    const server = await countingServer((req, res) => {
      seen.push(req.headers.authorization);
      modelsReply(res);
    });
    await db.modelEndpoint.create({ data: { projectId: project.id, name: "old-steal", baseUrl: server.baseUrl, model: "m", apiKeyEnv: "NEXTAUTH_SECRET" } });
    const r = await testEndpoint("old-steal");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: false, message: expect.stringMatching(/^NEXTAUTH_SECRET is one of Tropos's own settings/) });
    expect(JSON.stringify(r.body)).not.toContain(SECRET);
    // a suggest job for it is refused at the start, and one queued before fails once, sending nothing
    const { createSuggestJob } = await import("@/lib/db/models/suggest-jobs");
    const { runSuggestJob } = await import("@/lib/jobs/suggest-job");
    await expect(createSuggestJob(db, pool, { projectId: project.id, actorId: null, endpointName: "old-steal", field: "FLUENCY", queue: false })).rejects.toThrow(/^NEXTAUTH_SECRET is one of Tropos's own settings/);
    const old = await db.modelEndpoint.findFirstOrThrow({ where: { projectId: project.id, name: "old-steal" } });
    const job = await db.job.create({ data: { projectId: project.id, kind: "suggest", input: { endpointId: old.id, endpointName: old.name, field: "FLUENCY" } } });
    await runSuggestJob(db, pool, job.id);
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "failed", error: { message: expect.stringMatching(/^NEXTAUTH_SECRET is one of Tropos's own settings/) } });
    expect([server.connections, seen]).toEqual([0, []]);
  });

  it("tropos model add --api-key-env NEXTAUTH_SECRET is refused (exit 1) and stores nothing", { timeout: 60_000 }, async () => {
    const r = await tropos({ TROPOS_MODEL_HOSTS: "127.0.0.1", TROPOS_MODEL_KEY_ENVS: "NEXTAUTH_SECRET" }, "model", "add", "--project", project.slug, "--name", "cli-steal", "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--api-key-env", "NEXTAUTH_SECRET");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/NEXTAUTH_SECRET is one of Tropos's own settings and can never be sent/);
    expect(await db.modelEndpoint.count({ where: { projectId: project.id, name: "cli-steal" } })).toBe(0);
  });
});

describe("internal hosts (issue 27, point 1b)", () => {
  it("POST /models refuses a loopback base URL in any spelling without TROPOS_MODEL_HOSTS; with it the endpoint is added and answers its test", async () => {
    const server = await countingServer((_req, res) => modelsReply(res));
    const port = new URL(server.baseUrl).port;
    for (const [i, baseUrl] of [server.baseUrl, `http://2130706433:${port}/v1`, `http://0x7f.1:${port}/v1`, `http://[::ffff:127.0.0.1]:${port}/v1`, `http://localhost:${port}/v1`].entries()) {
      const r = await addEndpoint({ name: `loop-${i}`, baseUrl, model: "m" });
      expect(r.status, baseUrl).toBe(403);
      expect(JSON.stringify(r.body), baseUrl).toMatch(/may reach it only if the server's operator lists it in TROPOS_MODEL_HOSTS/);
    }
    expect(await db.modelEndpoint.count({ where: { projectId: project.id, name: { startsWith: "loop-" } } })).toBe(0);
    expect(server.connections).toBe(0);

    process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
    expect((await addEndpoint({ name: "loop-ok", baseUrl: server.baseUrl, model: "m" })).status).toBe(201);
    expect((await testEndpoint("loop-ok")).body).toEqual({ ok: true, models: ["m"], hasModel: true });
    expect(server.connections).toBe(1);
  });

  it("an endpoint on loopback stored before the fix: its connection test is refused and nothing is sent", async () => {
    const server = await countingServer((_req, res) => modelsReply(res));
    await db.modelEndpoint.create({ data: { projectId: project.id, name: "old-loop", baseUrl: `http://0177.0.0.1:${new URL(server.baseUrl).port}/v1`, model: "m" } });
    const r = await testEndpoint("old-loop");
    expect(r.status).toBe(403);
    expect(JSON.stringify(r.body)).toMatch(/The host 127\.0\.0\.1:\d+ is a loopback address/);
    expect(server.connections).toBe(0);
  });

  it("a non-2xx answer's body is not echoed (a port-scan oracle): only its status and a generic message", async () => {
    process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
    const banner = "SSH-2.0-OpenSSH_9.6 internal-admin-panel token=abc123";
    const server = await countingServer((_req, res) => {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end(banner);
    });
    expect((await addEndpoint({ name: "banner", baseUrl: server.baseUrl, model: "m" })).status).toBe(201);
    const r = await testEndpoint("banner");
    expect(r.body).toEqual({ ok: false, message: "HTTP 404: not found at this URL (the server's answer is not shown)" });
    const json = await countingServer((_req, res) => {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: banner } }));
    });
    expect((await addEndpoint({ name: "banner-json", baseUrl: json.baseUrl, model: "m" })).status).toBe(201);
    expect((await testEndpoint("banner-json")).body).toEqual({ ok: false, message: "HTTP 403: the server refused the request (the server's answer is not shown)" });
  });

  it("a redirect is refused, not followed", async () => {
    process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
    const server = await countingServer((_req, res) => {
      res.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/iam/security-credentials/" });
      res.end();
    });
    expect((await addEndpoint({ name: "moved", baseUrl: server.baseUrl, model: "m" })).status).toBe(201);
    expect((await testEndpoint("moved")).body).toEqual({ ok: false, message: "The server answered HTTP 307 (a redirect); redirects are not followed." });
    expect(server.connections).toBe(1);
  });
});

describe("bounded answers (issue 27, point 3)", () => {
  /** GET /v1/models answered 200 at once, then one chunk of the body every `everyMs` ms until the client goes */
  const dripServer = (chunk: Buffer, everyMs: number, declared?: number) =>
    countingServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", ...(declared ? { "content-length": String(declared) } : {}) });
      res.write('{"object":"list","data":[');
      const timer = setInterval(() => res.write(chunk), everyMs);
      res.on("close", () => clearInterval(timer));
    });

  it("a server that drips its body one byte a second is cut off at the endpoint's timeout, body included", async () => {
    process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
    const server = await dripServer(Buffer.from(" "), 1000);
    expect((await addEndpoint({ name: "drip", baseUrl: server.baseUrl, model: "m", timeoutMs: 300 })).status).toBe(201);
    const started = Date.now();
    const r = await testEndpoint("drip");
    // the connection test tries twice (one retry): two deadlines and the package's backoff
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.body).toEqual({ ok: false, message: "timed out (after retries)" });
    expect(server.connections).toBe(2);
  });

  it("an answer over TROPOS_MODEL_MAX_RESPONSE_MB is refused, not read further and not asked again", async () => {
    process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
    process.env.TROPOS_MODEL_MAX_RESPONSE_MB = "1";
    try {
      const server = await dripServer(Buffer.alloc(64 * 1024, 0x20), 1);
      expect((await addEndpoint({ name: "huge", baseUrl: server.baseUrl, model: "m", timeoutMs: 30_000 })).status).toBe(201);
      const started = Date.now();
      expect((await testEndpoint("huge")).body).toEqual({ ok: false, message: "The server's answer is larger than 1 MB (TROPOS_MODEL_MAX_RESPONSE_MB); it was not read further." });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(server.connections).toBe(1);
      const declared = await dripServer(Buffer.from(" "), 1000, 3 * 1024 ** 3);
      expect((await addEndpoint({ name: "huge-declared", baseUrl: declared.baseUrl, model: "m", timeoutMs: 30_000 })).status).toBe(201);
      expect((await testEndpoint("huge-declared")).body).toMatchObject({ ok: false, message: expect.stringMatching(/larger than 1 MB/) });
    } finally {
      delete process.env.TROPOS_MODEL_MAX_RESPONSE_MB;
    }
  });
});
