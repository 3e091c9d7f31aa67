// Nobody can keep another person out of password sign-in (issue 27, point 6), through the real
// next-auth route handler (POST /api/auth/callback/credentials, as the sign-in form sends it) and
// the real password reset action, on real PostgreSQL. Each client is a cookie jar and a TCP peer
// address, written into the request the way this server's listener writes it
// (lib/http/peer-address.ts). Before: an attacker firing as each retry-after ended kept the owner
// out 30 of 30 times and again right after a reset, and the per-address limit believed any
// X-Forwarded-For (a malformed one was not counted at all).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NextRequest } from "next/server";
import { closeTestDatabase, openTestDatabase } from "../db";
import { nextActionScope, type TRunInRequest } from "../support/next-request-scope";
import type { Db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { ACCOUNT_FREE_ATTEMPTS, ACCOUNT_MAX_DELAY_S, ADDRESS_LIMIT, accountThrottleKey } from "@/lib/auth/sign-in-throttle";
import { DEVICE_COOKIE } from "@/lib/auth/device-cookie";
import { PEER_ADDRESS_HEADER, peerAddressValue } from "@/lib/http/peer-address";
import { createPasswordReset } from "@/lib/db/auth/password-resets";

const ORIGIN = "http://127.0.0.1:3000";
process.env.NEXTAUTH_SECRET = "sign-in-lockout-test-secret-0123456789";
process.env.NEXTAUTH_URL = ORIGIN;
delete process.env.TROPOS_TRUSTED_PROXIES;

type THandler = (req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;
type TAction = (raw: unknown) => Promise<{ ok: boolean; code?: string }>;

let db: Db;
let inScope: TRunInRequest;
let GET: THandler, POST: THandler;
let resetPasswordAction: TAction;
let NextRequestClass: typeof NextRequest;

beforeAll(async () => {
  ({ db } = await openTestDatabase());
  inScope = await nextActionScope(); // before any module of Next.js is loaded
  NextRequestClass = (await import("next/server")).NextRequest;
  ({ GET, POST } = (await import("@/app/api/auth/[...nextauth]/route")) as unknown as { GET: THandler; POST: THandler });
  ({ resetPasswordAction } = (await import("@/app/reset-password/actions")) as unknown as { resetPasswordAction: TAction });
});
// the run's other files share this database: leave no spent address limit behind (the last test
// fills the one key of requests without a peer record, which in-process sign-ins elsewhere use)
afterAll(async () => {
  await db.$executeRawUnsafe(`DELETE FROM "LoginThrottle"`);
  await closeTestDatabase();
});

/** A browser: its cookies and the address its connections come from. */
class Client {
  cookies = new Map<string, string>();
  constructor(readonly peer: string) {}
  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return { [PEER_ADDRESS_HEADER]: peerAddressValue(this.peer), ...(cookie ? { cookie } : {}), ...extra };
  }
  keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      const [name, value] = [pair.slice(0, i), pair.slice(i + 1)];
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
  async call(path: string, init: { method: string; body?: string; headers?: Record<string, string> }, run: (req: NextRequest) => Promise<Response>) {
    const req = new NextRequestClass(`${ORIGIN}${path}`, { method: init.method, body: init.body, headers: this.headers(init.headers) });
    const res = await inScope(req, () => run(req));
    this.keep(res);
    return res;
  }
  /** Signs in with the form's request; "ok", or the error the form would show ("invalid", "throttled:<s>"). */
  async signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
    const route = (parts: string[]) => ({ params: Promise.resolve({ nextauth: parts }) });
    if (!this.cookies.has("next-auth.csrf-token")) {
      await this.call("/api/auth/csrf", { method: "GET" }, (req) => GET(req, route(["csrf"])));
    }
    const csrfToken = decodeURIComponent(this.cookies.get("next-auth.csrf-token")!).split("|")[0];
    const body = new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: `${ORIGIN}/` }).toString();
    const res = await this.call(
      "/api/auth/callback/credentials",
      { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } },
      (req) => POST(req, route(["callback", "credentials"])),
    );
    const { url } = (await res.json()) as { url: string };
    return new URL(url).searchParams.get("error") ?? "ok";
  }
  async resetPassword(token: string, password: string) {
    let result: Awaited<ReturnType<TAction>> | undefined;
    await this.call("/reset-password", { method: "POST", headers: { origin: ORIGIN } }, async () => {
      result = await resetPasswordAction({ token, password });
      return new Response(null);
    });
    return result!;
  }
}

async function createUser(email: string, password: string) {
  await db.user.create({ data: { email, passwordHash: await hashPassword(password) } });
}

/** What waiting out the account's delay does, without the wait: the attacker fires the moment it ends. */
async function delayEnds(email: string) {
  await db.$executeRawUnsafe(`UPDATE "LoginThrottle" SET "notBefore" = now() - interval '1 millisecond' WHERE "key" = $1`, accountThrottleKey(email));
}

/** The attacker (cycling over its addresses) uses the free attempts and pushes the account's delay to its cap. */
async function attackerTakesTheAccount(attackers: Client[], email: string) {
  for (let i = 0; i < ACCOUNT_FREE_ATTEMPTS + 8; i++) {
    await delayEnds(email);
    expect(await attackers[i % attackers.length].signIn(email, `guess ${i}`)).toBe("invalid");
  }
}

