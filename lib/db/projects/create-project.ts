// Creating a project: the one path for `tropos project create` and the browser's new-project
// wizard. Project, memberships, invitations and the audit entry are written in one transaction,
// so a refused member (unknown account, CLI) leaves no half-made project behind. A project made
// from a scheme file stores it as the first ProjectScheme version in the same transaction, and so
// does one made from a built-in preset (mmte, metahope, both): the preset of its parts, as data.
import type { Db } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors";
import { schemeConfigFor } from "@/lib/schemes/presets/parts-choice";
import { DEFAULT_PROJECT_SETTINGS, projectSettingsOf } from "@/lib/schemes/scheme-config";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { ZNewProjectInput, type TNewProjectInput } from "@/lib/projects/new-project-input";
import { createInvitationTx, type CreatedInvitation } from "@/lib/db/projects/invitations";
import { storePresetOfPartsVersion } from "@/lib/db/projects/project-schemes";

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
    /**
     * A scheme from a file instead of the preset: stored as version 1 (with the default settings);
     * `scheme` of the input is then not used.
     */
    definition?: { scheme: TSchemeDefinition; note?: string };
  },
): Promise<CreatedProject> {
  const input = ZNewProjectInput.parse(raw);
  const definition = opts.definition ? ZSchemeDefinition.parse(opts.definition.scheme) : undefined;
  try {
    return await db.$transaction(async (tx) => {
      if (await tx.project.findUnique({ where: { slug: input.slug }, select: { id: true } })) throw slugTaken(input.slug);
      const emails = [...new Set(input.members.map((m) => m.email))];
      const users = await tx.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
      const idByEmail = new Map(users.map((u) => [u.email, u.id]));
      const missing = emails.filter((e) => !idByEmail.has(e));
      if (missing.length && !opts.inviteMissing) throw new AppError("NOT_FOUND", `No user with the email ${missing[0]}.`, { field: "members", email: missing[0] });

      // the preset's parts become its first version; only the settings are stored with the project
      const parts = definition ? null : schemeConfigFor(input.scheme, input.parts);
      const project = await tx.project.create({
        data: { slug: input.slug, name: input.name, sourceLang: input.sourceLang, targetLang: input.targetLang[0], targetLangs: input.targetLang, schemeConfig: projectSettingsOf(parts ?? DEFAULT_PROJECT_SETTINGS) },
        select: { id: true, slug: true, name: true },
      });
      if (definition) {
        await tx.projectScheme.create({ data: { projectId: project.id, version: 1, definition, createdById: opts.actorId, note: opts.definition?.note ?? null } });
      } else {
        await storePresetOfPartsVersion(tx, project.id, parts!, { actorId: opts.actorId, note: `preset ${input.scheme}` });
      }
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
          detail: { via: opts.via, scheme: definition ? `file:${definition.id}` : input.scheme, sourceLang: input.sourceLang, targetLang: input.targetLang.join(","), members: added, invited: invitations.map((i) => ({ email: i.email, role: i.role })) },
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
