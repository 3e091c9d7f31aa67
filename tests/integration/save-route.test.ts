// The annotation save route itself (PUT /api/projects/[slug]/annotations), called as Next.js calls
// it, with a session cookie: its guard reads the session, the project and the item in one query
// (lib/http/save-handler.ts, issue 21 point 4), so every answer a caller could get is pinned here:
// who is refused with what, in which order (the guard before the body), and that a stale version,
// another annotator's item and a submitted item are still refused. Every test but the one of the
// prefetched context (which the code before did not have) passes on the code before issue 21 point 4 too.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { nextRequestScope, type TRunInRequest } from "../support/next-request-scope";
import type { Db } from "@/lib/db/client";

const SECRET = "save-route-test-secret-0123456789";
const ORIGIN = "http://127.0.0.1:3000";
process.env.NEXTAUTH_SECRET = SECRET;
process.env.NEXTAUTH_URL = ORIGIN;

type TRoute = (req: Request, ctx: { params: Promise<{ slug: string }> }) => Promise<Response>;

let db: Db;
let put: TRoute;
let inScope: TRunInRequest;
let slug: string;
const cookie: Record<string, string> = {};
let mine: { segmentId: string; translationId: string };
let theirs: { segmentId: string; translationId: string };

async function sessionCookie(user: { id: string; sessionVersion: number }) {
  return `next-auth.session-token=${await encode({ token: { uid: user.id, sv: user.sessionVersion }, secret: SECRET })}`;
}

