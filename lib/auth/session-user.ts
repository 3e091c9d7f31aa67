// The user a session token stands for, or null. A token is valid only while it carries the
// user's current session version (User.sessionVersion): sign-out, a password change and the
// removal of a role bump it, so a copied cookie stops working at once instead of living out its
// 12 hours (issue 13, point 22). Tokens without a version (made before versions existed) are refused.
import type pg from "pg";
import type { JWT } from "next-auth/jwt";
import { decodeSessionToken } from "@/lib/auth/session-claims";

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
}

/** Whose session a token claims to be, and at which session version; still to be checked against the database. */
export interface TSessionRef {
  uid: string;
  sv: number;
}

export function sessionRefOfClaims(claims: JWT | null): TSessionRef | null {
  const uid = typeof claims?.uid === "string" ? claims.uid : null;
  const sv = typeof claims?.sv === "number" ? claims.sv : null;
  return uid && sv !== null ? { uid, sv } : null;
}

/** Decodes a session cookie (signature and expiry checked, lib/auth/session-claims.ts); not yet checked against the database. */
export async function sessionRefOfToken(token: string, secret: string): Promise<TSessionRef | null> {
  return sessionRefOfClaims(await decodeSessionToken(token, secret));
}

/** The token's user when its version is still the user's current one. */
export async function userOfSessionClaims(pool: pg.Pool, claims: JWT | null): Promise<SessionUser | null> {
  const ref = sessionRefOfClaims(claims);
  if (!ref) return null;
  const { uid, sv } = ref;
  // raw query: this runs on every request (see lib/authz/authorize-project.ts)
  const { rows } = await pool.query<SessionUser & { sessionVersion: number }>(
    `SELECT id, email, name, "isAdmin", "sessionVersion" FROM "User" WHERE id = $1`,
    [uid],
  );
  const row = rows[0];
  if (!row || row.sessionVersion !== sv) return null;
  return { id: row.id, email: row.email, name: row.name, isAdmin: row.isAdmin };
}

/** Decodes a session cookie (signature and expiry checked by next-auth) and checks its version. */
export async function userOfSessionToken(pool: pg.Pool, token: string, secret: string): Promise<SessionUser | null> {
  return userOfSessionClaims(pool, await decodeSessionToken(token, secret));
}

export async function getSessionVersion(pool: pg.Pool, userId: string): Promise<number | null> {
  const { rows } = await pool.query<{ sessionVersion: number }>(`SELECT "sessionVersion" FROM "User" WHERE id = $1`, [userId]);
  return rows[0]?.sessionVersion ?? null;
}

/**
 * Ends every session of the user (all devices): tokens carrying an older version are refused.
 * With `ifVersion`, only when that is still the current version (sign-out with a given token).
 */
export async function bumpSessionVersion(pool: Pick<pg.Pool, "query">, userId: string, ifVersion?: number): Promise<void> {
  if (ifVersion === undefined) {
    await pool.query(`UPDATE "User" SET "sessionVersion" = "sessionVersion" + 1 WHERE id = $1`, [userId]);
  } else {
    await pool.query(`UPDATE "User" SET "sessionVersion" = "sessionVersion" + 1 WHERE id = $1 AND "sessionVersion" = $2`, [userId, ifVersion]);
  }
}
