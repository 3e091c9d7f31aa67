// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser in
// which an account signed in successfully, or completed a password reset, gets a signed token for
// that account. A sign-in attempt that presents a valid one is throttled on that device's own
// counter instead of the account's, so nobody else's wrong guesses can hold up the owner on their
// own device (issue 27, point 6); the account's counter, which everyone without such a token
// shares, still bounds how fast a password can be guessed from anywhere.
//
// A token is `<expires, epoch seconds>.<nonce>.<mac>`, the mac an HMAC-SHA256 under NEXTAUTH_SECRET
// of the version, the account's email, the expiry and the nonce: it names no account (it is
// checked against the email being signed in) and cannot be made without the secret. The nonce is
// the device's counter key; each success issues a new token, so a counter starts again. One cookie
// keeps the tokens of the last MAX_TOKENS accounts signed in on that browser (a shared computer).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "tropos-device";
export const DEVICE_TOKEN_TTL_S = 180 * 24 * 60 * 60;
const MAX_TOKENS = 5;
const SEPARATOR = "~";

function mac(secret: string, email: string, expiresS: number, nonce: string): string {
  return createHmac("sha256", secret).update(`tropos-device-v1\n${email}\n${expiresS}\n${nonce}`).digest("base64url");
}

/** The device id (the token's nonce) of the cookie's token for this email, or null when it holds no valid, unexpired one. */
export function deviceOfCookie(cookie: string | null | undefined, email: string, secret: string, nowMs = Date.now()): string | null {
  for (const token of (cookie ?? "").split(SEPARATOR).slice(0, MAX_TOKENS)) {
    const [expires, nonce, sig, extra] = token.split(".");
    const expiresS = Number(expires);
    if (!nonce || !sig || extra !== undefined || !Number.isInteger(expiresS) || expiresS * 1000 <= nowMs) continue;
    const want = Buffer.from(mac(secret, email, expiresS, nonce));
    const got = Buffer.from(sig);
    if (got.length === want.length && timingSafeEqual(got, want)) return nonce;
  }
  return null;
}

/** The cookie's new value: a fresh token for this email first, then the tokens it held for other accounts. */
export function issueDeviceCookie(cookie: string | null | undefined, email: string, secret: string, nowMs = Date.now()): string {
  const expiresS = Math.floor(nowMs / 1000) + DEVICE_TOKEN_TTL_S;
  const nonce = randomBytes(16).toString("base64url");
  const others = (cookie ?? "")
    .split(SEPARATOR)
    .filter((t) => /^[0-9]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(t) && deviceOfCookie(t, email, secret, nowMs) === null);
  return [`${expiresS}.${nonce}.${mac(secret, email, expiresS, nonce)}`, ...others].slice(0, MAX_TOKENS).join(SEPARATOR);
}

/** The key device tokens are signed with (the session secret); without one there are no device cookies. */
export function deviceCookieSecret(): string | null {
  return process.env.NEXTAUTH_SECRET || null;
}