beforeAll(async () => {
  ({ db } = await openTestDatabase());
  inScope = await nextRequestScope();
  put = ((await import("@/app/api/projects/[slug]/annotations/route")) as { PUT: TRoute }).PUT;
  const [a1, a2, manager, outsider] = [await makeUser(db, { tag: "r-a1" }), await makeUser(db, { tag: "r-a2" }), await makeUser(db, { tag: "r-mgr" }), await makeUser(db, { tag: "r-out" })];
  const p = await makeProject(db, [
    { userId: a1.id, roles: ["ANNOTATOR"] },
    { userId: a2.id, roles: ["ANNOTATOR"] },
    { userId: manager.id, roles: ["MANAGER"] },
  ]);
  await makeProject(db, [{ userId: outsider.id, roles: ["ANNOTATOR"] }]);
  slug = p.slug;
  const doc = await db.document.create({ data: { projectId: p.id, externalId: "d", language: "en", split: "TEST" } });
  const system = await db.mtSystem.create({ data: { projectId: p.id, name: "sys" } });
  const targets = [];
  for (let i = 0; i < 2; i++) {
    const s = await db.segment.create({ data: { projectId: p.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Sentence ${i}.`, language: "en", split: "TEST" } });
    const t = await db.translation.create({ data: { segmentId: s.id, systemId: system.id, language: "zh", text: `第${i}句。` } });
    targets.push({ segmentId: s.id, translationId: t.id });
  }
  [mine, theirs] = targets;
  // the project runs its stored scheme (the MMTE preset, stored as version 1 by the first read) with one SCHEME assignment per item
  const { getProjectRuntime } = await import("@/lib/db/projects/project-schemes");
  await getProjectRuntime(db, p.id);
  await db.assignment.create({ data: { projectId: p.id, annotatorId: a1.id, segmentId: mine.segmentId, position: 0 } });
  await db.assignment.create({ data: { projectId: p.id, annotatorId: a2.id, segmentId: theirs.segmentId, position: 0 } });
  for (const [k, u] of Object.entries({ a1, a2, manager, outsider })) cookie[k] = await sessionCookie(u);
});
afterAll(closeTestDatabase);

async function save(opts: { cookie?: string; body: unknown; key?: string; headers?: Record<string, string>; slug?: string }): Promise<{ status: number; body: { version?: number; id?: string; error?: { code: string; detail?: { current?: { version: number } } } } }> {
  const target = opts.slug ?? slug;
  const req = new Request(`${ORIGIN}/api/projects/${target}/annotations`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin: ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.key ? { "idempotency-key": opts.key } : {}), ...opts.headers },
    body: typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
  });
  const res = await inScope(req, () => put(req, { params: Promise.resolve({ slug: target }) }));
  return { status: res.status, body: await res.json() };
}

const fluency = (target: { segmentId: string; translationId: string }, value: unknown, baseVersion: number) => ({ ...target, mrwId: null, field: "FLUENCY", value, baseVersion });

describe("PUT /api/projects/[slug]/annotations", () => {
  it("saves the caller's value with versions: 200, a stale version 409 with the current one, a retried key its first answer", async () => {
    const first = await save({ cookie: cookie.a1, body: fluency(mine, 3, 0) });
    expect(first).toMatchObject({ status: 200, body: { version: 1 } });
    const stale = await save({ cookie: cookie.a1, body: fluency(mine, 4, 0) });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "CONFLICT", detail: { current: { version: 1 } } });
    const key = randomUUID();
    const second = await save({ cookie: cookie.a1, body: fluency(mine, 4, 1), key });
    expect(second).toMatchObject({ status: 200, body: { version: 2 } });
    expect(await save({ cookie: cookie.a1, body: fluency(mine, 4, 1), key })).toEqual(second);
    expect(await db.history.count({ where: { entityId: second.body.id } })).toBe(2);
  });

  it("refuses a caller without a session (401), with an ended session (401), a non-member (404) and a member without the permission (403), whatever the body", async () => {
    for (const body of [fluency(mine, 3, 0), { nonsense: true }, "{not json"]) {
      expect((await save({ body })).status).toBe(401);
      expect((await save({ cookie: "next-auth.session-token=forged", body })).status).toBe(401);
      expect((await save({ cookie: cookie.outsider, body })).status).toBe(404);
      expect((await save({ cookie: cookie.manager, body })).status).toBe(403);
    }
    const ended = await makeUser(db, { tag: "r-ended" });
    const endedCookie = await sessionCookie(ended);
    await db.user.update({ where: { id: ended.id }, data: { sessionVersion: { increment: 1 } } });
    expect((await save({ cookie: endedCookie, body: fluency(mine, 3, 0) })).status).toBe(401);
    expect((await save({ cookie: cookie.a1, body: fluency(mine, 3, 0), slug: "no-such-project" })).status).toBe(404);
  });

  it("answers a member's malformed body with 400 naming the field, and a foreign origin with 403 before anything", async () => {
    const bad = await save({ cookie: cookie.a1, body: { ...fluency(mine, 3, 0), baseVersion: -1 } });
    expect(bad.status).toBe(400);
    expect((await save({ cookie: cookie.a1, body: "{not json" })).status).toBe(400);
    const forged = await save({ cookie: cookie.a1, body: fluency(mine, 3, 0), headers: { origin: "https://evil.example" } });
    expect(forged).toMatchObject({ status: 403, body: { error: { code: "FORBIDDEN" } } });
  });

  it("never writes another annotator's item, nor a translation of another item, and refuses a submitted item", async () => {
    const before = await db.annotation.count();
    expect(await save({ cookie: cookie.a1, body: fluency(theirs, 3, 0) })).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    expect(await save({ cookie: cookie.a1, body: fluency({ segmentId: mine.segmentId, translationId: theirs.translationId }, 3, 0) })).toMatchObject({ status: 404 });
    await db.assignment.updateMany({ where: { segmentId: theirs.segmentId }, data: { status: "DONE" } });
    expect(await save({ cookie: cookie.a2, body: fluency(theirs, 3, 0) })).toMatchObject({ status: 423, body: { error: { code: "ITEM_SUBMITTED" } } });
    expect(await db.annotation.count()).toBe(before);
  });

  it("uses a context the guard read only for the very target it was read for (saveAnnotation with another item's context reads its own)", async () => {
    const { saveAnnotation } = await import("@/lib/db/workspace/save-value");
    const { getPgPool } = await import("@/lib/db/pg-pool");
    const { ZSchemeConfig } = await import("@/lib/schemes/scheme-config");
    const { getProjectRuntime } = await import("@/lib/db/projects/project-schemes");
    const project = await db.project.findUniqueOrThrow({ where: { slug } });
    const runtime = await getProjectRuntime(db, project.id);
    const a1 = await db.user.findFirstOrThrow({ where: { email: { startsWith: "r-a1-" } } });
    // an open, assigned context, but read for a1's own item: it must not let a1 write a2's item
    const wrong = {
      key: { projectId: project.id, annotatorId: a1.id, segmentId: mine.segmentId, translationId: mine.translationId, mrwId: null },
      row: { assignment_status: "TODO", ttext: "x", tok: true, mmeta: null, mok: true, mrw_ids: [], texts: null, lists: null, doc_first: null, doc_read: true, doc_title: null },
    };
    // a pool that records the statements run: the save must read the context itself before writing
    const texts: string[] = [];
    const pool = getPgPool();
    const recording = { query: (q: string | { text: string }, v?: unknown[]) => (texts.push(typeof q === "string" ? q : q.text), pool.query(q as never, v as never)) } as unknown as typeof pool;
    const attempt = saveAnnotation(recording, { projectId: project.id, annotatorId: a1.id, config: ZSchemeConfig.parse({}), runtime, input: fluency(theirs, 3, 0), itemContext: wrong });
    await expect(attempt).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(texts[0]).toContain("AS assignment_status");
    // the same context for the target it was read for is used as it is: the first statement is the write
    texts.length = 0;
    const current = await db.annotation.findFirstOrThrow({ where: { annotatorId: a1.id, segmentId: mine.segmentId, field: "FLUENCY" } });
    await saveAnnotation(recording, { projectId: project.id, annotatorId: a1.id, config: ZSchemeConfig.parse({}), runtime, input: fluency(mine, 5, current.version), itemContext: wrong });
    expect(texts[0]).toContain('UPDATE "Annotation"');
  });
});

describe("the other API routes' guard (withProject: session check and project in one query)", () => {
  it("GET /api/projects/[slug]: a member gets the project with their roles, a non-member 404, no or an ended session 401", async () => {
    const get = ((await import("@/app/api/projects/[slug]/route")) as { GET: TRoute }).GET;
    const call = async (c?: string) => {
      const req = new Request(`${ORIGIN}/api/projects/${slug}`, { headers: c ? { cookie: c } : {} });
      const res = await inScope(req, () => get(req, { params: Promise.resolve({ slug }) }));
      return { status: res.status, body: (await res.json()) as { roles?: string[]; project?: { slug: string } } };
    };
    expect(await call(cookie.a1)).toMatchObject({ status: 200, body: { roles: ["ANNOTATOR"], project: { slug } } });
    expect((await call(cookie.manager)).body.roles).toEqual(["MANAGER"]);
    expect((await call(cookie.outsider)).status).toBe(404);
    expect((await call()).status).toBe(401);
    const a2 = await db.user.findFirstOrThrow({ where: { email: { startsWith: "r-a2-" } } });
    await db.user.update({ where: { id: a2.id }, data: { sessionVersion: { increment: 1 } } });
    expect((await call(cookie.a2)).status).toBe(401);
  });
});

describe("PUT …/annotations in a project whose scheme asks for the document first", () => {
  it("refuses a sentence of an unread document with 423 (checked on what the guard read with the item), and saves once it is read", async () => {
    const p = await db.project.findUniqueOrThrow({ where: { slug } });
    const { getProjectRuntime, setProjectScheme } = await import("@/lib/db/projects/project-schemes");
    const runtime = await getProjectRuntime(db, p.id);
    await setProjectScheme(db, p.id, { ...runtime.definition, version: runtime.version + 1, workflow: { readDocumentFirst: true } }, { actorId: null });
    const a1 = { id: (await db.assignment.findFirstOrThrow({ where: { segmentId: mine.segmentId } })).annotatorId };
    const current = await db.annotation.findFirst({ where: { annotatorId: a1.id, segmentId: mine.segmentId, field: "FLUENCY" }, select: { version: true } });
    const base = current?.version ?? 0;
    const refused = await save({ cookie: cookie.a1, body: fluency(mine, 2, base) });
    expect(refused.status).toBe(423);
    expect(refused.body.error).toMatchObject({ code: "DOCUMENT_NOT_READ" });
    const doc = await db.segment.findUniqueOrThrow({ where: { id: mine.segmentId }, select: { documentId: true } });
    await db.documentRead.create({ data: { userId: a1.id, documentId: doc.documentId } });
    expect(await save({ cookie: cookie.a1, body: fluency(mine, 2, base) })).toMatchObject({ status: 200, body: { version: base + 1 } });
  });
});
