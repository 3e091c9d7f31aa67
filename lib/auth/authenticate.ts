// Email + password check with throttling. Failed attempts are stored in the database so that
// every app server sees the same count (no in-process state).
import type { Db } from "@/lib/db/client";
import { getDummyHash, verifyPassword } from "@/lib/auth/password";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** failures inside the window before each further attempt is delayed */
export const FREE_FAILURES = 3;
/** failures inside the window after which sign-in is refused until the window passes */
export const LOCKOUT_FAILURES = 10;

export type AuthenticateResult =
  | { ok: true; user: { id: string; email: string; name: string | null; isAdmin: boolean } }
  | { ok: false; reason: "invalid" | "locked" };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function failureDelayMs(recentFailures: number): number {
  if (recentFailures < FREE_FAILURES) return 0;
  return Math.min(250 * 2 ** (recentFailures - FREE_FAILURES), 4000);
}

export async function authenticate(
  db: Db,
  rawEmail: string,
  password: string,
  opts: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<AuthenticateResult> {
  const email = rawEmail.trim().toLowerCase();
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const recentFailures = await db.loginAttempt.count({ where: { email, createdAt: { gte: since } } });
  if (recentFailures >= LOCKOUT_FAILURES) return { ok: false, reason: "locked" };
  await (opts.sleep ?? sleep)(failureDelayMs(recentFailures));

  const user = await db.user.findUnique({ where: { email } });
  // Verify against a dummy hash for unknown emails so the answer takes as long either way.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !user.passwordHash || !ok) {
    await db.loginAttempt.create({ data: { email, userId: user?.id ?? null } });
    return { ok: false, reason: "invalid" };
  }
  await db.loginAttempt.deleteMany({ where: { email } });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin } };
}
