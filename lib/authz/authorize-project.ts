// The one authorisation check for project-scoped work. Every server action, route handler and
// page calls it. A project the caller is not a member of is reported as NOT_FOUND (its
// existence is not revealed); a member lacking the permission gets FORBIDDEN.
import type { Db } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { adminGrants, rolesGrant, type Permission } from "@/lib/authz/permissions";

export interface ProjectAccess {
  user: CurrentUser;
  project: { id: string; slug: string; name: string; sourceLang: string; targetLang: string; schemeConfig: unknown };
  roles: Role[];
}

export async function authorizeProject(
  db: Db,
  user: CurrentUser | null,
  slug: string,
  permission: Permission,
): Promise<ProjectAccess> {
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  const project = await db.project.findUnique({
    where: { slug },
    select: {
      id: true,
      slug: true,
      name: true,
      sourceLang: true,
      targetLang: true,
      schemeConfig: true,
      members: { where: { userId: user.id }, select: { role: true } },
    },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found.");
  const roles = project.members.map((m) => m.role);
  if (roles.length === 0 && !user.isAdmin) throw new AppError("NOT_FOUND", "Project not found.");
  const granted = rolesGrant(roles, permission) || (user.isAdmin && adminGrants(permission));
  if (!granted) throw new AppError("FORBIDDEN", `Your role in this project does not allow ${permission}.`);
  const { members: _members, ...rest } = project;
  return { user, project: rest, roles };
}

/** Site-level actions (creating projects, managing users) are for site admins only. */
export function authorizeAdmin(user: CurrentUser | null): CurrentUser {
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  if (!user.isAdmin) throw new AppError("FORBIDDEN", "Only site administrators may do this.");
  return user;
}
