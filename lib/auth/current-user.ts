// Who is calling: the signed-in user, re-read from the database on every request (a deleted
// user, a revoked admin flag or an ended session takes effect at once: lib/auth/session-user.ts).
//
// The session cookie is decoded directly (next-auth/jwt `decode`, which checks the signature
// and expiry) instead of through getServerSession, which runs next-auth's whole session handler
// and re-encrypts the token on every call; this runs on every request, saves included. A token's
// decoded claims are remembered until it expires (lib/auth/session-claims.ts); the database check
// of its session is not.
import { cookies } from "next/headers";
import { getPgPool } from "@/lib/db/pg-pool";
import { sessionRefOfToken, userOfSessionToken, type SessionUser, type TSessionRef } from "@/lib/auth/session-user";

export type CurrentUser = SessionUser;

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

async function sessionCookie(): Promise<{ token: string; secret: string } | null> {
  const jar = await cookies();
  const token = SESSION_COOKIES.map((n) => jar.get(n)?.value).find(Boolean);
  const secret = process.env.NEXTAUTH_SECRET;
  return token && secret ? { token, secret } : null;
}

export async function getCurrentUser(): Promise<CurrentUser | null> {
  const c = await sessionCookie();
  return c ? userOfSessionToken(getPgPool(), c.token, c.secret) : null;
}

/**
 * The session the request's cookie claims, decoded but NOT yet checked against the database: for
 * the API guard, which checks it in the same query as the project (lib/authz/authorize-project.ts).
 */
export async function getSessionRef(): Promise<TSessionRef | null> {
  const c = await sessionCookie();
  return c ? sessionRefOfToken(c.token, c.secret) : null;
}
