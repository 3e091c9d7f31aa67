// Sign-in throttling on real PostgreSQL (issue 13, points 16 and 17): attempts are counted
// atomically before the password is checked, per account (a growing delay, no hard lock) and per
// client address (a window limit); a reset or single sign-on gets a slowed-down user in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import { authenticate, type AuthenticateResult } from "@/lib/auth/authenticate";
import { hashPassword } from "@/lib/auth/password";
import {
  ACCOUNT_FREE_ATTEMPTS,
  ACCOUNT_MAX_DELAY_S,
  ADDRESS_LIMIT,
  accountDelaySeconds,
  accountThrottleKey,
} from "@/lib/auth/sign-in-throttle";
import { clientAddress, parseTrustedProxies, UNKNOWN_CLIENT_ADDRESS } from "@/lib/auth/client-address";
import { PEER_ADDRESS_HEADER, peerAddressValue } from "@/lib/http/peer-address";

let db: Db;
beforeAll(async () => {
  ({ db } = await openTestDatabase());
});
afterAll(closeTestDatabase);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const throttled = (r: AuthenticateResult) => !r.ok && r.reason === "throttled";
const checked = (r: AuthenticateResult) => r.ok || r.reason === "invalid";

async function createUser(email: string, password = "right password") {
  return db.user.create({ data: { email, passwordHash: await hashPassword(password) } });
}

/** Moves the account's delay into the past: what waiting it out does, without the wait. */
async function waitOutDelay(email: string) {
  await db.$executeRawUnsafe(`UPDATE "LoginThrottle" SET "notBefore" = now() - interval '1 second' WHERE "key" = $1`, accountThrottleKey(email));
}

