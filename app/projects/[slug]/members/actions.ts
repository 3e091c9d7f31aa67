"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { setMemberRoles } from "@/lib/db/members";
import { projectAction } from "@/lib/http/server-action";

const ZSetMemberRolesInput = z.object({
  slug: z.string().min(1),
  email: z.string().trim().email(),
  roles: z.array(z.enum(["MANAGER", "ANNOTATOR", "ADJUDICATOR"])).max(3),
});

/** Add a member, change their roles, or remove them (empty roles). Managers only. */
export const setMemberRolesAction = projectAction("project.manage", ZSetMemberRolesInput, async (input, access) => {
  await setMemberRoles(getDb(), { projectId: access.project.id, actorId: access.user.id, email: input.email, roles: input.roles });
  revalidatePath(`/projects/${input.slug}/members`);
  return { email: input.email.toLowerCase(), roles: input.roles };
});
