"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { setMemberRoles } from "@/lib/db/projects/members";
import { createInvitation, revokeInvitation } from "@/lib/db/projects/invitations";
import { projectAction } from "@/lib/http/server-action";
import { invitationUrl, logInvitation } from "@/lib/http/invitation-link";

const ZSetMemberRolesInput = z.object({
  slug: z.string().min(1),
  email: z.string().trim().email(),
  roles: z.array(z.enum(["MANAGER", "ANNOTATOR", "ADJUDICATOR"])).max(3),
});

/** Add a member, change their roles, or remove them (empty roles). Managers only. */
export const setMemberRolesAction = projectAction("project.manage", ZSetMemberRolesInput, async (input, access) => {
  const { withdrawn } = await setMemberRoles(getDb(), { projectId: access.project.id, actorId: access.user.id, email: input.email, roles: input.roles });
  revalidatePath(`/projects/${input.slug}/members`);
  return { email: input.email.toLowerCase(), roles: input.roles, withdrawn };
});

const ZCreateInvitationInput = z.object({
  slug: z.string().min(1),
  email: z.string().trim().toLowerCase().email("not an email address"),
  role: z.enum(["MANAGER", "ANNOTATOR", "ADJUDICATOR"]),
});

/** Invite an email into the project with one role. The link is returned once and printed to the server log. */
export const createInvitationAction = projectAction("project.manage", ZCreateInvitationInput, async (input, access) => {
  const inv = await createInvitation(getDb(), { projectId: access.project.id, email: input.email, role: input.role, invitedById: access.user.id });
  const url = await invitationUrl(inv.token);
  logInvitation({ ...inv, url }, access.project.slug);
  revalidatePath(`/projects/${input.slug}/members`);
  return { email: inv.email, role: inv.role, url, expiresAt: inv.expiresAt.toISOString() };
});

/** Withdraw a pending invitation: its link stops working at once. */
export const revokeInvitationAction = projectAction(
  "project.manage",
  z.object({ slug: z.string().min(1), invitationId: z.string().min(1).max(100) }),
  async (input, access) => {
    await revokeInvitation(getDb(), { projectId: access.project.id, invitationId: input.invitationId, actorId: access.user.id });
    revalidatePath(`/projects/${input.slug}/members`);
    return { invitationId: input.invitationId };
  },
);
