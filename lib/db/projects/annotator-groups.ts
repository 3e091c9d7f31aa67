// Annotator groups (issue 19 point 1): a set of annotators bound to one target language and a
// slice of the corpus, as MMTE ran its study (six groups of three, three per language pair).
// Membership decides which translations an annotator sees (lib/db/workspace/annotator-language.ts), so the
// rules here protect work already done:
//   - an annotator belongs to groups of one language per project (one language per annotator);
//   - joining or leaving a group never hides work: an annotator whose annotations, error spans or
//     post-edits are in another language than the one they would move to is refused, naming how
//     many values would be hidden. A post-edit of the one runtime is a value of an edit field
//     anchored to no translation (MMTE's and MetaHOPE's are per segment): it is in the language the
//     annotator works in, so any language change would show it as a post-edit of the other one;
//   - a group's language is one of the project's target languages, and its documents exist.
import type { Db } from "@/lib/db/client";
import type { Split } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors";
import { projectTargetLangs } from "@/lib/projects/target-languages";
import { getAnnotatorLanguage } from "@/lib/db/workspace/annotator-language";
import { getProjectScheme } from "@/lib/db/projects/project-schemes";
import { editBaseKind } from "@/lib/workspace/edit-base";

export interface TAnnotatorGroup {
  id: string;
  name: string;
  language: string;
  split: Split | null;
  documents: string[];
  members: { userId: string; email: string; name: string | null }[];
}

/** The project's groups, by name, with their members (by email). */
export async function listAnnotatorGroups(db: Db, projectId: string): Promise<TAnnotatorGroup[]> {
  const groups = await db.annotatorGroup.findMany({
    where: { projectId },
    orderBy: { name: "asc" },
    select: { id: true, name: true, language: true, split: true, documents: true, members: { select: { user: { select: { id: true, email: true, name: true } } } } },
  });
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    language: g.language,
    split: g.split,
    documents: g.documents,
    members: g.members.map((m) => ({ userId: m.user.id, email: m.user.email, name: m.user.name })).sort((a, b) => a.email.localeCompare(b.email)),
  }));
}

export async function findAnnotatorGroup(db: Db, projectId: string, name: string) {
  const g = await db.annotatorGroup.findUnique({ where: { projectId_name: { projectId, name } }, select: { id: true, name: true, language: true, split: true, documents: true } });
  if (!g) throw new AppError("NOT_FOUND", `The project has no annotator group "${name}".`, { field: "group" });
  return g;
}

/** Creates a group, with its first members if given: all or nothing (a refused member leaves no group). */
export async function createAnnotatorGroup(
  db: Db,
  opts: { projectId: string; name: string; language: string; split?: Split | null; documents?: string[]; members?: string[] },
): Promise<{ id: string }> {
  const project = await db.project.findUniqueOrThrow({ where: { id: opts.projectId }, select: { targetLang: true, targetLangs: true } });
  const langs = projectTargetLangs(project);
  if (!langs.includes(opts.language)) {
    throw new AppError("BAD_REQUEST", `"${opts.language}" is not a target language of this project (${langs.join(", ")}).`, { field: "language" });
  }
  const documents = [...new Set(opts.documents ?? [])];
  if (documents.length) {
    const found = await db.document.findMany({ where: { projectId: opts.projectId, externalId: { in: documents } }, select: { externalId: true } });
    const missing = documents.filter((d) => !found.some((f) => f.externalId === d));
    if (missing.length) throw new AppError("BAD_REQUEST", `No document ${missing.map((m) => `"${m}"`).join(", ")} in this project.`, { field: "documents" });
  }
  if (await db.annotatorGroup.findUnique({ where: { projectId_name: { projectId: opts.projectId, name: opts.name } }, select: { id: true } })) {
    throw new AppError("CONFLICT", `The project has a group "${opts.name}" already.`, { field: "name" });
  }
  const group = await db.annotatorGroup.create({
    data: { projectId: opts.projectId, name: opts.name, language: opts.language, split: opts.split ?? null, documents },
    select: { id: true },
  });
  if (opts.members?.length) {
    try {
      await addAnnotatorGroupMembers(db, { projectId: opts.projectId, group: opts.name, emails: opts.members });
    } catch (e) {
      await db.annotatorGroup.delete({ where: { id: group.id } });
      throw e;
    }
  }
  return group;
}

/**
 * The project's edit fields whose values are in the target language but anchored to no
 * translation (a segment's post-edit): their language is the one the annotator works in. An edit
 * that starts from the source is left out (it is not a translation's text).
 */
async function targetEditFieldsWithoutTranslation(db: Db, projectId: string): Promise<string[]> {
  const scheme = await getProjectScheme(db, projectId);
  const fields = (scheme?.definition.fields ?? []).filter((f) => f.kind === "edit" && f.scope !== "translation" && f.scope !== "mrw-translation" && editBaseKind(f) !== "source");
  return [...new Set(fields.map((f) => f.id))];
}

