"use server";
import { revalidatePath } from "next/cache";
import { getDb } from "@/lib/db/client";
import { createProject } from "@/lib/db/create-project";
import { ZNewProjectInput } from "@/lib/projects/new-project-input";
import { adminAction } from "@/lib/http/server-action";
import { invitationUrl, logInvitation } from "@/lib/http/invitation-link";

/**
 * The new-project wizard's last step. Site admins only (a project is a site-level resource, as in
 * `tropos project create`); members without an account are invited, and their links are returned
 * once (and printed to the server log).
 */
export const createProjectAction = adminAction(ZNewProjectInput, async (input, user) => {
  const created = await createProject(getDb(), input, { actorId: user.id, via: "web", inviteMissing: true });
  const invitations = [];
  for (const inv of created.invitations) {
    const url = await invitationUrl(inv.token);
    logInvitation({ ...inv, url }, created.project.slug);
    invitations.push({ email: inv.email, role: inv.role, url, expiresAt: inv.expiresAt.toISOString() });
  }
  revalidatePath("/projects");
  return { slug: created.project.slug, name: created.project.name, added: created.added, invitations };
});
