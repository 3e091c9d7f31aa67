// Each integration test file seeds its own project with unique slugs and emails.
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/errors";
import type { Db } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";

export async function makeUser(db: Db, opts: { isAdmin?: boolean; tag?: string } = {}) {
  const email = `${opts.tag ?? "u"}-${randomUUID().slice(0, 8)}@test.tropos`;
  return db.user.create({ data: { email, name: email, isAdmin: opts.isAdmin ?? false } });
}

/** `targetLang`: the project's one target language (a translation in another is refused at import, issue 19) */
export async function makeProject(db: Db, members: { userId: string; roles: Role[] }[] = [], opts: { sourceLang?: string; targetLang?: string } = {}) {
  const slug = `p-${randomUUID().slice(0, 8)}`;
  const targetLang = opts.targetLang ?? "zh";
  const project = await db.project.create({ data: { slug, name: `Project ${slug}`, sourceLang: opts.sourceLang ?? "en", targetLang, targetLangs: [targetLang] } });
  await db.projectMember.createMany({
    data: members.flatMap((m) => m.roles.map((role) => ({ projectId: project.id, userId: m.userId, role }))),
  });
  return project;
}

/** The AppError a promise rejects with; any other error is rethrown, and a fulfilled promise fails the test. */
export async function rejection(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a rejection");
}

/**
 * Makes the people a test's import names by email members of the project (accounts made when
 * missing): an import stores work only under members of the project, and any other rater it names
 * becomes the project's own placeholder rater (issue 27, point 7).
 */
export async function addMembersByEmail(db: Db, projectId: string, emails: string[], roles: Role[] = ["ANNOTATOR"]) {
  for (const email of emails) {
    const u = await db.user.upsert({ where: { email }, update: {}, create: { email } });
    await db.projectMember.createMany({ data: roles.map((role) => ({ projectId, userId: u.id, role })), skipDuplicates: true });
  }
}
