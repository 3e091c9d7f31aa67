// The guard for server-rendered pages: not signed in → sign-in page; not a member → 404;
// member without the permission → the 403 page (app/forbidden.tsx).
import { forbidden, notFound, redirect } from "next/navigation";
import { getPgPool } from "@/lib/db/pg-pool";
import { getCurrentUser, type CurrentUser } from "@/lib/auth/current-user";
import { authorizeAdmin, authorizeProject, type ProjectAccess } from "@/lib/authz/authorize-project";
import type { Permission } from "@/lib/authz/permissions";
import { isAppError } from "@/lib/errors";

export async function requireUser(callbackUrl = "/projects"): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  return user;
}

export async function requireProjectPage(slug: string, permission: Permission, path: string): Promise<ProjectAccess> {
  const user = await requireUser(path);
  try {
    return await authorizeProject(getPgPool(), user, slug, permission);
  } catch (e) {
    if (isAppError(e) && e.code === "FORBIDDEN") forbidden();
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
}

/** Site-level pages (the new-project wizard): site admins only, others get the 403 page. */
export async function requireAdminPage(path: string): Promise<CurrentUser> {
  const user = await requireUser(path);
  try {
    return authorizeAdmin(user);
  } catch (e) {
    if (isAppError(e) && e.code === "FORBIDDEN") forbidden();
    throw e;
  }
}
