// Password reset links (issue 13, point 17: a user slowed down by someone else's guesses gets in
// through a reset), and single sign-on is not held up by the password throttle.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import { authenticate } from "@/lib/auth/authenticate";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { ACCOUNT_FREE_ATTEMPTS } from "@/lib/auth/sign-in-throttle";
import { createPasswordReset, findPendingPasswordReset, resetPassword } from "@/lib/db/auth/password-resets";
import { isAppError } from "@/lib/errors";

let db: Db;
beforeAll(async () => {
  ({ db } = await openTestDatabase());
});
afterAll(closeTestDatabase);

async function slowDown(email: string) {
  for (let i = 0; i < ACCOUNT_FREE_ATTEMPTS; i++) await authenticate(db, email, "attacker guess");
  expect(await authenticate(db, email, "right password")).toMatchObject({ ok: false, reason: "throttled" });
}

async function appErrorOf(p: Promise<unknown>) {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(isAppError(e)).toBe(true);
  return e as { code: string; message: string };
}

describe("password reset", () => {
  it("sets the new password, clears the account's delay, and the link works once", async () => {
    await db.user.create({ data: { email: "reset@test.tropos", passwordHash: await hashPassword("right password") } });
    await slowDown("reset@test.tropos");
    const reset = await createPasswordReset(db, { email: " Reset@Test.tropos ", origin: "cli" });
    expect(reset?.email).toBe("reset@test.tropos");
    const stored = await db.passwordReset.findFirstOrThrow({ where: { user: { email: "reset@test.tropos" } } });
    expect(stored.tokenHash).not.toContain(reset!.token);
    expect((await findPendingPasswordReset(db, reset!.token)).email).toBe("reset@test.tropos");

    await resetPassword(db, { token: reset!.token, password: "a brand new password" });
    // no waiting: the reset cleared the delay someone else's guesses caused
    expect((await authenticate(db, "reset@test.tropos", "a brand new password")).ok).toBe(true);
    expect((await appErrorOf(resetPassword(db, { token: reset!.token, password: "yet another one" }))).code).toBe("CONFLICT");
  });

  it("refuses unknown, expired and superseded links and short passwords, changing nothing", async () => {
    const user = await db.user.create({ data: { email: "reset2@test.tropos", passwordHash: await hashPassword("right password") } });
    expect(await createPasswordReset(db, { email: "nobody@test.tropos", origin: "self" })).toBeNull();
    expect((await appErrorOf(resetPassword(db, { token: "x".repeat(43), password: "long enough" }))).code).toBe("NOT_FOUND");
    expect((await appErrorOf(resetPassword(db, { token: "../etc", password: "long enough" }))).code).toBe("NOT_FOUND");

    const old = await createPasswordReset(db, { email: user.email, origin: "self", now: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    expect((await appErrorOf(resetPassword(db, { token: old!.token, password: "long enough" }))).message).toContain("expired");

    const first = await createPasswordReset(db, { email: user.email, origin: "self" });
    const second = await createPasswordReset(db, { email: user.email, origin: "self" });
    expect((await appErrorOf(resetPassword(db, { token: first!.token, password: "long enough" }))).code).toBe("CONFLICT");
    expect((await appErrorOf(resetPassword(db, { token: second!.token, password: "short" }))).code).toBe("BAD_REQUEST");

    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(after.passwordHash!, "right password")).toBe(true);
    expect(after.sessionVersion).toBe(0);
    // the valid link is still usable after the refused attempt
    await resetPassword(db, { token: second!.token, password: "long enough" });
  });

  it("two submissions of one link: exactly one succeeds", async () => {
    await db.user.create({ data: { email: "reset3@test.tropos", passwordHash: await hashPassword("right password") } });
    const reset = await createPasswordReset(db, { email: "reset3@test.tropos", origin: "cli" });
    const results = await Promise.allSettled([
      resetPassword(db, { token: reset!.token, password: "first new password" }),
      resetPassword(db, { token: reset!.token, password: "second new password" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});

describe("single sign-on", () => {
  it("is not held up by the password throttle of the same account", async () => {
    process.env.NEXTAUTH_SECRET ??= "password-reset-test-secret-0123456789";
    const { authOptions } = await import("@/lib/auth/options");
    const user = await db.user.create({ data: { email: "sso@test.tropos", passwordHash: await hashPassword("right password") } });
    await slowDown("sso@test.tropos");
    const ssoUser = { id: "oidc-subject-1", email: "SSO@test.tropos", name: "SSO user" };
    // the provider's claims, with the verified email single sign-on needs (issue 27 point 12)
    const profile = { sub: "oidc-subject-1", email: "SSO@test.tropos", email_verified: true };
    const allowed = await authOptions.callbacks!.signIn!({ user: ssoUser, profile, account: { provider: "oidc", type: "oauth", providerAccountId: "oidc-subject-1" } } as never);
    expect(allowed).toBe(true);
    expect(ssoUser.id).toBe(user.id);
    const token = await authOptions.callbacks!.jwt!({ token: {}, user: ssoUser } as never);
    expect(token).toMatchObject({ uid: user.id, sv: 0 });
  });
});
