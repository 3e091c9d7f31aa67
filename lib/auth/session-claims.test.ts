// The per-token claims cache answers what next-auth's decode answers: the same claims for a valid
// token, null for a forged one, for one signed with another secret and for an expired one.
import { describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { decodeSessionToken } from "@/lib/auth/session-claims";

const SECRET = "session-claims-test-secret-0123456789";

describe("decodeSessionToken", () => {
  it("decodes a valid token, the second time from memory with the same claims", async () => {
    const token = await encode({ token: { uid: "u1", sv: 3 }, secret: SECRET });
    const first = await decodeSessionToken(token, SECRET);
    expect(first).toMatchObject({ uid: "u1", sv: 3 });
    expect(await decodeSessionToken(token, SECRET)).toEqual(first);
  });

  it("refuses a forged token and a token under another secret, also after a valid decode", async () => {
    const token = await encode({ token: { uid: "u2", sv: 0 }, secret: SECRET });
    expect(await decodeSessionToken(token, SECRET)).not.toBeNull();
    expect(await decodeSessionToken(token, "another-secret-0123456789abcdefgh")).toBeNull();
    expect(await decodeSessionToken(`${token.slice(0, -4)}AAAA`, SECRET)).toBeNull();
    expect(await decodeSessionToken("not-a-token", SECRET)).toBeNull();
  });

  it("refuses a remembered token once it has expired (next-auth's 15 s clock tolerance)", async () => {
    const token = await encode({ token: { uid: "u3", sv: 1 }, secret: SECRET, maxAge: 60 });
    expect(await decodeSessionToken(token, SECRET)).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 70_000 });
    try {
      expect(await decodeSessionToken(token, SECRET)).not.toBeNull();
      vi.setSystemTime(Date.now() + 10_000);
      expect(await decodeSessionToken(token, SECRET)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
