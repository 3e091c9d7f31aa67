// Invitation links carry a random token; the database keeps only its SHA-256, so someone who reads
// the Invitation table (a backup, a replica) cannot use a pending link. A plain, unsalted hash is
// enough here: the token has 256 bits of entropy, so there is nothing to guess or precompute.
import { createHash, randomBytes } from "node:crypto";

/** How long an invitation link stays valid. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A token's shape (43 base64url characters); anything else is not looked up at all. */
export function looksLikeInvitationToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
