// Who is calling: the signed-in user, re-read from the database on every request (a deleted
// user or a revoked admin flag takes effect at once).
//
// The session cookie is decoded directly (next-auth/jwt `decode`, which checks the signature
// and expiry) instead of through getServerSession, which runs next-auth's whole session handler
// and re-encrypts the token on every call; this runs on every request, saves included.
import { cookies } from "next/headers";
import { decode } from "next-auth/jwt";
import { getPgPool } from "@/lib/db/pg-pool";

export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
}

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

export async function getCurrentUser(): Promise<CurrentUser | null> {
  const jar = await cookies();
  const token = SESSION_COOKIES.map((n) => jar.get(n)?.value).find(Boolean);
  const secret = process.env.NEXTAUTH_SECRET;
  if (!token || !secret) return null;
  const jwt = await decode({ token, secret }).catch(() => null);
  const uid = typeof jwt?.uid === "string" ? jwt.uid : null;
  if (!uid) return null;
  // raw query: this runs on every request (see lib/authz/authorize-project.ts)
  const { rows } = await getPgPool().query<CurrentUser>(`SELECT id, email, name, "isAdmin" FROM "User" WHERE id = $1`, [uid]);
  return rows[0] ?? null;
}
