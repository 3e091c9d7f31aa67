// Creating a project: the one path for `tropos project create` and the browser's new-project
// wizard. Project, memberships, invitations and the audit entry are written in one transaction,
// so a refused member (unknown account, CLI) leaves no half-made project behind.
import type { Db } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors";
import { schemeConfigFor } from "@/lib/schemes/scheme-preset";
import { ZNewProjectInput, type TNewProjectInput } from "@/lib/projects/new-project-input";
import { createInvitationTx, type CreatedInvitation } from "@/lib/db/invitations";

export interface CreatedProject {
  project: { id: string; slug: string; name: string };
  /** existing accounts that got their role */
  added: { email: string; role: Role }[];
  /** emails without an account: invited (the tokens are only here, shown once) */
  invitations: CreatedInvitation[];
}

const slugTaken = (slug: string) => new AppError("CONFLICT", `A project with the slug "${slug}" exists already.`, { field: "slug" });

export async function createProject(
  db: Db,
  raw: TNewProjectInput,
  opts: {
    /** who creates it (audit log, invitations); null from the CLI */
    actorId: string | null;
    via: "cli" | "web";
    /** members without an account: invite them (web) or refuse (CLI, which cannot show a link) */
    inviteMissing: boolean;
  },
): Promise<CreatedProject> {
  const input = ZNewProjectInput.parse(raw);
  try {
    return await db.$transaction(async (tx) => {
      if (await tx.project.findUnique({ where: { slug: input.slug }, select: { id: true } })) throw slugTaken(input.slug);
      const emails = [...new Set(input.members.map((m) => m.email))];
      const users = await tx.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
      const idByEmail = new Map(users.map((u) => [u.email, u.id]));
      const missing = emails.filter((e) => !idByEmail.has(e));
      if (missing.length && !opts.inviteMissing) throw new AppError("NOT_FOUND", `No user with the email ${missing[0]}.`, { field: "members", email: missing[0] });

      const project = await tx.project.create({
        data: { slug: input.slug, name: input.name, sourceLang: input.sourceLang, targetLang: input.targetLang, schemeConfig: schemeConfigFor(input.scheme) },
        select: { id: true, slug: true, name: true },
      });
      const added: CreatedProject["added"] = [];
      const invitations: CreatedInvitation[] = [];
      const seen = new Set<string>();
      for (const m of input.members) {
        const key = `${m.email} ${m.role}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const userId = idByEmail.get(m.email);
        if (userId) {
          await tx.projectMember.create({ data: { projectId: project.id, userId, role: m.role } });
          added.push({ email: m.email, role: m.role });
        } else {
          invitations.push(await createInvitationTx(tx, { projectId: project.id, email: m.email, role: m.role, invitedById: opts.actorId }));
        }
      }
      await tx.auditLog.create({
        data: {
          projectId: project.id,
          userId: opts.actorId,
          action: "project.create",
          detail: { via: opts.via, scheme: input.scheme, sourceLang: input.sourceLang, targetLang: input.targetLang, members: added, invited: invitations.map((i) => ({ email: i.email, role: i.role })) },
        },
      });
      return { project, added, invitations };
    });
  } catch (e) {
    // two creators racing for one slug: the unique index decides, reported like the check above
    if ((e as { code?: string }).code === "P2002") throw slugTaken(input.slug);
    throw e;
  }
}
