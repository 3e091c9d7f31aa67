// Sign-out, a password change and a removed role end a session for good (issue 13, point 22):
// a session token made before is refused afterwards, even if someone kept a copy of the cookie.
// Runs next-auth's own callbacks and token codec against real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { encode, type JWT } from "next-auth/jwt";
import { closeTestDatabase, openTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { userOfSessionToken } from "@/lib/auth/session-user";

const SECRET = "session-version-test-secret-0123456789";
process.env.NEXTAUTH_SECRET = SECRET;

let db: Db;
let pool: pg.Pool;
let authOptions: typeof import("@/lib/auth/options").authOptions;
beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  ({ authOptions } = await import("@/lib/auth/options"));
});
afterAll(closeTestDatabase);

type TJwtParams = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["jwt"]>>[0];

/** What next-auth does at sign-in: run the jwt callback with the user, encode the result as the cookie. */
async function signIn(userId: string): Promise<{ claims: JWT; cookie: string }> {
  const claims = await authOptions.callbacks!.jwt!({ token: { sub: userId }, user: { id: userId } } as TJwtParams);
  return { claims, cookie: await encode({ token: claims, secret: SECRET }) };
}

/** What next-auth does on /api/auth/session with an existing cookie. */
function refresh(claims: JWT) {
  return authOptions.callbacks!.jwt!({ token: claims } as TJwtParams);
}

async function signOut(claims: JWT) {
  await authOptions.events!.signOut!({ token: claims, session: undefined as never });
}

describe("session version", () => {
  it("a token made before sign-out is refused after it; a new sign-in works", async () => {
    const user = await db.user.create({ data: { email: "signout@test.tropos", passwordHash: await hashPassword("right password") } });
    const before = await signIn(user.id);
    expect((await userOfSessionToken(pool, before.cookie, SECRET))?.email).toBe("signout@test.tropos");
    await expect(refresh(before.claims)).resolves.toMatchObject({ uid: user.id });

    await signOut(before.claims);
    // the copied cookie: refused by the app's per-request check and by next-auth's session endpoint
    expect(await userOfSessionToken(pool, before.cookie, SECRET)).toBeNull();
    await expect(refresh(before.claims)).rejects.toThrow("session ended");

    const after = await signIn(user.id);
    expect((await userOfSessionToken(pool, after.cookie, SECRET))?.id).toBe(user.id);
    // signing out with the old, already ended token does not end the new session
    await signOut(before.claims);
    expect(await userOfSessionToken(pool, after.cookie, SECRET)).not.toBeNull();
  });

  it("a password reset ends the sessions made before it", async () => {
    const user = await db.user.create({ data: { email: "pwchange@test.tropos", passwordHash: await hashPassword("old password") } });
    const { createPasswordReset, resetPassword } = await import("@/lib/db/auth/password-resets");
    const session = await signIn(user.id);
    const reset = await createPasswordReset(db, { email: user.email, origin: "cli" });
    await resetPassword(db, { token: reset!.token, password: "a new password" });
    expect(await userOfSessionToken(pool, session.cookie, SECRET)).toBeNull();
  });

  it("removing a role ends the user's sessions; adding one does not", async () => {
    const { setMemberRoles } = await import("@/lib/db/projects/members");
    const manager = await db.user.create({ data: { email: "sv-manager@test.tropos" } });
    const member = await db.user.create({ data: { email: "sv-member@test.tropos" } });
    const project = await db.project.create({ data: { slug: "sv-project", name: "Session versions" } });
    await db.projectMember.create({ data: { projectId: project.id, userId: manager.id, role: "MANAGER" } });
    const base = { projectId: project.id, actorId: manager.id, email: member.email };
    await setMemberRoles(db, { ...base, roles: ["ANNOTATOR"] });
    const session = await signIn(member.id);
    await setMemberRoles(db, { ...base, roles: ["ANNOTATOR", "ADJUDICATOR"] });
    expect(await userOfSessionToken(pool, session.cookie, SECRET)).not.toBeNull();
    await setMemberRoles(db, { ...base, roles: ["ANNOTATOR"] });
    expect(await userOfSessionToken(pool, session.cookie, SECRET)).toBeNull();
  });

  it("a token without a version (made before versions existed) or for a deleted user is refused", async () => {
    const user = await db.user.create({ data: { email: "legacy@test.tropos" } });
    expect(await userOfSessionToken(pool, await encode({ token: { uid: user.id }, secret: SECRET }), SECRET)).toBeNull();
    const session = await signIn(user.id);
    await db.user.delete({ where: { id: user.id } });
    expect(await userOfSessionToken(pool, session.cookie, SECRET)).toBeNull();
  });
});
