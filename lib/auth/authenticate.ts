// Email + password check with throttling (policy and reasons: lib/auth/sign-in-throttle.ts).
// The attempt is counted BEFORE the password is checked, per client address and per account,
// each by one atomic statement in the database, so every app server sees the same counts and
// parallel guesses cannot slip past a count that has not been written yet.
import type { Db } from "@/lib/db/client";
import { getDummyHash, verifyPassword } from "@/lib/auth/password";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { accountThrottleKey, addressThrottleKey } from "@/lib/auth/sign-in-throttle";
import { countAccountAttempt, countAddressAttempt, deleteStaleThrottles, recordSuccessfulSignIn } from "@/lib/db/login-throttle";

export type AuthenticateResult =
  | { ok: true; user: { id: string; email: string; name: string | null; isAdmin: boolean } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterS: number };

export async function authenticate(
  db: Db,
  rawEmail: string,
  password: string,
  opts: { address?: string | null } = {},
): Promise<AuthenticateResult> {
  const email = rawEmail.trim().toLowerCase();
  const keys = { account: accountThrottleKey(email), address: opts.address ? addressThrottleKey(opts.address) : null };

  // The address first: an address over its limit must not be able to push the account's delay.
  if (keys.address) {
    const byAddress = await countAddressAttempt(db, keys.address);
    if (!byAddress.admitted) return { ok: false, reason: "throttled", retryAfterS: byAddress.retryAfterS };
  }
  const byAccount = await countAccountAttempt(db, keys.account);
  if (!byAccount.admitted) return { ok: false, reason: "throttled", retryAfterS: byAccount.retryAfterS };

  // a placeholder rater an import made (lib/import/imported-annotator.ts) is never a login
  const user = isImportedAnnotatorEmail(email) ? null : await db.user.findUnique({ where: { email } });
  // Verify against a dummy hash for unknown emails so the answer takes as long either way.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !user.passwordHash || !ok) {
    await deleteStaleThrottles(db);
    return { ok: false, reason: "invalid" };
  }
  await recordSuccessfulSignIn(db, keys);
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin } };
}
