// Email + password check with throttling (policy and reasons: lib/auth/sign-in-throttle.ts).
// The attempt is counted BEFORE the password is checked, each count by one atomic statement in the
// database, so every app server sees the same counts and parallel guesses cannot slip past a count
// that has not been written yet: with a valid device cookie for the account on that device's own
// counter, otherwise per client address and on the account's counter, which all other clients share.
import type { Db } from "@/lib/db/client";
import { getDummyHash, verifyPassword } from "@/lib/auth/password";
import { accountThrottleKey, addressThrottleKey, deviceThrottleKey } from "@/lib/auth/sign-in-throttle";
import { deviceCookieSecret, deviceOfCookie, issueDeviceCookie } from "@/lib/auth/device-cookie";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { countAccountAttempt, countAddressAttempt, deleteStaleThrottles, recordSuccessfulSignIn } from "@/lib/db/auth/login-throttle";

export type AuthenticateResult =
  | {
      ok: true;
      user: { id: string; email: string; name: string | null; isAdmin: boolean };
      /** the device cookie's new value, to set in the browser that signed in (null without NEXTAUTH_SECRET) */
      deviceCookie: string | null;
    }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterS: number };

export async function authenticate(
  db: Db,
  rawEmail: string,
  password: string,
  opts: { address?: string | null; deviceCookie?: string | null } = {},
): Promise<AuthenticateResult> {
  const email = rawEmail.trim().toLowerCase();
  const secret = deviceCookieSecret();
  const device = secret ? deviceOfCookie(opts.deviceCookie, email, secret) : null;
  // the counter this attempt is throttled on: the device's own, or the account's shared one
  const counter = device ? deviceThrottleKey(device) : accountThrottleKey(email);
  const address = !device && opts.address ? addressThrottleKey(opts.address) : null;

  // The address first: an address over its limit must not be able to push the account's delay.
  if (address) {
    const byAddress = await countAddressAttempt(db, address);
    if (!byAddress.admitted) return { ok: false, reason: "throttled", retryAfterS: byAddress.retryAfterS };
  }
  const byCounter = await countAccountAttempt(db, counter);
  if (!byCounter.admitted) return { ok: false, reason: "throttled", retryAfterS: byCounter.retryAfterS };

  // a placeholder rater an import made (lib/import/imported-annotator.ts) is never a login
  const user = isImportedAnnotatorEmail(email) ? null : await db.user.findUnique({ where: { email } });
  // Verify against a dummy hash for unknown emails so the answer takes as long either way.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !user.passwordHash || !ok) {
    await deleteStaleThrottles(db);
    return { ok: false, reason: "invalid" };
  }
  // Only the counter this attempt used starts again: the owner signing in on their device does
  // not hand the account's shared counter back to whoever is guessing at it.
  await recordSuccessfulSignIn(db, { counter, address });
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin },
    deviceCookie: secret ? issueDeviceCookie(opts.deviceCookie, email, secret) : null,
  };
}
