// Permissions are data: handlers ask for a permission, never for a role. A role missing from
// this table grants nothing (fail closed).
import type { Role } from "@/lib/generated/prisma/enums";

export const PERMISSIONS = {
  /** see the project, its overview counts and corpus */
  "project.read": ["MANAGER", "ANNOTATOR", "ADJUDICATOR"],
  /** members, settings, imports, splits, assignments */
  "project.manage": ["MANAGER"],
  /** exports of everyone's annotations, errors, agreement, scores, full dumps */
  "project.export": ["MANAGER"],
  /** exports of what adjudication produces: gold references and adjudicated labels */
  "adjudication.export": ["ADJUDICATOR", "MANAGER"],
  /** one's own assignments and annotations */
  "annotation.write": ["ANNOTATOR"],
  /** everyone's annotations side by side, final decisions, gold references */
  "adjudication.write": ["ADJUDICATOR", "MANAGER"],
  /** agreement dashboards and score tables */
  "report.read": ["ADJUDICATOR", "MANAGER"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function rolesGrant(roles: readonly Role[], permission: Permission): boolean {
  const allowed: readonly Role[] = PERMISSIONS[permission];
  return roles.some((r) => allowed.includes(r));
}

/**
 * Site admins may manage and read every project, but annotating stays personal: an admin
 * annotates only where they hold the ANNOTATOR role, so their labels are never anonymous.
 */
export function adminGrants(permission: Permission): boolean {
  return permission !== "annotation.write";
}

/** What a member with these roles (and site-admin flag) may do: the project guard's rule, for UI that shows only what is allowed. */
export function accessGrants(roles: readonly Role[], isAdmin: boolean, permission: Permission): boolean {
  return rolesGrant(roles, permission) || (isAdmin && adminGrants(permission));
}
