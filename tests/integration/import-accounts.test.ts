// Imports and accounts (issue 27, points 1(c) and 7). A manager's import used to answer with the
// user id of every annotator it named (a dry run naming the site admin's email revealed the
// admin's id), to make any account it named by email an annotator of the project with the file's
// work, to create password-less accounts for any email, and to say by `created` which emails had
// an account. Now a rater is a member of the project (by email, with the role the work needs) or
// else a placeholder rater of this project only, which is no login account. Called as the browser
// calls the import route (with a manager's session cookie) and as `tropos import --json`.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { troposOn } from "../support/run-tropos";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import { nextRequestScope, type TRunInRequest } from "../support/next-request-scope";
import type { Db } from "@/lib/db/client";
import { authenticate } from "@/lib/auth/authenticate";
import { createPasswordReset } from "@/lib/db/auth/password-resets";
import { createInvitationTx } from "@/lib/db/projects/invitations";
import { setMemberRoles } from "@/lib/db/projects/members";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";

const SECRET = "import-accounts-test-secret-0123456789";
const ORIGIN = "http://127.0.0.1:3000";
process.env.NEXTAUTH_SECRET = SECRET;
process.env.NEXTAUTH_URL = ORIGIN;

type TRoute = (req: Request, ctx: { params: Promise<{ slug: string }> }) => Promise<Response>;

let db: Db;
let url: string;
let post: TRoute;
let inScope: TRunInRequest;
const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-import-accounts-"));

beforeAll(async () => {
  ({ db, url } = await openTestDatabase());
  inScope = await nextRequestScope();
  post = ((await import("@/app/api/projects/[slug]/import/route")) as { POST: TRoute }).POST;
});
afterAll(closeTestDatabase);

const J = (o: unknown) => JSON.stringify(o);
const corpus = [
  J({ type: "document", externalId: "d1", language: "en" }),
  J({ type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "Prices skyrocketed.", language: "en", metaphorical: true }),
  J({ type: "translation", segmentId: "s1", system: "A", language: "zh", text: "价格飞涨。" }),
];
const fluencyBy = (annotator: string, value = 3) => J({ type: "annotation", annotator, segmentId: "s1", system: "A", field: "FLUENCY", value });

async function cookieOf(user: { id: string; sessionVersion: number }) {
  return `next-auth.session-token=${await encode({ token: { uid: user.id, sv: user.sessionVersion }, secret: SECRET })}`;
}

/** POST /api/projects/<slug>/import with one JSONL file, as the import page sends it. */
async function importViaRoute(slug: string, cookie: string, content: string, opts: { dryRun?: boolean } = {}): Promise<{ status: number; text: string; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append("file", new File([content], "work.jsonl"));
  if (opts.dryRun) form.append("dryRun", "1");
  const req = new Request(`${ORIGIN}/api/projects/${slug}/import`, { method: "POST", headers: { origin: ORIGIN, cookie }, body: form });
  const { workAsyncStorage } = await import("next/dist/server/app-render/work-async-storage.external");
  const res = await inScope(req, () => {
    // a stored import warms the report cache in `after()`, which needs Next's after-context: dropped here
    (workAsyncStorage.getStore() as { afterContext?: unknown }).afterContext = { after: () => undefined };
    return post(req, { params: Promise.resolve({ slug }) });
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) };
}

const tropos = troposOn(() => url);

/** Every key of a parsed JSON value, at any depth. */
function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keysOf(x, out);
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysOf(x, out);
    }
  }
  return out;
}

async function setting() {
  const admin = await makeUser(db, { tag: "ia-admin", isAdmin: true });
  const manager = await makeUser(db, { tag: "ia-mgr" });
  const member = await makeUser(db, { tag: "ia-ann" });
  const project = await makeProject(db, [
    { userId: manager.id, roles: ["MANAGER"] },
    { userId: member.id, roles: ["ANNOTATOR"] },
    { userId: admin.id, roles: ["MANAGER"] },
  ]);
  return { admin, manager, member, project, cookie: await cookieOf(manager) };
}

