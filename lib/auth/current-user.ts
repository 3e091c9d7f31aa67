// Who is calling: the signed-in user, re-read from the database on every request (a deleted
// user, a revoked admin flag or an ended session takes effect at once: lib/auth/session-user.ts).
//
// The session cookie is decoded directly (next-auth/jwt `decode`, which checks the signature
// and expiry) instead of through getServerSession, which runs next-auth's whole session handler
// and re-encrypts the token on every call; this runs on every request, saves included.
import { cookies } from "next/headers";
import { getPgPool } from "@/lib/db/pg-pool";
import { userOfSessionToken, type SessionUser } from "@/lib/auth/session-user";

export type CurrentUser = SessionUser;

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

export async function getCurrentUser(): Promise<CurrentUser | null> {
  const jar = await cookies();
  const token = SESSION_COOKIES.map((n) => jar.get(n)?.value).find(Boolean);
  const secret = process.env.NEXTAUTH_SECRET;
  if (!token || !secret) return null;
  return userOfSessionToken(getPgPool(), token, secret);
}
