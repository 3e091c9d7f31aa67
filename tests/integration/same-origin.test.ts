// One cross-site rule for server actions and API writes (issue 27, point 10), on the real server
// action (setMemberRolesAction, a manager's session) and the real annotation save route: a
// request with no Origin and `Sec-Fetch-Site: cross-site` ran the action before, and
// `Origin: https://host` was accepted over http because only the host was compared.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { nextActionScope, nextRequestScope, type TRunInRequest } from "../support/next-request-scope";
import type { Db } from "@/lib/db/client";

const SECRET = "same-origin-test-secret-0123456789";
process.env.NEXTAUTH_SECRET = SECRET;
// the configured public origin is another one: the request's own scheme and host are what count here
process.env.NEXTAUTH_URL = "http://configured.tropos.test:3000";
const HOST = "tropos.test:3000";
const OWN = `http://${HOST}`;

type TAction = (raw: unknown) => Promise<{ ok: boolean; code?: string; field?: string }>;
type TRoute = (req: Request, ctx: { params: Promise<{ slug: string }> }) => Promise<Response>;

let db: Db;
let inScope: TRunInRequest;
let inAction: TRunInRequest;
let setMemberRoles: TAction;
let put: TRoute;
let slug: string;
let projectId: string;
let managerCookie: string;

beforeAll(async () => {
  ({ db } = await openTestDatabase());
  inScope = await nextRequestScope();
  inAction = await nextActionScope();
  setMemberRoles = ((await import("@/app/projects/[slug]/members/actions")) as { setMemberRolesAction: TAction }).setMemberRolesAction;
  put = ((await import("@/app/api/projects/[slug]/annotations/route")) as { PUT: TRoute }).PUT;
  const manager = await makeUser(db, { tag: "so-mgr" });
  const p = await makeProject(db, [{ userId: manager.id, roles: ["MANAGER"] }]);
  [slug, projectId] = [p.slug, p.id];
  managerCookie = `next-auth.session-token=${await encode({ token: { uid: manager.id, sv: manager.sessionVersion }, secret: SECRET })}`;
});
afterAll(closeTestDatabase);

/** The action as a browser's POST would reach it: next start sets X-Forwarded-Proto from the socket (http here). */
async function runAction(headers: Record<string, string>, email: string) {
  const req = new Request(`${OWN}/projects/${slug}/members`, {
    method: "POST",
    headers: { host: HOST, "x-forwarded-proto": "http", cookie: managerCookie, ...headers },
  });
  let result: Awaited<ReturnType<TAction>> | undefined;
  await inAction(req, async () => {
    result = await setMemberRoles({ slug, email, roles: ["ANNOTATOR"] });
    return new Response(null);
  });
  return result!;
}

const isMember = async (email: string) => (await db.projectMember.count({ where: { projectId, user: { email } } })) > 0;

describe("server actions: the same-origin rule", () => {
  it("refuses no Origin with Sec-Fetch-Site cross-site (or same-site), and runs nothing", async () => {
    for (const [i, site] of ["cross-site", "same-site"].entries()) {
      const target = await makeUser(db, { tag: `so-x${i}` });
      expect(await runAction({ "sec-fetch-site": site }, target.email)).toMatchObject({ ok: false, code: "FORBIDDEN", field: "Sec-Fetch-Site" });
      expect(await isMember(target.email)).toBe(false);
    }
  });

  it("refuses an Origin whose scheme or port differs from the request's (https over http, another port)", async () => {
    const target = await makeUser(db, { tag: "so-scheme" });
    for (const origin of ["https://tropos.test:3000", "http://tropos.test:3001", "http://tropos.test", "null"]) {
      expect(await runAction({ origin, "sec-fetch-site": "same-origin" }, target.email)).toMatchObject({ ok: false, code: "FORBIDDEN", field: "Origin" });
    }
    expect(await isMember(target.email)).toBe(false);
  });

  it("runs the action for its own origin (same-origin, none or no fetch metadata) and for a non-browser client", async () => {
    for (const [i, headers] of ([
      { origin: OWN, "sec-fetch-site": "same-origin" },
      { origin: OWN, "sec-fetch-site": "none" },
      { origin: OWN },
      { origin: "http://configured.tropos.test:3000" },
      {},
    ] as Record<string, string>[]).entries()) {
      const target = await makeUser(db, { tag: `so-ok${i}` });
      expect(await runAction(headers, target.email)).toMatchObject({ ok: true });
      expect(await isMember(target.email)).toBe(true);
    }
  });
});

describe("API writes: the same rule", () => {
  async function save(headers: Record<string, string>) {
    const req = new Request(`${OWN}/api/projects/${slug}/annotations`, {
      method: "PUT",
      headers: { host: HOST, "x-forwarded-proto": "http", "content-type": "application/json", ...headers },
      body: "{}",
    });
    const res = await inScope(req, () => put(req, { params: Promise.resolve({ slug }) }));
    return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
  }

  it("refuses a scheme mismatch and cross-site fetch metadata with 403; its own origin gets past the check (401: no session)", async () => {
    expect((await save({ origin: "https://tropos.test:3000" })).status).toBe(403);
    expect((await save({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await save({ origin: OWN, "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await save({ origin: OWN, "sec-fetch-site": "same-origin" })).status).toBe(401);
  });
});