/**
 * How many of the user's values in the project are in another language than `language`
 * (annotations and error spans on translations; post-edits of the earlier release by their
 * language), when they move from the language `from`: then their values of the edit fields
 * anchored to no translation (targetEditFieldsWithoutTranslation), which are in `from`, count too.
 */
async function workOutside(db: Db, opts: { projectId: string; userId: string; language: string; from: string }): Promise<number> {
  const editFields = opts.from === opts.language ? [] : await targetEditFieldsWithoutTranslation(db, opts.projectId);
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT (
      (SELECT count(*) FROM "Annotation" a JOIN "Translation" t ON t.id = a."translationId"
        WHERE a."projectId" = ${opts.projectId} AND a."annotatorId" = ${opts.userId} AND t.language <> ${opts.language})
    + (SELECT count(*) FROM "Annotation" a
        WHERE a."projectId" = ${opts.projectId} AND a."annotatorId" = ${opts.userId} AND a."translationId" IS NULL AND a.field = ANY(${editFields}::text[]) AND a.value <> 'null'::jsonb)
    + (SELECT count(*) FROM "ErrorSpan" e JOIN "Translation" t ON t.id = e."translationId"
        WHERE e."projectId" = ${opts.projectId} AND e."annotatorId" = ${opts.userId} AND e."deletedAt" IS NULL AND t.language <> ${opts.language})
    + (SELECT count(*) FROM "PostEdit" p WHERE p."projectId" = ${opts.projectId} AND p."annotatorId" = ${opts.userId} AND p.language <> ${opts.language})
    )::int AS n`;
  return rows[0]?.n ?? 0;
}

function hiddenWorkError(email: string, n: number, language: string): AppError {
  return new AppError(
    "CONFLICT",
    `${email} has ${n} value${n === 1 ? "" : "s"} on translations in another language than ${language}; they would no longer see ${n === 1 ? "it" : "them"}. An annotator works in one language per project.`,
    { field: "members", email, values: n },
  );
}

/**
 * Adds users (by email) to a group; they get the ANNOTATOR role in the project if they lack it.
 * All or nothing: one refused user refuses the call. Returns how many were added.
 */
export async function addAnnotatorGroupMembers(db: Db, opts: { projectId: string; group: string; emails: string[] }): Promise<number> {
  const group = await findAnnotatorGroup(db, opts.projectId, opts.group);
  const emails = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const users = await db.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
  const unknown = emails.filter((e) => !users.some((u) => u.email === e));
  if (unknown.length) throw new AppError("NOT_FOUND", `No user with the email ${unknown.join(", ")}.`, { field: "members" });
  return db.$transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (const u of users) {
      const other = await tx.annotatorGroupMember.findFirst({
        where: { projectId: opts.projectId, userId: u.id, group: { language: { not: group.language } } },
        select: { group: { select: { name: true, language: true } } },
      });
      if (other) {
        throw new AppError("CONFLICT", `${u.email} is in group "${other.group.name}" (${other.group.language}); an annotator works in one language per project, so they cannot join group "${group.name}" (${group.language}).`, { field: "members", email: u.email });
      }
      const from = await getAnnotatorLanguage(t, { projectId: opts.projectId, userId: u.id });
      const n = await workOutside(t, { projectId: opts.projectId, userId: u.id, language: group.language, from });
      if (n > 0) throw hiddenWorkError(u.email, n, group.language);
    }
    await tx.projectMember.createMany({ data: users.map((u) => ({ projectId: opts.projectId, userId: u.id, role: "ANNOTATOR" as const })), skipDuplicates: true });
    const res = await tx.annotatorGroupMember.createMany({ data: users.map((u) => ({ groupId: group.id, projectId: opts.projectId, userId: u.id })), skipDuplicates: true });
    return res.count;
  });
}

/** Removes a user from a group; refused when they would lose sight of their work (see above). */
export async function removeAnnotatorGroupMember(db: Db, opts: { projectId: string; group: string; email: string }): Promise<void> {
  const group = await findAnnotatorGroup(db, opts.projectId, opts.group);
  const email = opts.email.trim().toLowerCase();
  const member = await db.annotatorGroupMember.findFirst({ where: { groupId: group.id, user: { email } }, select: { id: true, userId: true } });
  if (!member) throw new AppError("NOT_FOUND", `${email} is not in group "${group.name}".`, { field: "email" });
  await db.$transaction(async (tx) => {
    await tx.annotatorGroupMember.delete({ where: { id: member.id } });
    // the language they work in afterwards: another group's (same language), else the primary one
    const after = await tx.annotatorGroupMember.findFirst({ where: { projectId: opts.projectId, userId: member.userId }, select: { group: { select: { language: true } } } });
    const project = await tx.project.findUniqueOrThrow({ where: { id: opts.projectId }, select: { targetLang: true } });
    const language = after?.group.language ?? project.targetLang;
    if (language !== group.language) {
      const n = await workOutside(tx as unknown as Db, { projectId: opts.projectId, userId: member.userId, language, from: group.language });
      if (n > 0) throw hiddenWorkError(email, n, language);
    }
  });
}
