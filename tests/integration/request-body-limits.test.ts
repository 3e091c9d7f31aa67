// Issue 27 point 2: every request body has a byte limit enforced while it streams. A chunked body
// declares no length, and the routes read bodies whole before (next-auth's `req.text()`, our
// `req.json()`): a 700 MB sign-in post grew the server to 1.6 GB. Here a 50 MB chunked body,
// generated lazily and never held, is streamed into the real route handlers as Next.js calls them;
// each must answer 413 having pulled little more than its limit, and cancel the rest.
// Without the fix the sign-in test read all 50 MB (and answered next-auth's error redirect) and the
// annotation save read all 50 MB before answering 400.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { nextActionScope, type TRunInRequest } from "../support/next-request-scope";
import { PEER_ADDRESS_HEADER, peerAddressValue } from "@/lib/http/peer-address";
import { hashPassword } from "@/lib/auth/password";
import { AUTH_BODY_MAX_BYTES, JSON_BODY_MAX_BYTES } from "@/lib/http/body-limits";
import type { Db } from "@/lib/db/client";

const SECRET = "body-limits-test-secret-0123456789";
const ORIGIN = "http://127.0.0.1:3000";
process.env.NEXTAUTH_SECRET = SECRET;
process.env.NEXTAUTH_URL = ORIGIN;

const MB = 1024 * 1024;
const TOTAL = 50 * MB;

type TAuthRoute = (req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;
type TSaveRoute = (req: Request, ctx: { params: Promise<{ slug: string }> }) => Promise<Response>;

let db: Db;
let inScope: TRunInRequest;
// loaded after nextActionScope: next/server needs the AsyncLocalStorage the scope sets up
let NextRequestClass: typeof NextRequest;
let auth: TAuthRoute;
let put: TSaveRoute;
let slug: string;
let annotatorCookie: string;
const password = "a long passphrase";
let email: string;

/** `totalBytes` of filler in 64 KB chunks, made as they are pulled; counts what was pulled. */
function lazyBody(totalBytes: number, prefix = "") {
  const chunk = new Uint8Array(64 * 1024).fill(97);
  const pulled = { bytes: 0, cancelled: false };
  let sentPrefix = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!sentPrefix) {
          sentPrefix = true;
          return controller.enqueue(new TextEncoder().encode(prefix));
        }
        if (pulled.bytes >= totalBytes) return controller.close();
        pulled.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        pulled.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled };
}

beforeAll(async () => {
  ({ db } = await openTestDatabase());
  // as Next.js runs a route handler: cookies may be set (the sign-in sets its session and device cookies)
  inScope = await nextActionScope();
  NextRequestClass = (await import("next/server")).NextRequest;
  auth = ((await import("@/app/api/auth/[...nextauth]/route")) as unknown as { POST: TAuthRoute }).POST;
  put = ((await import("@/app/api/projects/[slug]/annotations/route")) as { PUT: TSaveRoute }).PUT;
  const annotator = await makeUser(db, { tag: "body-a" });
  email = annotator.email;
  await db.user.update({ where: { id: annotator.id }, data: { passwordHash: await hashPassword(password) } });
  slug = (await makeProject(db, [{ userId: annotator.id, roles: ["ANNOTATOR"] }])).slug;
  annotatorCookie = `next-auth.session-token=${await encode({ token: { uid: annotator.id, sv: annotator.sessionVersion }, secret: SECRET })}`;
});
afterAll(closeTestDatabase);

function authCall(action: string[], init: { method: string; headers?: Record<string, string>; body?: ReadableStream<Uint8Array> | string }) {
  const req = new NextRequestClass(`${ORIGIN}/api/auth/${action.join("/")}`, { ...init, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
  return inScope(req, () => auth(req, { params: Promise.resolve({ nextauth: action }) }));
}

describe("POST /api/auth/callback/credentials (next-auth, open to anyone)", () => {
  it("refuses a 50 MB chunked body with 413 after reading little more than the sign-in limit, cancelling the rest", async () => {
    const { stream, pulled } = lazyBody(TOTAL, "csrfToken=x&email=a%40b.c&password=");
    const rssBefore = process.memoryUsage().rss;
    const res = await authCall(["callback", "credentials"], { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN }, body: stream });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(pulled.cancelled).toBe(true);
    expect(pulled.bytes).toBeLessThan(AUTH_BODY_MAX_BYTES + 256 * 1024);
    // the body was never held: the process did not grow by anything like its 50 MB
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(TOTAL / 2);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const { stream, pulled } = lazyBody(TOTAL);
    const res = await authCall(["callback", "credentials"], { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(TOTAL) }, body: stream });
    expect(res.status).toBe(413);
    expect(pulled.bytes).toBe(0);
  });

  it("still signs in with a normal form: the buffered body reaches next-auth unchanged", async () => {
    const csrf = await authCall(["csrf"], { method: "GET" });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = (csrf.headers.get("set-cookie") ?? "").split(";")[0];
    const form = new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: ORIGIN }).toString();
    // a peer of its own, as the server records it (lib/http/peer-address.ts), used by no other test:
    // address limits are shared by the run's files (authenticate.test.ts spends 198.51.100.7's)
    const res = await authCall(["callback", "credentials"], { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie: csrfCookie, [PEER_ADDRESS_HEADER]: peerAddressValue("198.18.0.27") }, body: form });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token="))).toBe(true);
  });
});

describe("PUT /api/projects/[slug]/annotations (a JSON route: parseJsonBody)", () => {
  it("refuses an annotator's 50 MB chunked body with 413 after reading little more than the JSON limit, cancelling the rest", async () => {
    const { stream, pulled } = lazyBody(TOTAL, '{"segmentId":"');
    const rssBefore = process.memoryUsage().rss;
    const req = new Request(`${ORIGIN}/api/projects/${slug}/annotations`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: ORIGIN, cookie: annotatorCookie },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const res = await inScope(req, () => put(req, { params: Promise.resolve({ slug }) }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(pulled.cancelled).toBe(true);
    expect(pulled.bytes).toBeLessThan(JSON_BODY_MAX_BYTES + 256 * 1024);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(TOTAL / 2);
  });
});
