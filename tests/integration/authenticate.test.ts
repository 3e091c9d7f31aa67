import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import { authenticate, failureDelayMs, LOCKOUT_FAILURES } from "@/lib/auth/authenticate";
import { hashPassword } from "@/lib/auth/password";

let db: Db;
beforeAll(async () => {
  useTestDatabase();
  db = (await import("@/lib/db/client")).getDb();
});
afterAll(async () => {
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
});

describe("authenticate", () => {
  it("accepts the right password, case-insensitive email, and stores an argon2id hash", async () => {
    const passwordHash = await hashPassword("correct horse");
    expect(passwordHash.startsWith("$argon2id$")).toBe(true);
    await db.user.create({ data: { email: "auth-ok@test.tropos", passwordHash } });
    const res = await authenticate(db, "  Auth-OK@test.tropos ", "correct horse", { sleep: async () => undefined });
    expect(res.ok).toBe(true);
  });

  it("gives the same answer for an unknown email and a wrong password", async () => {
    await db.user.create({ data: { email: "auth-wrong@test.tropos", passwordHash: await hashPassword("right password") } });
    const wrong = await authenticate(db, "auth-wrong@test.tropos", "nope", { sleep: async () => undefined });
    const unknown = await authenticate(db, "nobody-here@test.tropos", "nope", { sleep: async () => undefined });
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    expect(unknown).toEqual({ ok: false, reason: "invalid" });
  });

  it("slows down repeated failures and then locks the account for the window", async () => {
    await db.user.create({ data: { email: "auth-slow@test.tropos", passwordHash: await hashPassword("right password") } });
    const delays: number[] = [];
    const sleep = async (ms: number) => void delays.push(ms);
    for (let i = 0; i < LOCKOUT_FAILURES; i++) await authenticate(db, "auth-slow@test.tropos", "bad", { sleep });
    expect(delays.slice(0, 3)).toEqual([0, 0, 0]);
    expect(delays[3]).toBeGreaterThan(0);
    expect(delays[5]).toBeGreaterThan(delays[4]);
    // even the right password is refused while locked
    expect(await authenticate(db, "auth-slow@test.tropos", "right password", { sleep })).toEqual({ ok: false, reason: "locked" });
    expect(failureDelayMs(50)).toBeLessThanOrEqual(4000);
  });
});
