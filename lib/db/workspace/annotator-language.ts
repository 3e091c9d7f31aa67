// The one target language an annotator works in, per project (issue 19 point 1): the language of
// their annotator group, else the project's primary target language. Every annotator read and
// write of translations goes through it: the item shows only that language's translations, a save
// to a translation in another language is "not found", and post-edits are stored in it. So a
// member of an EN→ZH group never sees EN→IT work, and the other way round.
//
// Why one language and not a set: MMTE's annotators are native speakers of one target language,
// and one language per annotator keeps an item, its completeness and its post-edits (one
// figurative and one literal per segment) unambiguous. Group membership enforces it
// (lib/db/projects/annotator-groups.ts refuses a second language).
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * SQL for the annotator's language, given SQL expressions for the project id and the user id
 * (e.g. "$1", "$2"): a scalar subquery, usable inside any statement.
 */
export function annotatorLanguageSql(projectIdSql: string, userIdSql: string): string {
  return `COALESCE(
    (SELECT g.language FROM "AnnotatorGroupMember" gm JOIN "AnnotatorGroup" g ON g.id = gm."groupId"
      WHERE gm."projectId" = ${projectIdSql} AND gm."userId" = ${userIdSql} ORDER BY g.name LIMIT 1),
    (SELECT p."targetLang" FROM "Project" p WHERE p.id = ${projectIdSql}))`;
}

/** The annotator's language in the project (the primary target language when in no group). */
export async function getAnnotatorLanguage(db: Db | Prisma.TransactionClient, opts: { projectId: string; userId: string }): Promise<string> {
  const rows = await db.$queryRawUnsafe<{ language: string | null }[]>(`SELECT ${annotatorLanguageSql("$1", "$2")} AS language`, opts.projectId, opts.userId);
  return rows[0]?.language ?? "";
}
