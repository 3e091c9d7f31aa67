// How sign-in attempts are limited (issue 13, points 16 and 17). Pure policy; the counters live
// in the LoginThrottle table (lib/db/login-throttle.ts) and lib/auth/authenticate.ts applies them.
//
// Two counters, each incremented atomically BEFORE the password is checked, so parallel guesses
// cannot all pass a check made before any of them was counted:
// - per account: a delay that grows with the attempts since the last success (a few free ones,
//   then 1 s, 2 s, 4 s … up to ACCOUNT_MAX_DELAY_S). An attempt made before the delay has passed is
//   refused without checking the password and is not counted. There is no hard lock: someone
//   guessing at a victim's account can make them wait at most ACCOUNT_MAX_DELAY_S per attempt,
//   not lock them out, and a password reset or single sign-on always gets them in.
// - per client address: at most ADDRESS_LIMIT attempts per ADDRESS_WINDOW_S across all accounts
//   (a success gives its slot back), so one address cannot spray guesses over many accounts.

export const ACCOUNT_FREE_ATTEMPTS = 5;
export const ACCOUNT_MAX_DELAY_S = 60;
/** an account's count starts again when its last attempt is this old */
export const ACCOUNT_QUIET_RESET_S = 15 * 60;

export const ADDRESS_LIMIT = 50;
export const ADDRESS_WINDOW_S = 15 * 60;

/** Seconds the account must wait after its `attempts`-th counted attempt before the next is checked. */
export function accountDelaySeconds(attempts: number): number {
  if (attempts < ACCOUNT_FREE_ATTEMPTS) return 0;
  return Math.min(2 ** (attempts - ACCOUNT_FREE_ATTEMPTS), ACCOUNT_MAX_DELAY_S);
}

export function accountThrottleKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

export function addressThrottleKey(address: string): string {
  return `address:${address}`;
}

/**
 * The client's address as seen by the nearest proxy: the rightmost X-Forwarded-For entry.
 * `next start` fills the header with the socket's address when it is absent; a reverse proxy in
 * front (nginx `proxy_add_x_forwarded_for`, Caddy, Traefik) appends the address it saw, which the
 * client cannot forge. Without such a proxy a client can send its own header and dodge the
 * per-address limit (the per-account delay still holds). Null when there is nothing usable.
 */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined> | undefined): string | null {
  if (!headers) return null;
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const last = value?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
  if (!last || last.length > 64 || !/^[0-9A-Za-z.:[\]%_-]+$/.test(last)) return null;
  return last.toLowerCase();
}

/** "throttled:<seconds>": the error code the sign-in form turns into a message with the wait. */
export function throttledCode(retryAfterS: number): string {
  return `throttled:${Math.max(1, Math.ceil(retryAfterS))}`;
}
