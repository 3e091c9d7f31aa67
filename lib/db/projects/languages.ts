// Changing a project's target languages (Settings, `tropos project update --target-lang`). Adding
// one is always allowed; removing one is refused while translations or annotator groups are in it
// (they would fall out of every view), naming how many. The first becomes the primary language:
// the language of annotators in no group, so changing it is refused while such annotators have
// work in the old one (they would stop seeing it).
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { projectTargetLangs } from "@/lib/projects/target-languages";

export async function updateTargetLanguages(db: Db, opts: { projectId: string; targetLangs: string[]; actorId: string | null }): Promise<string[]> {
  const next = opts.targetLangs;
  if (!next.length) throw new AppError("BAD_REQUEST", "Give at least one target language.", { field: "targetLangs" });
  return db.$transaction(async (tx) => {
    const project = await tx.project.findUniqueOrThrow({ where: { id: opts.projectId }, select: { targetLang: true, targetLangs: true } });
    const before = projectTargetLangs(project);
    for (const gone of before.filter((l) => !next.includes(l))) {
      const [translations, groups] = await Promise.all([
        tx.translation.count({ where: { language: gone, segment: { projectId: opts.projectId } } }),
        tx.annotatorGroup.count({ where: { projectId: opts.projectId, language: gone } }),
      ]);
      if (translations || groups) {
        const what = [translations ? `${translations} translation${translations === 1 ? "" : "s"}` : null, groups ? `${groups} annotator group${groups === 1 ? "" : "s"}` : null].filter(Boolean).join(" and ");
        throw new AppError("CONFLICT", `The project has ${what} in "${gone}"; a target language in use cannot be removed.`, { field: "targetLangs", language: gone });
      }
    }
    if (next[0] !== project.targetLang) {
      // annotators in no group work in the primary language: moving it must not hide their work
      const rows = await tx.$queryRaw<{ email: string; n: number }[]>`
        SELECT u.email, count(*)::int AS n FROM "Annotation" a JOIN "Translation" t ON t.id = a."translationId" JOIN "User" u ON u.id = a."annotatorId"
        WHERE a."projectId" = ${opts.projectId} AND t.language = ${project.targetLang}
          AND NOT EXISTS (SELECT 1 FROM "AnnotatorGroupMember" gm WHERE gm."projectId" = ${opts.projectId} AND gm."userId" = a."annotatorId")
        GROUP BY u.email ORDER BY u.email LIMIT 1`;
      if (rows[0]) {
        throw new AppError("CONFLICT", `${rows[0].email} is in no annotator group and has ${rows[0].n} value${rows[0].n === 1 ? "" : "s"} in "${project.targetLang}"; put them in a "${project.targetLang}" group before making "${next[0]}" the first language.`, { field: "targetLangs" });
      }
    }
    await tx.project.update({ where: { id: opts.projectId }, data: { targetLang: next[0], targetLangs: next } });
    await tx.auditLog.create({ data: { projectId: opts.projectId, userId: opts.actorId, action: "project.targetLangs", detail: { from: before, to: next } } });
    return next;
  });
}
