// Invitations by email link and project creation (issue 13, point 9) on real PostgreSQL: the token
// is stored only as its SHA-256, works once, expires, can be revoked, grants exactly the invited
// role, and a project is created with its members and invitations in one transaction.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import {
  acceptInvitation,
  acceptInvitationWithNewAccount,
  createInvitation,
  findInvitationByToken,
  findInvitations,
  revokeInvitation,
} from "@/lib/db/projects/invitations";
import { createProject } from "@/lib/db/projects/create-project";
import { hashInvitationToken, INVITATION_TTL_MS } from "@/lib/projects/invitation-token";
import { verifyPassword } from "@/lib/auth/password";
import { AppError } from "@/lib/errors";

let db: Db;
beforeAll(async () => ({ db } = await openTestDatabase()));
afterAll(closeTestDatabase);

const newEmail = (tag = "inv") => `${tag}-${randomUUID().slice(0, 8)}@test.tropos`;

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected the call to fail");
}

async function rolesOf(projectId: string, email: string) {
  const rows = await db.projectMember.findMany({ where: { projectId, user: { email } }, select: { role: true } });
  return rows.map((r) => r.role).sort();
}

describe("invitations", () => {
  it("stores only the SHA-256 of the token, and the link expires after seven days", async () => {
    const manager = await makeUser(db, { tag: "mgr" });
    const project = await makeProject(db, [{ userId: manager.id, roles: ["MANAGER"] }]);
    const before = Date.now();
    const inv = await createInvitation(db, { projectId: project.id, email: newEmail(), role: "ANNOTATOR", invitedById: manager.id });
    expect(inv.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await db.invitation.findUniqueOrThrow({ where: { id: inv.id } });
    expect(row.tokenHash).toBe(hashInvitationToken(inv.token));
    expect(row.tokenHash).not.toContain(inv.token);
    // the token appears nowhere in the row or in the audit log
    expect(JSON.stringify(row)).not.toContain(inv.token);
    const audit = await db.auditLog.findMany({ where: { projectId: project.id } });
    expect(JSON.stringify(audit)).not.toContain(inv.token);
    expect(row.expiresAt.getTime() - before).toBeGreaterThanOrEqual(INVITATION_TTL_MS - 1000);
    expect(row.expiresAt.getTime() - before).toBeLessThanOrEqual(INVITATION_TTL_MS + 5000);
  });

  it("a new account accepts once: name, argon2 password, exactly the invited role; the link is then used up", async () => {
    const manager = await makeUser(db, { tag: "mgr" });
    const project = await makeProject(db, [{ userId: manager.id, roles: ["MANAGER"] }]);
    const email = newEmail("New.Person");
    const inv = await createInvitation(db, { projectId: project.id, email, role: "ANNOTATOR", invitedById: manager.id });
    expect((await findInvitationByToken(db, inv.token))?.status).toBe("pending");
    expect((await findInvitationByToken(db, inv.token))?.accountExists).toBe(false);

    const res = await acceptInvitationWithNewAccount(db, { token: inv.token, name: " Ada ", password: "a long passphrase" });
    expect(res).toEqual({ slug: project.slug, role: "ANNOTATOR", email: email.toLowerCase() });
    const user = await db.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(user.name).toBe("Ada");
    expect(user.isAdmin).toBe(false);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash!, "a long passphrase")).toBe(true);
    expect(await rolesOf(project.id, email.toLowerCase())).toEqual(["ANNOTATOR"]);

    // single use: the same link again, as a new account or as the now signed-in user
    expect(await failure(acceptInvitationWithNewAccount(db, { token: inv.token, name: "Eve", password: "another passphrase" }))).toEqual({
      code: "CONFLICT",
      message: "This invitation link has been used already.",
    });
    expect((await failure(acceptInvitation(db, { token: inv.token, user }))).message).toMatch(/used already/);
    expect((await findInvitationByToken(db, inv.token))?.status).toBe("accepted");
    const row = await db.invitation.findUniqueOrThrow({ where: { id: inv.id } });
    expect(row.acceptedById).toBe(user.id);
  });

  it("parallel acceptances of one link: exactly one succeeds", async () => {
    const project = await makeProject(db);
    const inv = await createInvitation(db, { projectId: project.id, email: newEmail(), role: "ADJUDICATOR", invitedById: null });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => acceptInvitationWithNewAccount(db, { token: inv.token, name: `n${i}`, password: "a long passphrase" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).code).toBe("CONFLICT");
    expect(await rolesOf(project.id, inv.email)).toEqual(["ADJUDICATOR"]);
  });

  it("an expired link is refused and grants nothing", async () => {
    const project = await makeProject(db);
    const inv = await createInvitation(db, { projectId: project.id, email: newEmail(), role: "ANNOTATOR", invitedById: null });
    await db.invitation.update({ where: { id: inv.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await findInvitationByToken(db, inv.token))?.status).toBe("expired");
    expect(await failure(acceptInvitationWithNewAccount(db, { token: inv.token, name: "Late", password: "a long passphrase" }))).toEqual({
      code: "CONFLICT",
      message: "This invitation link has expired. Ask a project manager for a new one.",
    });
    expect(await db.user.findUnique({ where: { email: inv.email } })).toBeNull();
  });

  it("a revoked link is refused; a new invitation for the same email and role revokes the old link", async () => {
    const manager = await makeUser(db, { tag: "mgr" });
    const project = await makeProject(db, [{ userId: manager.id, roles: ["MANAGER"] }]);
    const email = newEmail();
    const first = await createInvitation(db, { projectId: project.id, email, role: "ANNOTATOR", invitedById: manager.id });
    const second = await createInvitation(db, { projectId: project.id, email, role: "ANNOTATOR", invitedById: manager.id });
    expect((await findInvitationByToken(db, first.token))?.status).toBe("revoked");
    await revokeInvitation(db, { projectId: project.id, invitationId: second.id, actorId: manager.id });
    for (const t of [first.token, second.token]) {
      expect((await failure(acceptInvitationWithNewAccount(db, { token: t, name: "X", password: "a long passphrase" }))).message).toMatch(/withdrawn/);
    }
    // revoking twice, or another project's invitation, is "not found"
    expect((await failure(revokeInvitation(db, { projectId: project.id, invitationId: second.id, actorId: manager.id }))).code).toBe("NOT_FOUND");
    const other = await makeProject(db);
    const foreign = await createInvitation(db, { projectId: other.id, email, role: "ANNOTATOR", invitedById: null });
    expect((await failure(revokeInvitation(db, { projectId: project.id, invitationId: foreign.id, actorId: manager.id }))).code).toBe("NOT_FOUND");
    expect((await findInvitations(db, project.id)).map((i) => i.status)).toEqual(["revoked", "revoked"]);
  });

  it("an existing account must sign in: the new-account path is refused, and only the invited address may accept", async () => {
    const invitee = await makeUser(db, { tag: "known" });
    const stranger = await makeUser(db, { tag: "stranger" });
    const project = await makeProject(db);
    const inv = await createInvitation(db, { projectId: project.id, email: invitee.email.toUpperCase(), role: "ADJUDICATOR", invitedById: null });
    expect((await findInvitationByToken(db, inv.token))?.accountExists).toBe(true);
    expect((await failure(acceptInvitationWithNewAccount(db, { token: inv.token, name: "Take over", password: "a long passphrase" }))).message).toMatch(/exists already: sign in/);
    const before = await db.user.findUniqueOrThrow({ where: { id: invitee.id } });
    expect(before.passwordHash).toBeNull();
    expect((await failure(acceptInvitation(db, { token: inv.token, user: stranger }))).code).toBe("FORBIDDEN");
    expect(await rolesOf(project.id, stranger.email)).toEqual([]);
    // both refusals rolled back the claim: the invitee can still accept
    expect(await acceptInvitation(db, { token: inv.token, user: invitee })).toEqual({ slug: project.slug, role: "ADJUDICATOR" });
    expect(await rolesOf(project.id, invitee.email)).toEqual(["ADJUDICATOR"]);
  });

  it("an unknown or malformed token is not found; inviting someone who holds the role is a conflict", async () => {
    expect(await findInvitationByToken(db, "x".repeat(43))).toBeNull();
    expect(await findInvitationByToken(db, "../../etc")).toBeNull();
    expect((await failure(acceptInvitationWithNewAccount(db, { token: "nope", name: "X", password: "a long passphrase" }))).code).toBe("NOT_FOUND");
    const member = await makeUser(db);
    const project = await makeProject(db, [{ userId: member.id, roles: ["ANNOTATOR"] }]);
    expect((await failure(createInvitation(db, { projectId: project.id, email: member.email, role: "ANNOTATOR", invitedById: null }))).code).toBe("CONFLICT");
    // another role for the same person is fine
    await createInvitation(db, { projectId: project.id, email: member.email, role: "ADJUDICATOR", invitedById: null });
  });
});

