"use server";
import { headers } from "next/headers";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { createPasswordReset, resetPassword } from "@/lib/db/auth/password-resets";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { passwordResetLink } from "@/lib/auth/password-reset-token";
import { addressThrottleKey } from "@/lib/auth/sign-in-throttle";
import { clientAddress } from "@/lib/auth/client-address";
import { deviceCookieSecret, issueDeviceCookie } from "@/lib/auth/device-cookie";
import { readDeviceCookie, setDeviceCookie } from "@/lib/auth/device-cookie-jar";
import { countAddressAttempt } from "@/lib/db/auth/login-throttle";
import { publicAction } from "@/lib/http/server-action";
import { AppError } from "@/lib/errors";

const ZRequest = z.object({ email: z.string().trim().email("enter the email address of your account").max(320) });

/**
 * "Forgot your password?": makes a reset link and sends it. Tropos has no mail server setting yet,
 * so the link goes to the server log, where an administrator finds it (as with `tropos user
 * reset-password`). The answer is the same whether the account exists or not. Requests count
 * against the client address's sign-in limit, so the log cannot be flooded from one address.
 */
export const requestPasswordResetAction = publicAction(ZRequest, async (input) => {
  const h = await headers();
  const db = getDb();
  const byAddress = await countAddressAttempt(db, addressThrottleKey(clientAddress(h)));
  if (!byAddress.admitted) throw new AppError("RATE_LIMITED", "Too many attempts from your network. Try again later.");
  const reset = await createPasswordReset(db, { email: input.email, origin: "self" });
  if (reset) {
    const base = process.env.NEXTAUTH_URL ?? `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host") ?? "localhost"}`;
    console.info(`[password reset] no mail server configured; link for ${reset.email} (valid one hour): ${passwordResetLink(base, reset.token)}`);
  }
  return { sent: true };
});

const ZReset = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).max(1024),
});

/**
 * Sets the new password through the link; the user then signs in with it. The browser that used
 * the link gets the account's device cookie (lib/auth/device-cookie.ts): whoever holds the link
 * is the owner, and with the cookie their sign-in is throttled on its own counter, so someone
 * guessing at the account, who starts its shared counter again the moment the reset clears it,
 * cannot keep them out (issue 27, point 6).
 */
export const resetPasswordAction = publicAction(ZReset, async (input) => {
  const done = await resetPassword(getDb(), input);
  const secret = deviceCookieSecret();
  if (secret) await setDeviceCookie(issueDeviceCookie(await readDeviceCookie(), done.email, secret));
  return done;
});