describe("an import's answer carries no user ids (issue 27, point 1(c))", () => {
  it("the route's dry run and stored import: no userId key and no user's id anywhere in the JSON, members shown by the email the project shows", async () => {
    const { admin, manager, member, project, cookie } = await setting();
    const file = [...corpus, fluencyBy(member.email), fluencyBy(admin.email, 4), fluencyBy("Rater A", 5)].join("\n");
    const ids = (await db.user.findMany({ select: { id: true } })).map((u) => u.id);
    for (const dryRun of [true, false]) {
      const r = await importViaRoute(project.slug, cookie, file, { dryRun });
      expect(r.status, r.text).toBe(200);
      expect(keysOf(r.body).has("userId")).toBe(false);
      for (const id of [...ids, admin.id, manager.id, member.id]) expect(r.text).not.toContain(id);
      const outcome = (r.body.outcomes as { annotators: unknown[] }[])[0];
      expect(outcome.annotators).toEqual(expect.arrayContaining([expect.objectContaining({ name: member.email, email: member.email, imported: false })]));
      // the admin is a manager here, not an annotator: the import cannot make them one (issue 27, point 7)
      expect(outcome.annotators).toEqual(expect.arrayContaining([expect.objectContaining({ name: admin.email, email: null, imported: true })]));
      for (const stored of (await db.user.findMany({ select: { id: true } })).map((u) => u.id)) expect(r.text).not.toContain(stored);
    }
  });

  it("`tropos import --json` (dry run and stored): no userId key and no user's id in its output", async () => {
    const { member, project } = await setting();
    const f = path.join(dir, "cli.jsonl");
    writeFileSync(f, [...corpus, fluencyBy(member.email), fluencyBy("Rater B", 2)].join("\n"));
    for (const flags of [["--dry-run"], []]) {
      const r = await tropos("import", f, "--project", project.slug, "--json", ...flags);
      expect([r.code, r.stderr]).toEqual([0, ""]);
      expect(keysOf(JSON.parse(r.stdout)).has("userId")).toBe(false);
      for (const u of await db.user.findMany({ select: { id: true } })) expect(r.stdout).not.toContain(u.id);
    }
  });
});
describe("imports act only on the project's members (issue 27, point 7)", () => {
  it("work by an outside account's email: no membership, no account, its roles and work untouched; the answer is the same for an email without an account", async () => {
    const { project, cookie } = await setting();
    // an annotator of another project, with work there
    const outsider = await makeUser(db, { tag: "ia-out" });
    const elsewhere = await makeProject(db, [{ userId: outsider.id, roles: ["ANNOTATOR"] }]);
    const doc = await db.document.create({ data: { projectId: elsewhere.id, externalId: "d", language: "en" } });
    const seg = await db.segment.create({ data: { projectId: elsewhere.id, documentId: doc.id, externalId: "x", index: 0, text: "x", language: "en" } });
    await db.annotation.create({ data: { projectId: elsewhere.id, annotatorId: outsider.id, segmentId: seg.id, itemKey: "-:-", field: "FLUENCY", value: 2 } });
    const snapshot = async () => ({
      user: await db.user.findUniqueOrThrow({ where: { id: outsider.id }, select: { email: true, name: true, passwordHash: true, isAdmin: true, sessionVersion: true } }),
      roles: await db.projectMember.findMany({ where: { userId: outsider.id }, select: { projectId: true, role: true }, orderBy: { projectId: "asc" } }),
      annotations: await db.annotation.findMany({ where: { annotatorId: outsider.id }, select: { id: true, value: true, version: true } }),
    });
    const before = await snapshot();
    const ghost = `nobody-${outsider.email}`;
    const usersBefore = await db.user.count();

    const answers: string[] = [];
    for (const email of [outsider.email, ghost]) {
      // the manager's own project holds the corpus once; each run stores a value by the email
      const dry = await importViaRoute(project.slug, cookie, [...corpus, fluencyBy(email)].join("\n"), { dryRun: true });
      const real = await importViaRoute(project.slug, cookie, [...corpus, fluencyBy(email)].join("\n"));
      expect([dry.status, real.status], real.text).toEqual([200, 200]);
      answers.push(J([dry.body, real.body]).split(email).join("<email>"));
    }
    // the same answer word for word, whether the email has an account elsewhere or not
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).not.toContain('"created":false');

    expect(await snapshot()).toEqual(before);
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: outsider.id } })).toBe(0);
    expect(await db.user.count({ where: { email: ghost } })).toBe(0);
    // each email became a placeholder rater of this project: no login, not the outside account
    const raters = await db.user.findMany({ where: { memberships: { some: { projectId: project.id } }, name: { in: [outsider.email, ghost] } } });
    expect(raters).toHaveLength(2);
    expect(await db.user.count()).toBe(usersBefore + 2);
    for (const r of raters) {
      expect(isImportedAnnotatorEmail(r.email)).toBe(true);
      expect(r.passwordHash).toBeNull();
      expect(await authenticate(db, r.email, "anything")).toEqual({ ok: false, reason: "invalid" });
      expect(await createPasswordReset(db, { email: r.email, origin: "self" })).toBeNull();
      expect((await rejection(db.$transaction((tx) => createInvitationTx(tx, { projectId: project.id, email: r.email, role: "ANNOTATOR", invitedById: null })))).code).toBe("BAD_REQUEST");
      expect(await db.annotation.count({ where: { annotatorId: r.id, projectId: project.id } })).toBe(1);
    }
  });

  it("a member with the annotator role is that member; a rater named in two projects is two placeholders, one per project", async () => {
    const a = await setting();
    const b = await setting();
    const file = [...corpus, fluencyBy(a.member.email), fluencyBy("Rater C")].join("\n");
    expect((await importViaRoute(a.project.slug, a.cookie, file)).status).toBe(200);
    expect(await db.annotation.count({ where: { projectId: a.project.id, annotatorId: a.member.id } })).toBe(1);
    // the same file in project b: a's member is nobody there, "Rater C" is b's own placeholder
    expect((await importViaRoute(b.project.slug, b.cookie, file)).status).toBe(200);
    expect(await db.annotation.count({ where: { annotatorId: a.member.id } })).toBe(1);
    expect(await db.projectMember.count({ where: { projectId: b.project.id, userId: a.member.id } })).toBe(0);
    const cs = await db.user.findMany({ where: { name: "Rater C", memberships: { some: { projectId: { in: [a.project.id, b.project.id] } } } }, include: { memberships: true } });
    expect(cs).toHaveLength(2);
    for (const c of cs) expect(c.memberships.map((m) => m.role)).toEqual(["ANNOTATOR"]);
    expect(new Set(cs.map((c) => c.memberships[0].projectId))).toEqual(new Set([a.project.id, b.project.id]));
    // a's placeholder cannot be made a member of b on the members page either; b's own can be changed
    const [ofA, ofB] = [cs.find((c) => c.memberships[0].projectId === a.project.id)!, cs.find((c) => c.memberships[0].projectId === b.project.id)!];
    const refused = await rejection(setMemberRoles(db, { projectId: b.project.id, actorId: b.manager.id, email: ofA.email, roles: ["ANNOTATOR"] }));
    expect(refused.message).toBe(`No account with the email ${ofA.email}. Create it first (npm run user:create).`);
    expect(await db.projectMember.count({ where: { userId: ofA.id } })).toBe(1);
    await setMemberRoles(db, { projectId: b.project.id, actorId: b.manager.id, email: ofB.email, roles: [] });
    expect(await db.projectMember.count({ where: { userId: ofB.id } })).toBe(0);
  });
});

