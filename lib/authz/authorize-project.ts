// The one authorisation check for project-scoped work. Every server action and page calls
// authorizeProject; the API route guard calls authorizeSessionProject, the same decision with the
// session's own database check folded into its query. A project the caller is not a member of is reported as NOT_FOUND (its
// existence is not revealed); a member lacking the permission gets FORBIDDEN.
import type { Pool } from "pg";
import type { Role } from "@/lib/generated/prisma/enums";
import type { CurrentUser } from "@/lib/auth/current-user";
import type { TSessionRef } from "@/lib/auth/session-user";
import { AppError } from "@/lib/errors";
import { adminGrants, rolesGrant, type Permission } from "@/lib/authz/permissions";
import { projectTargetLangs } from "@/lib/projects/target-languages";
import { preparedStatement, withValues } from "@/lib/db/prepared-statement";

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

type TProjectRow = ProjectAccess["project"] & { roles: Role[] | null };

/** The project's columns and the caller's roles in it ($uid: the caller's id), for both guards below. */
const PROJECT_COLUMNS = (uid: string) => `p.id, p.slug, p.name, p."sourceLang", p."targetLang", p."targetLangs", p."schemeConfig",
            (SELECT max(ps.version) FROM "ProjectScheme" ps WHERE ps."projectId" = p.id) AS "schemeVersion",
            (SELECT array_agg(m.role::text) FROM "ProjectMember" m WHERE m."projectId" = p.id AND m."userId" = ${uid}) AS roles`;

/** The one decision, whichever query read the row: not a member → NOT_FOUND, a member without the permission → FORBIDDEN. */
function decideAccess(user: CurrentUser, row: TProjectRow | undefined, permission: Permission): ProjectAccess {
  if (!row) throw new AppError("NOT_FOUND", "Project not found.");
  const roles = row.roles ?? [];
  if (roles.length === 0 && !user.isAdmin) throw new AppError("NOT_FOUND", "Project not found.");
  const granted = rolesGrant(roles, permission) || (user.isAdmin && adminGrants(permission));
  if (!granted) throw new AppError("FORBIDDEN", `Your role in this project does not allow ${permission}.`);
  const { roles: _roles, ...project } = row;
  return { user, project: { ...project, targetLangs: projectTargetLangs(project) }, roles };
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
  const { rows } = await pool.query<TProjectRow>(`SELECT ${PROJECT_COLUMNS("$2")} FROM "Project" p WHERE p.slug = $1`, [slug, user.id]);
  return decideAccess(user, rows[0], permission);
}

/**
 * The caller's session row (as lib/auth/session-user.ts checks it) and the project with the
 * caller's roles: columns over `"User" u LEFT JOIN "Project" p ON p.slug = <slug>`, for
 * authorizeSessionProject and the save guard (lib/db/workspace/save-guard.ts), which adds the item to them.
 */
export const SESSION_PROJECT_COLUMNS = `u.id AS "userId", u.email AS "userEmail", u.name AS "userName", u."isAdmin" AS "userIsAdmin", u."sessionVersion" AS "userSessionVersion",
            ${PROJECT_COLUMNS("u.id")}`;

export type TSessionProjectRow = { userId: string; userEmail: string; userName: string | null; userIsAdmin: boolean; userSessionVersion: number } & Nullable<TProjectRow>;

/**
 * The decision on a session-and-project row: a session that does not hold (no such user, or the
 * token's session version is not the user's current one) → UNAUTHENTICATED, before anything about
 * the project; then the project decided as authorizeProject decides it.
 */
export function accessOfSessionRow(session: TSessionRef, row: TSessionProjectRow | undefined, permission: Permission): ProjectAccess {
  if (!row || row.userSessionVersion !== session.sv) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  const user: CurrentUser = { id: row.userId, email: row.userEmail, name: row.userName, isAdmin: row.userIsAdmin };
  if (row.id === null) return decideAccess(user, undefined, permission);
  const project = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    sourceLang: row.sourceLang,
    targetLang: row.targetLang,
    targetLangs: row.targetLangs,
    schemeConfig: row.schemeConfig,
    schemeVersion: row.schemeVersion,
    roles: row.roles,
  } as TProjectRow;
  return decideAccess(user, project, permission);
}

const SESSION_PROJECT = preparedStatement(
  "session_project",
  `SELECT ${SESSION_PROJECT_COLUMNS}
       FROM "User" u LEFT JOIN "Project" p ON p.slug = $1
      WHERE u.id = $2`,
);

/**
 * authorizeProject for a session the cookie claims (lib/auth/current-user.ts getSessionRef): the
 * session check of lib/auth/session-user.ts and the project with the caller's roles in ONE round
 * trip instead of two (the API guard runs on every save); the same answers (accessOfSessionRow).
 */
export async function authorizeSessionProject(pool: Pool, session: TSessionRef | null, slug: string, permission: Permission): Promise<ProjectAccess> {
  if (!session) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  const { rows } = await pool.query<TSessionProjectRow>(withValues(SESSION_PROJECT, [slug, session.uid]));
  return accessOfSessionRow(session, rows[0], permission);
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Site-level actions (creating projects, managing users) are for site admins only. */
export function authorizeAdmin(user: CurrentUser | null): CurrentUser {
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  if (!user.isAdmin) throw new AppError("FORBIDDEN", "Only site administrators may do this.");
  return user;
}
