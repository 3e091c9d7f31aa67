// Data access for project membership. Every change is written to the audit log.
import type { Db } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors";
import { withdrawNotStartedOf } from "@/lib/db/assignments/corrections";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";

/**
 * The project's members with their roles; `filter` narrows to an email or name containing a search
 * and to members holding a role (issue 29 point 5), in SQL.
 */
export async function findMembers(db: Db, projectId: string, filter: { search?: string; role?: Role } = {}) {
  const q = filter.search?.trim();
  const rows = await db.projectMember.findMany({
    where: {
      projectId,
      user: {
        AND: [
          q ? { OR: [{ email: { contains: q, mode: "insensitive" as const } }, { name: { contains: q, mode: "insensitive" as const } }] } : {},
          filter.role ? { memberships: { some: { projectId, role: filter.role } } } : {},
        ],
      },
    },
    select: { role: true, user: { select: { id: true, email: true, name: true } } },
    orderBy: [{ user: { email: "asc" } }],
  });
  const byUser = new Map<string, { userId: string; email: string; name: string | null; roles: Role[] }>();
  for (const r of rows) {
    const m = byUser.get(r.user.id) ?? { userId: r.user.id, email: r.user.email, name: r.user.name, roles: [] };
    m.roles.push(r.role);
    byUser.set(r.user.id, m);
  }
  return [...byUser.values()];
}

/** Replace a user's roles in a project (empty = remove from the project). */
export async function setMemberRoles(
  db: Db,
  opts: { projectId: string; actorId: string; email: string; roles: Role[] },
): Promise<{ withdrawn: number }> {
  const email = opts.email.trim().toLowerCase();
  const user = await db.user.findUnique({ where: { email }, select: { id: true, memberships: { where: { projectId: opts.projectId }, select: { id: true }, take: 1 } } });
  // another project's placeholder rater (lib/import/imported-annotator.ts) is nobody here: it is
  // never attached to a second project, and answers as an unknown address does
  if (!user || (isImportedAnnotatorEmail(email) && user.memberships.length === 0)) throw new AppError("NOT_FOUND", `No account with the email ${email}. Create it first (npm run user:create).`);
  return db.$transaction(async (tx) => {
    const before = await tx.projectMember.findMany({ where: { projectId: opts.projectId, userId: user.id } });
    const beforeRoles = before.map((m) => m.role);
    // A project must keep a manager: refuse to remove the last one.
    if (beforeRoles.includes("MANAGER") && !opts.roles.includes("MANAGER")) {
      const managers = await tx.projectMember.count({ where: { projectId: opts.projectId, role: "MANAGER" } });
      if (managers <= 1) throw new AppError("CONFLICT", "A project needs at least one manager.");
    }
    await tx.projectMember.deleteMany({
      where: { projectId: opts.projectId, userId: user.id, role: { notIn: opts.roles } },
    });
    await tx.projectMember.createMany({
      data: opts.roles.map((role) => ({ projectId: opts.projectId, userId: user.id, role })),
      skipDuplicates: true,
    });
    // no longer an annotator: the items they had not begun go back to the pool, so "Create
    // assignments" gives them to others (issue 29 point 2: they stayed assigned to someone who
    // could no longer open them); started and finished items keep their saved values
    const withdrawn = beforeRoles.includes("ANNOTATOR") && !opts.roles.includes("ANNOTATOR") ? await withdrawNotStartedOf(tx, opts.projectId, user.id) : 0;
    // A removed role ends the user's sessions (issue 13, point 22): roles are re-read on every
    // request anyway, but a session opened under the old roles should not outlive them.
    if (beforeRoles.some((r) => !opts.roles.includes(r))) {
      await tx.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    }
    await tx.auditLog.create({
      data: {
        projectId: opts.projectId,
        userId: opts.actorId,
        action: "member.roles",
        detail: { email, before: beforeRoles, after: opts.roles, ...(withdrawn ? { withdrawnAssignments: withdrawn } : {}) },
      },
    });
    return { withdrawn };
  });
}
