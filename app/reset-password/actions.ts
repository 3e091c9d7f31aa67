"use server";
import { headers } from "next/headers";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { createPasswordReset, resetPassword } from "@/lib/db/password-resets";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { passwordResetLink } from "@/lib/auth/password-reset-token";
import { addressThrottleKey, clientAddress } from "@/lib/auth/sign-in-throttle";
import { countAddressAttempt } from "@/lib/db/login-throttle";
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
  const address = clientAddress(h);
  const db = getDb();
  if (address) {
    const byAddress = await countAddressAttempt(db, addressThrottleKey(address));
    if (!byAddress.admitted) throw new AppError("RATE_LIMITED", "Too many attempts from your network. Try again later.");
  }
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

/** Sets the new password through the link; the user then signs in with it. */
export const resetPasswordAction = publicAction(ZReset, async (input) => resetPassword(getDb(), input));
