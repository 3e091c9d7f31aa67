// Data access for invitations by email link: create (one pending link per email and role),
// look up by token, accept (once, before expiry, unless revoked), revoke. Every change is written
// to the audit log; the token itself is never stored or logged here (only its SHA-256).
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors";
import { IMPORTED_ANNOTATOR_DOMAIN, isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { hashPassword } from "@/lib/auth/password";
import { hashInvitationToken, INVITATION_TTL_MS, looksLikeInvitationToken, newInvitationToken } from "@/lib/projects/invitation-token";

type Tx = Prisma.TransactionClient;

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

export interface CreatedInvitation {
  id: string;
  email: string;
  role: Role;
  /** the only copy of the token: shown once, never stored */
  token: string;
  expiresAt: Date;
}

export function invitationStatus(i: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationStatus {
  if (i.acceptedAt) return "accepted";
  if (i.revokedAt) return "revoked";
  if (i.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}

/**
 * Invites `email` into the project with `role`. A pending invitation for the same email and role
 * is revoked first, so only the newest link works. Refused when the account already holds the role.
 * Runs inside the caller's transaction (the project wizard creates project and invitations at once).
 */
export async function createInvitationTx(
  tx: Tx,
  opts: { projectId: string; email: string; role: Role; invitedById: string | null; now?: Date },
): Promise<CreatedInvitation> {
  const email = opts.email.trim().toLowerCase();
  // placeholder raters (imports) are no login accounts: an invitation would make one
  if (isImportedAnnotatorEmail(email)) throw new AppError("BAD_REQUEST", `${email} is an imported rater's address (${IMPORTED_ANNOTATOR_DOMAIN}), not a person's; invite a real address.`, { field: "email" });
  const now = opts.now ?? new Date();
  const holder = await tx.projectMember.findFirst({
    where: { projectId: opts.projectId, role: opts.role, user: { email } },
    select: { id: true },
  });
  if (holder) throw new AppError("CONFLICT", `${email} already holds the ${opts.role.toLowerCase()} role in this project.`, { field: "email" });
  await tx.invitation.updateMany({
    where: { projectId: opts.projectId, email, role: opts.role, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
  const token = newInvitationToken();
  const inv = await tx.invitation.create({
    data: {
      projectId: opts.projectId,
      email,
      role: opts.role,
      tokenHash: hashInvitationToken(token),
      invitedById: opts.invitedById,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    },
    select: { id: true, expiresAt: true },
  });
  await tx.auditLog.create({
    data: { projectId: opts.projectId, userId: opts.invitedById, action: "invitation.create", detail: { email, role: opts.role, invitationId: inv.id } },
  });
  return { id: inv.id, email, role: opts.role, token, expiresAt: inv.expiresAt };
}

export function createInvitation(db: Db, opts: Parameters<typeof createInvitationTx>[1]): Promise<CreatedInvitation> {
  return db.$transaction((tx) => createInvitationTx(tx, opts));
}

/** The invitations of a project, newest first, with their status (for the members page). */
export async function findInvitations(db: Db, projectId: string) {
  const rows = await db.invitation.findMany({
    where: { projectId },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: { id: true, email: true, role: true, createdAt: true, expiresAt: true, acceptedAt: true, revokedAt: true, invitedBy: { select: { email: true } } },
  });
  const now = new Date();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    invitedBy: r.invitedBy?.email ?? null,
    status: invitationStatus(r, now),
  }));
}

/** What the invitation page shows for a token; null when no invitation has this token. */
export async function findInvitationByToken(db: Db, token: string) {
  if (!looksLikeInvitationToken(token)) return null;
  const inv = await db.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    select: {
      id: true, email: true, role: true, expiresAt: true, acceptedAt: true, revokedAt: true,
      project: { select: { slug: true, name: true } },
    },
  });
  if (!inv) return null;
  const account = await db.user.findUnique({ where: { email: inv.email }, select: { id: true } });
  return {
    email: inv.email,
    role: inv.role,
    expiresAt: inv.expiresAt.toISOString(),
    project: inv.project,
    status: invitationStatus(inv),
    accountExists: Boolean(account),
  };
}

/**
 * Marks the invitation used, atomically: one UPDATE that matches only a pending, unexpired row,
 * so two parallel acceptances of one link cannot both succeed. When nothing matched, the error
 * says why (unknown, used, revoked, expired).
 */
async function claimInvitation(tx: Tx, token: string, userId: string | null) {
  const tokenHash = looksLikeInvitationToken(token) ? hashInvitationToken(token) : "";
  const now = new Date();
  const claimed = await tx.invitation.updateMany({
    where: { tokenHash, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now, acceptedById: userId },
  });
  const inv = await tx.invitation.findUnique({
    where: { tokenHash },
    select: { id: true, projectId: true, email: true, role: true, expiresAt: true, acceptedAt: true, revokedAt: true, project: { select: { slug: true } } },
  });
  if (!inv) throw new AppError("NOT_FOUND", "This invitation link is not valid.");
  if (claimed.count === 1) return inv;
  const status = invitationStatus(inv, now);
  if (status === "accepted") throw new AppError("CONFLICT", "This invitation link has been used already.");
  if (status === "revoked") throw new AppError("CONFLICT", "This invitation has been withdrawn by a project manager.");
  throw new AppError("CONFLICT", "This invitation link has expired. Ask a project manager for a new one.");
}

async function grantRole(tx: Tx, inv: { id: string; projectId: string; email: string; role: Role }, userId: string) {
  await tx.projectMember.createMany({ data: [{ projectId: inv.projectId, userId, role: inv.role }], skipDuplicates: true });
  await tx.auditLog.create({
    data: { projectId: inv.projectId, userId, action: "invitation.accept", detail: { email: inv.email, role: inv.role, invitationId: inv.id } },
  });
}

/** A signed-in user accepts an invitation made out to their own email. Returns the project slug. */
export async function acceptInvitation(db: Db, opts: { token: string; user: { id: string; email: string } }): Promise<{ slug: string; role: Role }> {
  return db.$transaction(async (tx) => {
    const inv = await claimInvitation(tx, opts.token, opts.user.id);
    // The link is a secret, but it is made out to one address: forwarding it must not put someone else in.
    if (inv.email !== opts.user.email.toLowerCase()) {
      throw new AppError("FORBIDDEN", `This invitation is for ${inv.email}; you are signed in as ${opts.user.email}. Sign out and sign in as ${inv.email}.`);
    }
    await grantRole(tx, inv, opts.user.id);
    return { slug: inv.project.slug, role: inv.role };
  });
}

/**
 * Creates the invitee's account (email from the invitation, the given name and password) and
 * accepts. Only for an email without an account: an existing account (also one without a password,
 * e.g. single sign-on) must sign in to accept, otherwise whoever holds the link could take it over.
 */
export async function acceptInvitationWithNewAccount(
  db: Db,
  opts: { token: string; name: string; password: string },
): Promise<{ slug: string; role: Role; email: string }> {
  // An unknown link is refused before hashing: argon2 is deliberately expensive, and anyone may call this.
  const known = looksLikeInvitationToken(opts.token)
    ? await db.invitation.findUnique({ where: { tokenHash: hashInvitationToken(opts.token) }, select: { id: true } })
    : null;
  if (!known) throw new AppError("NOT_FOUND", "This invitation link is not valid.");
  // argon2 before the transaction: it takes ~50 ms and must not hold row locks meanwhile
  const passwordHash = await hashPassword(opts.password);
  return db.$transaction(async (tx) => {
    const inv = await claimInvitation(tx, opts.token, null);
    if (await tx.user.findUnique({ where: { email: inv.email }, select: { id: true } })) {
      throw new AppError("CONFLICT", `An account for ${inv.email} exists already: sign in to accept the invitation.`);
    }
    const user = await tx.user.create({ data: { email: inv.email, name: opts.name.trim(), passwordHash }, select: { id: true } });
    await tx.invitation.update({ where: { id: inv.id }, data: { acceptedById: user.id } });
    await grantRole(tx, inv, user.id);
    return { slug: inv.project.slug, role: inv.role, email: inv.email };
  });
}

/** Withdraws a pending invitation of the project; its link stops working at once. */
export async function revokeInvitation(db: Db, opts: { projectId: string; invitationId: string; actorId: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const n = await tx.invitation.updateMany({
      where: { id: opts.invitationId, projectId: opts.projectId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (n.count === 0) throw new AppError("NOT_FOUND", "No pending invitation with this id in this project.");
    await tx.auditLog.create({ data: { projectId: opts.projectId, userId: opts.actorId, action: "invitation.revoke", detail: { invitationId: opts.invitationId } } });
  });
}
