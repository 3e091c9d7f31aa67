// Imports and accounts (issue 27, points 1(c) and 7). A manager's import used to answer with the
// user id of every annotator it named (a dry run naming the site admin's email revealed the
// admin's id), to make any account it named by email an annotator of the project with the file's
// work, to create password-less accounts for any email, and to say by `created` which emails had
// an account. Now a rater is a member of the project (by email, with the role the work needs) or
// else a placeholder rater of this project only, which is no login account. Called as the browser
// calls the import route (with a manager's session cookie) and as `tropos import --json`.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { nextRequestScope, type TRunInRequest } from "../support/next-request-scope";
import type { Db } from "@/lib/db/client";
import { authenticate } from "@/lib/auth/authenticate";
import { createPasswordReset } from "@/lib/db/password-resets";
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

function tropos(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "cli/tropos.ts", ...args], { env: { ...process.env, DATABASE_URL: url } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Every key of a parsed JSON value, at any depth. */
function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keysOf(x, out);
  else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) (out.add(k), keysOf(x, out));
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
      expect(outcome.annotators).toEqual(expect.arrayContaining([expect.objectContaining({ name: member.email, email: member.email })]));
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