describe("a backup restored as another project (issue 27, point 7)", () => {
  it("gets placeholder raters of its own; the backed-up project's placeholders stay its own", async () => {
    const a = await setting();
    expect((await importViaRoute(a.project.slug, a.cookie, [...corpus, fluencyBy("Rater E")].join("\n"))).status).toBe(200);
    const { dumpProject, restoreProject } = await import("@/lib/db/export/project-dump");
    let dump = "";
    for await (const chunk of dumpProject(await (await import("@/lib/db/pg-pool")).getPgPool(), a.project.id)) dump += chunk;
    const restored = await restoreProject((await import("@/lib/db/pg-pool")).getPgPool(), dump.split("\n"), { slug: `${a.project.slug}-restored` });
    const rater = async (projectId: string) => db.user.findFirstOrThrow({ where: { name: "Rater E", memberships: { some: { projectId } } }, include: { memberships: true } });
    const [original, copy] = [await rater(a.project.id), await rater(restored.projectId)];
    expect(copy.id).not.toBe(original.id);
    expect(original.memberships.map((m) => m.projectId)).toEqual([a.project.id]);
    expect(copy.memberships.map((m) => m.projectId)).toEqual([restored.projectId]);
    expect(isImportedAnnotatorEmail(copy.email)).toBe(true);
    expect(await db.annotation.count({ where: { annotatorId: copy.id, projectId: restored.projectId } })).toBe(1);
  });
});
