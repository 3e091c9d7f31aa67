// Password reset links carry a random token; the database keeps only its SHA-256 (same reasoning
// as invitation links, lib/projects/invitation-token.ts: 256 random bits leave nothing to guess,
// and someone who reads a backup cannot use a pending link).
import { createHash, randomBytes } from "node:crypto";

/** How long a reset link stays valid. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export function newPasswordResetToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashPasswordResetToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A token's shape (43 base64url characters); anything else is not looked up at all. */
export function looksLikePasswordResetToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The link a user opens to choose a new password. */
export function passwordResetLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
}