describe("an attacker firing as each retry-after ends (3 addresses)", () => {
  it("does not keep the owner out on the browser they signed in on: 30 of 30 tries get in", async () => {
    const email = "lockout-owner@test.tropos";
    await createUser(email, "owner password");
    const owner = new Client("192.0.2.10");
    expect(await owner.signIn(email, "owner password")).toBe("ok");

    const attackers = ["198.51.100.1", "198.51.100.2", "198.51.100.3"].map((a) => new Client(a));
    await attackerTakesTheAccount(attackers, email);
    let ownerIn = 0;
    for (let round = 0; round < 30; round++) {
      await delayEnds(email);
      expect(await attackers[round % 3].signIn(email, `guess again ${round}`)).toBe("invalid");
      // the account is held: a browser without the owner's cookie must wait the full delay
      expect(await attackers[(round + 1) % 3].signIn(email, "owner password")).toMatch(/^throttled:/);
      if ((await owner.signIn(email, "owner password")) === "ok") ownerIn++;
    }
    expect(ownerIn).toBe(30);
    expect(owner.cookies.has(DEVICE_COOKIE)).toBe(true);
  });

  it("a device cookie helps only the account it was issued for, and a forged one helps nobody", async () => {
    const [a, b] = ["device-a@test.tropos", "device-b@test.tropos"];
    await createUser(a, "password a");
    await createUser(b, "password b");
    const browser = new Client("192.0.2.20");
    expect(await browser.signIn(a, "password a")).toBe("ok");
    const attackers = [new Client("198.51.100.9")];
    await attackerTakesTheAccount(attackers, b);
    expect(await browser.signIn(b, "password b")).toMatch(/^throttled:/);
    // the attacker copies the cookie's form with another signature
    const forger = new Client("198.51.100.10");
    forger.cookies.set(DEVICE_COOKIE, browser.cookies.get(DEVICE_COOKIE)!.replace(/\.[^.]+$/, ".AAAA"));
    await attackerTakesTheAccount(attackers, a);
    expect(await forger.signIn(a, "password a")).toMatch(/^throttled:/);
    expect(await browser.signIn(a, "password a")).toBe("ok");
  });

  it("after a completed password reset the owner gets in at once, though the attacker starts again at once", async () => {
    const email = "lockout-reset@test.tropos";
    await createUser(email, "old password");
    const attackers = ["198.51.100.4", "198.51.100.5", "198.51.100.6"].map((a) => new Client(a));
    await attackerTakesTheAccount(attackers, email);
    const owner = new Client("192.0.2.11"); // a browser the owner never signed in on
    const refused = await owner.signIn(email, "old password");
    expect(refused).toMatch(/^throttled:/);
    expect(Number(refused.split(":")[1])).toBeLessThanOrEqual(ACCOUNT_MAX_DELAY_S);

    const link = await createPasswordReset(db, { email, origin: "self" });
    expect(await owner.resetPassword(link!.token, "new password")).toMatchObject({ ok: true });
    // the reset cleared the account's delay; the attacker takes it again before the owner is back
    await attackerTakesTheAccount(attackers, email);
    expect(await attackers[0].signIn(email, "new password")).toMatch(/^throttled:/);
    for (let i = 0; i < 6; i++) {
      await delayEnds(email);
      expect(await attackers[i % 3].signIn(email, `after reset ${i}`)).toBe("invalid");
      expect(await owner.signIn(email, "new password")).toBe("ok");
    }
    expect(owner.cookies.has(DEVICE_COOKIE)).toBe(true);
  });
});

describe("the per-address limit counts the real peer address (no trusted proxy)", () => {
  it("forged and malformed X-Forwarded-For headers are all counted against the peer", async () => {
    const spray = new Client("203.0.113.50");
    const forged = (i: number) =>
      [`10.1.${i >> 8}.${i & 255}`, "not an address!", "", " , ,", `203.0.113.${i % 250}, 2001:db8::${i.toString(16)}`, "x".repeat(500)][i % 6];
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      expect(await spray.signIn(`spray-${i}@test.tropos`, "guess", { "x-forwarded-for": forged(i) })).toBe("invalid");
    }
    expect(await spray.signIn("spray-last@test.tropos", "guess", { "x-forwarded-for": "192.0.2.200" })).toMatch(/^throttled:/);
    expect(await spray.signIn("spray-last@test.tropos", "guess", { "x-forwarded-for": "garbage" })).toMatch(/^throttled:/);
    // another peer is not affected, whatever it claims
    expect(await new Client("203.0.113.51").signIn("spray-last@test.tropos", "guess", { "x-forwarded-for": "203.0.113.50" })).toBe("invalid");
  });

  it("a request without this server's peer record (a forged peer header) is counted under one shared key, not skipped", async () => {
    const forger = new Client("203.0.113.60");
    forger.headers = (extra = {}) => {
      const cookie = [...forger.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      return { [PEER_ADDRESS_HEADER]: `not-this-process ${Math.random()}`, ...(cookie ? { cookie } : {}), ...extra };
    };
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect(await forger.signIn(`unknown-${i}@test.tropos`, "guess")).toBe("invalid");
    expect(await forger.signIn("unknown-last@test.tropos", "guess")).toMatch(/^throttled:/);
  });
});
