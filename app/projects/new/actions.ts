"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { createProject } from "@/lib/db/projects/create-project";
import { ZNewProjectInput } from "@/lib/projects/new-project-input";
import { ZNewProjectSchemeSource } from "@/lib/projects/new-project-scheme";
import { resolveNewProjectScheme } from "@/lib/db/projects/new-project-scheme";
import { authorizeProjectCreator } from "@/lib/db/projects/creators";
import { publicAction } from "@/lib/http/server-action";
import { invitationUrl, logInvitation } from "@/lib/http/invitation-link";

/**
 * The project's fields and, apart, where its scheme comes from (a preset, a file, another
 * project); without `source`, the built-in preset its `scheme` names (the earlier shape).
 */
const ZSchemeSourceOf = z.object({ source: ZNewProjectSchemeSource.optional(), scheme: z.unknown().optional() });

/**
 * The new-project wizard's last step. Site admins and accounts with the project creator right
 * (lib/db/projects/creators.ts); a creator who is not a site admin always manages the project they
 * create (else they could not open it). Members without an account are invited, and their links
 * are returned once (and printed to the server log).
 */
// z.unknown(): the caller's right is checked before the input is read
export const createProjectAction = publicAction(z.unknown(), async (raw, signedIn) => {
  const db = getDb();
  const user = await authorizeProjectCreator(db, signedIn);
  const fields = ZNewProjectInput.parse(raw);
  const source = ZSchemeSourceOf.parse(raw).source ?? { kind: "preset" as const, preset: fields.scheme };
  const resolved = await resolveNewProjectScheme(db, user, source);
  const members = user.isAdmin || fields.members.some((m) => m.email === user.email.toLowerCase() && m.role === "MANAGER") ? fields.members : [{ email: user.email.toLowerCase(), role: "MANAGER" as const }, ...fields.members];
  const created = await createProject(db, { ...fields, members, scheme: resolved.preset, parts: resolved.definition ? [] : fields.parts }, { actorId: user.id, via: "web", inviteMissing: true, definition: resolved.definition });
  const invitations = [];
  for (const inv of created.invitations) {
    const url = await invitationUrl(inv.token);
    logInvitation({ ...inv, url }, created.project.slug);
    invitations.push({ email: inv.email, role: inv.role, url, expiresAt: inv.expiresAt.toISOString() });
  }
  revalidatePath("/projects");
  return { slug: created.project.slug, name: created.project.name, added: created.added, invitations };
});
