// Password reset links: created by an administrator (`tropos user reset-password`) or by the user
// ("Forgot your password?" on the sign-in page), used once before they expire. Using one sets
// the new password, ends every session of the account (session version) and clears its sign-in
// delay, so a user slowed down by someone else's wrong guesses always has a way in (issue 13,
// point 17). Only the token's SHA-256 is stored; the token is never logged here.
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { hashPassword, MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { accountThrottleKey } from "@/lib/auth/sign-in-throttle";
import { clearAccountThrottle } from "@/lib/db/auth/login-throttle";
import {
  hashPasswordResetToken,
  looksLikePasswordResetToken,
  newPasswordResetToken,
  PASSWORD_RESET_TTL_MS,
} from "@/lib/auth/password-reset-token";

export type TPasswordResetOrigin = "cli" | "self";

/**
 * A new reset link for the account, or null when there is no account with that email. Earlier
 * pending links of the account stop working (only the newest one counts).
 */
export async function createPasswordReset(
  db: Db,
  opts: { email: string; origin: TPasswordResetOrigin; now?: Date },
): Promise<{ email: string; token: string; expiresAt: Date } | null> {
  const email = opts.email.trim().toLowerCase();
  const now = opts.now ?? new Date();
  // a placeholder rater an import made is never a login: no link for it, as for no account
  if (isImportedAnnotatorEmail(email)) return null;
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!user) return null;
  const token = newPasswordResetToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  await db.$transaction([
    db.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
    db.passwordReset.create({ data: { userId: user.id, tokenHash: hashPasswordResetToken(token), origin: opts.origin, expiresAt } }),
  ]);
  return { email: user.email, token, expiresAt };
}

/** The email a pending, unexpired link is for (the reset page shows it), or an AppError. */
export async function findPendingPasswordReset(db: Db, token: string, now = new Date()): Promise<{ email: string }> {
  if (!looksLikePasswordResetToken(token)) throw new AppError("NOT_FOUND", "This password reset link is not valid.");
  const reset = await db.passwordReset.findUnique({
    where: { tokenHash: hashPasswordResetToken(token) },
    select: { usedAt: true, expiresAt: true, user: { select: { email: true } } },
  });
  if (!reset) throw new AppError("NOT_FOUND", "This password reset link is not valid.");
  if (reset.usedAt) throw new AppError("CONFLICT", "This password reset link has been used already (or a newer one was made).");
  if (reset.expiresAt.getTime() <= now.getTime()) throw new AppError("CONFLICT", "This password reset link has expired. Ask for a new one.");
  return { email: reset.user.email };
}

/**
 * Sets the new password through a pending link. The link is claimed by one conditional UPDATE,
 * so two submissions of the same link cannot both succeed; nothing changes when it fails.
 */
export async function resetPassword(db: Db, opts: { token: string; password: string; now?: Date }): Promise<{ email: string }> {
  const now = opts.now ?? new Date();
  if (opts.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("BAD_REQUEST", `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.`, { field: "password" });
  }
  const { email } = await findPendingPasswordReset(db, opts.token, now);
  const passwordHash = await hashPassword(opts.password);
  return db.$transaction(async (tx) => {
    const tokenHash = hashPasswordResetToken(opts.token);
    const claimed = await tx.passwordReset.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (claimed.count !== 1) throw new AppError("CONFLICT", "This password reset link has been used already.");
    const reset = await tx.passwordReset.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
    await tx.user.update({ where: { id: reset.userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await clearAccountThrottle(tx, accountThrottleKey(email));
    return { email };
  });
}
