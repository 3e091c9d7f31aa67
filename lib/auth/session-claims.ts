// The claims of a session cookie, decoded once per token and process (issue 21 point 4).
//
// next-auth's `decode` derives the encryption key from the secret with HKDF and decrypts the JWE
// on every call: about 0.3 ms of CPU, an eighth of a save's server time, for a result that depends
// only on the token, the secret and the clock. So the decoded claims are remembered per token until
// the token expires (checked on every hit with next-auth's own 15 s clock tolerance, as jose would
// check it). What may change while a token lives, whether its session still holds (User.
// sessionVersion), the user's admin flag, their roles, is NOT cached: every request still reads it
// from the database (lib/auth/session-user.ts), so sign-out and revocations take effect at once.
// Tokens that fail to decode are not remembered (a client sending garbage cannot fill the map).
import { decode, type JWT } from "next-auth/jwt";

/** next-auth's `decode` passes clockTolerance: 15 to jose's jwtDecrypt (next-auth/jwt/index.js) */
const CLOCK_TOLERANCE_S = 15;
/** a few MB at most (tokens are about 500 characters); the oldest entries go first */
const MAX_ENTRIES = 10_000;

interface TEntry {
  secret: string;
  claims: JWT;
  /** seconds since the epoch (the token's exp) */
  exp: number;
}

const decoded = new Map<string, TEntry>();

function stillValid(e: TEntry, nowS: number): boolean {
  return e.exp > nowS - CLOCK_TOLERANCE_S;
}

/** The token's claims (signature and expiry checked), or null. */
export async function decodeSessionToken(token: string, secret: string): Promise<JWT | null> {
  const nowS = Date.now() / 1000;
  const hit = decoded.get(token);
  if (hit && hit.secret === secret) {
    if (stillValid(hit, nowS)) return hit.claims;
    decoded.delete(token);
    return null;
  }
  const claims = await decode({ token, secret }).catch(() => null);
  // a token without a numeric exp never expires in jose's check; it is decoded every time instead
  if (claims && typeof claims.exp === "number") {
    if (decoded.size >= MAX_ENTRIES) decoded.delete(decoded.keys().next().value!);
    // shared by every later request with this token: frozen, so no caller can change another's claims
    decoded.set(token, { secret, claims: Object.freeze(claims), exp: claims.exp });
  }
  return claims;
}