describe("authenticate", () => {
  it("accepts the right password, case-insensitive email, and stores an argon2id hash", async () => {
    const passwordHash = await hashPassword("correct horse");
    expect(passwordHash.startsWith("$argon2id$")).toBe(true);
    await db.user.create({ data: { email: "auth-ok@test.tropos", passwordHash } });
    const res = await authenticate(db, "  Auth-OK@test.tropos ", "correct horse");
    expect(res.ok).toBe(true);
  });

  it("gives the same answer for an unknown email and a wrong password", async () => {
    await createUser("auth-wrong@test.tropos");
    const wrong = await authenticate(db, "auth-wrong@test.tropos", "nope");
    const unknown = await authenticate(db, "nobody-here@test.tropos", "nope");
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    expect(unknown).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("attempts are counted before the password is checked (point 16)", () => {
  it("59 parallel wrong passwords and the right one: only the free attempts are checked, the right one is refused", async () => {
    // The old code counted failures after checking: all 60 read a count of zero, all 60 were
    // checked, and the right password signed in.
    await createUser("race@test.tropos");
    const attempts = [
      ...Array.from({ length: 59 }, () => authenticate(db, "race@test.tropos", "wrong guess", { address: "198.51.100.7" })),
      authenticate(db, "race@test.tropos", "right password", { address: "198.51.100.7" }),
    ];
    const results = await Promise.all(attempts);
    expect(results.filter(checked).length).toBeLessThanOrEqual(ACCOUNT_FREE_ATTEMPTS);
    expect(results.filter(throttled).length).toBeGreaterThanOrEqual(60 - ACCOUNT_FREE_ATTEMPTS);
    // sent last, counted last (pool queue order): far over the limit, never checked
    expect(results[59]).toMatchObject({ ok: false, reason: "throttled" });
    expect(results.some((r) => r.ok)).toBe(false);
  });

  it("parallel guesses spread over many accounts from one address stop at the address limit", async () => {
    const address = "203.0.113.9";
    const results = await Promise.all(
      Array.from({ length: ADDRESS_LIMIT + 20 }, (_, i) => authenticate(db, `spray-${i}@test.tropos`, "guess", { address })),
    );
    expect(results.filter(checked).length).toBe(ADDRESS_LIMIT);
    // that address is refused even for a right password; another address is not affected
    await createUser("spray-victim@test.tropos");
    expect(throttled(await authenticate(db, "spray-victim@test.tropos", "right password", { address }))).toBe(true);
    expect((await authenticate(db, "spray-victim@test.tropos", "right password", { address: "203.0.113.10" })).ok).toBe(true);
  });

  it("a successful sign-in gives the address its slot back", async () => {
    await createUser("refund@test.tropos");
    const address = "192.0.2.44";
    for (let i = 0; i < ADDRESS_LIMIT + 5; i++) {
      expect((await authenticate(db, "refund@test.tropos", "right password", { address })).ok).toBe(true);
    }
  });
});

describe("the per-account delay grows instead of locking (point 17)", () => {
  it("free attempts, then a delay that doubles up to a cap", () => {
    const delays = Array.from({ length: 20 }, (_, i) => accountDelaySeconds(i + 1));
    expect(delays.slice(0, ACCOUNT_FREE_ATTEMPTS - 1).every((d) => d === 0)).toBe(true);
    expect(delays[ACCOUNT_FREE_ATTEMPTS - 1]).toBe(1);
    expect(delays[ACCOUNT_FREE_ATTEMPTS]).toBe(2);
    expect(delays[ACCOUNT_FREE_ATTEMPTS + 1]).toBe(4);
    expect(Math.max(...delays)).toBe(ACCOUNT_MAX_DELAY_S);
  });

  it("refuses attempts inside the delay unchecked, and lets the right password in once it has passed", async () => {
    await createUser("slow@test.tropos");
    for (let i = 0; i < ACCOUNT_FREE_ATTEMPTS; i++) {
      expect(await authenticate(db, "slow@test.tropos", "bad")).toEqual({ ok: false, reason: "invalid" });
    }
    const early = await authenticate(db, "slow@test.tropos", "right password");
    expect(early).toMatchObject({ ok: false, reason: "throttled" });
    expect(!early.ok && early.reason === "throttled" && early.retryAfterS).toBeLessThanOrEqual(1);
    await sleep(1100); // the first delay is one second: really wait it out
    expect((await authenticate(db, "slow@test.tropos", "right password")).ok).toBe(true);
    // the success starts the count again: the next wrong password is checked at once
    expect(await authenticate(db, "slow@test.tropos", "bad")).toEqual({ ok: false, reason: "invalid" });
  });

  it("many failures never become a lock: after waiting out the (capped) delay the owner gets in", async () => {
    // The old rule refused even the right password for 15 minutes after 10 failures from anyone.
    await createUser("dos@test.tropos");
    for (let i = 0; i < 30; i++) {
      await waitOutDelay("dos@test.tropos");
      expect(await authenticate(db, "dos@test.tropos", "attacker guess", { address: `198.18.0.${i}` })).toEqual({ ok: false, reason: "invalid" });
    }
    const refused = await authenticate(db, "dos@test.tropos", "right password", { address: "192.0.2.1" });
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    expect(!refused.ok && refused.reason === "throttled" && refused.retryAfterS).toBeLessThanOrEqual(ACCOUNT_MAX_DELAY_S);
    await waitOutDelay("dos@test.tropos");
    expect((await authenticate(db, "dos@test.tropos", "right password", { address: "192.0.2.1" })).ok).toBe(true);
  });
});

describe("clientAddress (issue 27, point 6)", () => {
  const from = (peer: string, xff?: string) => ({ [PEER_ADDRESS_HEADER]: peerAddressValue(peer), ...(xff !== undefined ? { "x-forwarded-for": xff } : {}) });

  it("without trusted proxies: the TCP peer, whatever X-Forwarded-For says or however malformed it is", () => {
    // before: the rightmost X-Forwarded-For entry (a client chose its own), or null (not counted) when malformed
    expect(clientAddress(from("203.0.113.5", "10.0.0.1, 198.51.100.7"), null)).toBe("203.0.113.5");
    expect(clientAddress(from("203.0.113.5", "not an address!"), null)).toBe("203.0.113.5");
    expect(clientAddress(from("::ffff:127.0.0.1", ""), null)).toBe("127.0.0.1");
    expect(clientAddress(new Headers(from("2001:DB8::1", "192.0.2.1")), null)).toBe("2001:db8::1");
  });

  it("no peer recorded by this server (or a forged record): one shared key, never null", () => {
    expect(clientAddress({ "x-forwarded-for": "203.0.113.5" }, null)).toBe(UNKNOWN_CLIENT_ADDRESS);
    expect(clientAddress({ [PEER_ADDRESS_HEADER]: "forged-token 192.0.2.9" }, null)).toBe(UNKNOWN_CLIENT_ADDRESS);
    expect(clientAddress(undefined, null)).toBe(UNKNOWN_CLIENT_ADDRESS);
  });

  it("behind trusted proxies: walks X-Forwarded-For from the right to the first address that is not a proxy", () => {
    const trusted = parseTrustedProxies("10.0.0.0/8, 127.0.0.1, fd00::/8");
    expect(clientAddress(from("10.0.0.2", "forged, 203.0.113.5"), trusted)).toBe("203.0.113.5");
    expect(clientAddress(from("127.0.0.1", "198.51.100.1, 203.0.113.5, 10.1.2.3"), trusted)).toBe("203.0.113.5");
    // a malformed entry ends the walk at the last trusted hop: counted, never skipped
    expect(clientAddress(from("10.0.0.2", "garbage"), trusted)).toBe("10.0.0.2");
    expect(clientAddress(from("10.0.0.2", ""), trusted)).toBe("10.0.0.2");
    // a peer that is not a trusted proxy: its header is not read
    expect(clientAddress(from("198.51.100.9", "203.0.113.5"), trusted)).toBe("198.51.100.9");
    expect(clientAddress(from("fd00::1", "2001:db8::5"), trusted)).toBe("2001:db8::5");
  });

  it("refuses a TROPOS_TRUSTED_PROXIES entry that is not an address or range", () => {
    expect(parseTrustedProxies(undefined)).toBeNull();
    expect(parseTrustedProxies(" ")).toBeNull();
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/not an address or a CIDR range/);
    expect(() => parseTrustedProxies("proxy.internal")).toThrow(/TROPOS_TRUSTED_PROXIES/);
  });
});
