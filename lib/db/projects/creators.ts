// Who may create projects (issue 29 point 3): site admins, and accounts a site admin has given the
// "project creator" right. Creating a project is site-level (the wizard, not a project's page), so
// it is not a project permission; the refusal names the right and who gives it, instead of the
// generic "your role in this project does not include it" a manager met on /projects/new.
import type { Db } from "@/lib/db/client";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";

export const PROJECT_CREATOR_REFUSAL =
  "Creating projects needs the project creator right (or being a site administrator). A site administrator gives it under Users (/admin/users) or with `tropos user project-creator --email …`.";

/** Whether the signed-in user may create projects (one indexed read for non-admins). */
export async function mayCreateProjects(db: Db, user: CurrentUser): Promise<boolean> {
  if (user.isAdmin) return true;
  const row = await db.user.findUnique({ where: { id: user.id }, select: { projectCreator: true } });
  return row?.projectCreator === true;
}

/** The user, when they may create projects; otherwise FORBIDDEN with the reason. */
export async function authorizeProjectCreator(db: Db, user: CurrentUser | null): Promise<CurrentUser> {
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  if (!(await mayCreateProjects(db, user))) throw new AppError("FORBIDDEN", PROJECT_CREATOR_REFUSAL);
  return user;
}

export interface TSiteUserRow {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  projectCreator: boolean;
  projects: number;
}

/** Every account with how many projects it belongs to, for the site admin's Users page. */
export async function listSiteUsers(db: Db): Promise<TSiteUserRow[]> {
  const users = await db.user.findMany({
    orderBy: { email: "asc" },
    select: { id: true, email: true, name: true, isAdmin: true, projectCreator: true, memberships: { distinct: ["projectId"], select: { projectId: true } } },
  });
  return users.map(({ memberships, ...u }) => ({ ...u, projects: memberships.length }));
}

/** Gives or takes the right; audited. Returns the account's email (NOT_FOUND for an unknown account). */
export async function setProjectCreator(db: Db, target: { id?: string; email?: string }, on: boolean, actorId: string | null, via: "web" | "cli"): Promise<{ email: string; projectCreator: boolean }> {
  const where = target.id ? { id: target.id } : { email: (target.email ?? "").trim().toLowerCase() };
  return db.$transaction(async (tx) => {
    const found = await tx.user.findUnique({ where, select: { id: true, email: true } });
    if (!found) throw new AppError("NOT_FOUND", `No account ${target.email ?? target.id}.`, { field: "email" });
    if (on && isImportedAnnotatorEmail(found.email)) throw new AppError("BAD_REQUEST", `${found.email} is a rater an import made, not a login: it cannot create projects.`, { field: "email" });
    const saved = await tx.user.update({ where: { id: found.id }, data: { projectCreator: on }, select: { email: true, projectCreator: true } });
    await tx.auditLog.create({ data: { projectId: null, userId: actorId, action: on ? "user.project-creator.grant" : "user.project-creator.revoke", detail: { via, email: saved.email } } });
    return saved;
  });
}
