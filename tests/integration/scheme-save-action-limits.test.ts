// Issue 27 point 4, through the scheme editor's save action as a manager calls it: 499,000 nested
// `[` (within the action's 1,000,000 characters) ran the server out of memory inside the YAML
// parser ("RegExpCompiler Allocation failed", the process died). Now it is refused at once, naming
// line and column, and this test process survives it. Without the fix the same input killed the
// Vitest worker (checked with the limit switched off in parseSchemeText).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { nextRequestScope, type TRunInRequest } from "../support/next-request-scope";
import { SCHEME_MAX_DEPTH } from "@/lib/schemes/language/scheme-text-limits";
import type { Db } from "@/lib/db/client";

const SECRET = "scheme-limits-test-secret-0123456789";
const ORIGIN = "http://127.0.0.1:3000";
process.env.NEXTAUTH_SECRET = SECRET;
process.env.NEXTAUTH_URL = ORIGIN;

type TSave = (raw: unknown) => Promise<{ ok: boolean; code?: string; message?: string }>;

let db: Db;
let inScope: TRunInRequest;
let save: TSave;
let slug: string;
let cookie: string;

beforeAll(async () => {
  ({ db } = await openTestDatabase());
  inScope = await nextRequestScope();
  save = ((await import("@/app/projects/[slug]/settings/scheme/actions")) as unknown as { saveProjectSchemeAction: TSave }).saveProjectSchemeAction;
  const manager = await makeUser(db, { tag: "scheme-mgr" });
  slug = (await makeProject(db, [{ userId: manager.id, roles: ["MANAGER"] }])).slug;
  cookie = `next-auth.session-token=${await encode({ token: { uid: manager.id, sv: manager.sessionVersion }, secret: SECRET })}`;
});
afterAll(closeTestDatabase);

async function asManager(input: unknown) {
  const req = new Request(`${ORIGIN}/projects/${slug}/settings/scheme`, { method: "POST", headers: { cookie } });
  let result: Awaited<ReturnType<TSave>> | undefined;
  await inScope(req, async () => {
    result = await save(input);
    return new Response(null);
  });
  return result!;
}

describe("saveProjectSchemeAction with a deeply nested scheme", () => {
  it.each([
    ["scheme.json", "[".repeat(499_000) + "]".repeat(499_000)],
    ["scheme.yaml", `fields:\n  - ${"- ".repeat(450_000)}x`],
  ])("%s: 400 naming the line and column of the first level too deep, at once", async (fileName, text) => {
    const started = performance.now();
    const r = await asManager({ slug, fileName, text });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(r).toMatchObject({ ok: false, code: "BAD_REQUEST" });
    expect(r.message).toMatch(new RegExp(`^${fileName.replace(".", "\\.")}:\\d+:\\d+: nested deeper than ${SCHEME_MAX_DEPTH} levels$`));
    expect(await db.projectScheme.count({ where: { project: { slug } } })).toBe(0);
  });
});
