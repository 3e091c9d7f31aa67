// How sign-in attempts are limited (issue 13, points 16 and 17; issue 27, point 6). Pure policy;
// the counters live in the LoginThrottle table (lib/db/auth/login-throttle.ts) and
// lib/auth/authenticate.ts applies them.
//
// Counters, each incremented atomically BEFORE the password is checked, so parallel guesses
// cannot all pass a check made before any of them was counted:
// - per account: a delay that grows with the attempts since the last success (a few free ones,
//   then 1 s, 2 s, 4 s … up to ACCOUNT_MAX_DELAY_S). An attempt made before the delay has passed is
//   refused without checking the password and is not counted. Shared by every client that holds
//   no device cookie for the account, so it bounds guessing from anywhere, however many addresses.
// - per device: an attempt with a valid device cookie for the account (lib/auth/device-cookie.ts:
//   issued by a successful sign-in or a completed password reset in that browser) is counted on
//   that device's own counter, with the same delays, instead of the account's. Someone guessing at
//   the account, firing again each time the delay ends, holds up only the clients without a cookie;
//   the owner on their own device is never slowed by them, and a reset link gets the owner a
//   cookie, so the owner always has a way in that a third party cannot take (issue 27, point 6:
//   an attacker timing its guesses had kept the owner out of 30 of 30 tries, even after a reset).
// - per client address: at most ADDRESS_LIMIT attempts per ADDRESS_WINDOW_S across all accounts
//   (a success gives its slot back), so one address cannot spray guesses over many accounts. The
//   address is the TCP peer, or what a trusted proxy says (lib/auth/client-address.ts); attempts
//   with a valid device cookie are not counted here (their device counter bounds them, and a
//   neighbour behind the same address cannot use up the owner's slot). An IPv6 client is counted
//   by its /64: one end site is usually given a whole /64 (RFC 6177), so a single machine can
//   draw a fresh address from it for every attempt and would otherwise never reach the limit.

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

/** The first 64 bits of an IPv6 address as four hextets ("2001:db8:0:1"); null when `a` is not IPv6 text. */
export function ipv6Prefix64(a: string): string | null {
  if (!a.includes(":")) return null;
  const [head, tail, more] = a.split("::");
  if (more !== undefined) return null;
  // an embedded IPv4 address (…:1.2.3.4) fills the last two hextets, past the /64
  const groups = (s: string | undefined) => (s ? s.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const left = groups(head);
  const right = groups(tail);
  const full = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  if (full.length !== 8 || full.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":");
}

/** The per-address counter's key: the address itself (IPv4, "unknown"), or an IPv6 address's /64. */
export function addressThrottleKey(address: string): string {
  const prefix = ipv6Prefix64(address);
  return prefix === null ? `address:${address}` : `address:${prefix}::/64`;
}

export function deviceThrottleKey(device: string): string {
  return `device:${device}`;
}

/** "throttled:<seconds>": the error code the sign-in form turns into a message with the wait. */
export function throttledCode(retryAfterS: number): string {
  return `throttled:${Math.max(1, Math.ceil(retryAfterS))}`;
}