describe("createProject (CLI and wizard)", () => {
  it("creates the project with its scheme preset, adds existing accounts, invites the others", async () => {
    const admin = await makeUser(db, { tag: "admin", isAdmin: true });
    const known = await makeUser(db, { tag: "known" });
    const slug = `w-${randomUUID().slice(0, 8)}`;
    const stranger = newEmail("Stranger");
    const res = await createProject(
      db,
      {
        slug, name: "Wizard project", sourceLang: "en", targetLang: "it", scheme: "metahope",
        members: [{ email: admin.email, role: "MANAGER" }, { email: known.email, role: "ADJUDICATOR" }, { email: stranger, role: "ANNOTATOR" }],
      },
      { actorId: admin.id, via: "web", inviteMissing: true },
    );
    expect(res.added).toEqual([{ email: admin.email, role: "MANAGER" }, { email: known.email, role: "ADJUDICATOR" }]);
    expect(res.invitations.map((i) => [i.email, i.role])).toEqual([[stranger.toLowerCase(), "ANNOTATOR"]]);
    const p = await db.project.findUniqueOrThrow({ where: { slug } });
    expect([p.sourceLang, p.targetLang, p.name]).toEqual(["en", "it", "Wizard project"]);
    // the MetaHOPE preset stored as version 1; the project stores only its settings
    expect(p.schemeConfig).toEqual({ blindSystemNames: true, shuffleItems: true, showSuggestions: false });
    expect((await db.projectScheme.findFirstOrThrow({ where: { projectId: p.id } })).definition).toMatchObject({ fields: [{ id: "ALIGNMENT" }, { id: "METAHOPE_ERRORS" }] });
    expect(await rolesOf(p.id, known.email)).toEqual(["ADJUDICATOR"]);
    expect((await findInvitationByToken(db, res.invitations[0].token))?.project.slug).toBe(slug);
  });

  it("a taken slug, a reserved slug, a bad language code or (CLI) an unknown member leave nothing behind", async () => {
    const existing = await makeProject(db);
    const base = { name: "X", sourceLang: "en", targetLang: "zh", scheme: "mmte" as const, members: [] };
    const opts = { actorId: null, via: "cli" as const, inviteMissing: false };
    expect(await failure(createProject(db, { ...base, slug: existing.slug }, opts))).toEqual({ code: "CONFLICT", message: `A project with the slug "${existing.slug}" exists already.` });
    await expect(createProject(db, { ...base, slug: "new" }, opts)).rejects.toThrow(/reserved/);
    await expect(createProject(db, { ...base, slug: `l-${randomUUID().slice(0, 8)}`, targetLang: "chinese" }, opts)).rejects.toThrow(/language code/);
    const slug = `u-${randomUUID().slice(0, 8)}`;
    expect((await failure(createProject(db, { ...base, slug, members: [{ email: newEmail(), role: "MANAGER" }] }, opts))).code).toBe("NOT_FOUND");
    expect(await db.project.findUnique({ where: { slug } })).toBeNull();
  });
});
