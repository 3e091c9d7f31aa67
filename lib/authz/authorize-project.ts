// The one authorisation check for project-scoped work. Every server action, route handler and
// page calls it. A project the caller is not a member of is reported as NOT_FOUND (its
// existence is not revealed); a member lacking the permission gets FORBIDDEN.
import type { Pool } from "pg";
import type { Role } from "@/lib/generated/prisma/enums";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { adminGrants, rolesGrant, type Permission } from "@/lib/authz/permissions";
import { projectTargetLangs } from "@/lib/projects/target-languages";

export interface ProjectAccess {
  user: CurrentUser;
  project: {
    id: string;
    slug: string;
    name: string;
    sourceLang: string;
    targetLang: string;
    /** every target language, the primary (targetLang) first */
    targetLangs: string[];
    schemeConfig: unknown;
    /** the latest stored scheme version (null: none stored), read here so a save needs no query of its own for it */
    schemeVersion: number | null;
  };
  roles: Role[];
}

export async function authorizeProject(
  pool: Pool,
  user: CurrentUser | null,
  slug: string,
  permission: Permission,
): Promise<ProjectAccess> {
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  // One round trip on node-postgres: this runs on every request (a Prisma query costs several
  // times more CPU here, and the save path is hot).
  const { rows } = await pool.query<ProjectAccess["project"] & { roles: Role[] | null }>(
    `SELECT p.id, p.slug, p.name, p."sourceLang", p."targetLang", p."targetLangs", p."schemeConfig",
            (SELECT max(ps.version) FROM "ProjectScheme" ps WHERE ps."projectId" = p.id) AS "schemeVersion",
            (SELECT array_agg(m.role::text) FROM "ProjectMember" m WHERE m."projectId" = p.id AND m."userId" = $2) AS roles
       FROM "Project" p WHERE p.slug = $1`,
    [slug, user.id],
  );
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", "Project not found.");
  const roles = row.roles ?? [];
  if (roles.length === 0 && !user.isAdmin) throw new AppError("NOT_FOUND", "Project not found.");
  const granted = rolesGrant(roles, permission) || (user.isAdmin && adminGrants(permission));
  if (!granted) throw new AppError("FORBIDDEN", `Your role in this project does not allow ${permission}.`);
  const { roles: _roles, ...project } = row;
  return { user, project: { ...project, targetLangs: projectTargetLangs(project) }, roles };
}

/** Site-level actions (creating projects, managing users) are for site admins only. */
export function authorizeAdmin(user: CurrentUser | null): CurrentUser {
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  if (!user.isAdmin) throw new AppError("FORBIDDEN", "Only site administrators may do this.");
  return user;
}
