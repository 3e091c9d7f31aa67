// Gold references: the adjudicator picks the best post-edit (or a system output) for a segment
// and kind, or edits one; the row keeps its provenance (sourcePostEditId / sourceTranslationId,
// approvedById) and every change appends History. One gold per (segment, target language, kind).
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { EDIT_KIND_CODES, ZEditKindCode, type TEditKindCode } from "@/lib/schemes/presets/built-in-codes";
import { MAX_POST_EDIT_LENGTH } from "@/lib/schemes/text-limits";
import { projectTargetLangs } from "@/lib/projects/target-languages";

export interface TSaveGoldInput {
  projectId: string;
  language: string;
  approvedById: string;
  segmentId: string;
  kind: TEditKindCode;
  text: string;
  sourcePostEditId?: string | null;
  sourceTranslationId?: string | null;
  baseVersion: number;
}

export async function saveGoldReference(db: Db, input: TSaveGoldInput) {
  const text = input.text;
  // GoldReference.kind is text: one of the MMTE preset's edit variants (lib/schemes/presets/built-in-codes.ts)
  if (!ZEditKindCode.safeParse(input.kind).success) throw new AppError("BAD_REQUEST", `Invalid kind: ${JSON.stringify(input.kind)} is not one of ${EDIT_KIND_CODES.join(", ")}.`, { field: "kind" });
  if (text.trim() === "") throw new AppError("BAD_REQUEST", "Invalid text: a gold reference cannot be empty.", { field: "text" });
  if (text.length > MAX_POST_EDIT_LENGTH) throw new AppError("BAD_REQUEST", `Invalid text: at most ${MAX_POST_EDIT_LENGTH} characters.`, { field: "text" });
  return db.$transaction(async (tx) => {
    const segment = await tx.segment.findFirst({ where: { id: input.segmentId, projectId: input.projectId }, select: { id: true, project: { select: { targetLang: true, targetLangs: true } } } });
    if (!segment) throw new AppError("NOT_FOUND", "Segment not found in this project.");
    const languages = projectTargetLangs(segment.project);
    if (!languages.includes(input.language)) throw new AppError("BAD_REQUEST", `Invalid language: "${input.language}" is not a target language of this project (${languages.join(", ")}).`, { field: "language" });
    // a reference is of one language: it comes from a post-edit or an output in that language
    if (input.sourcePostEditId) {
      const pe = await tx.postEdit.findFirst({ where: { id: input.sourcePostEditId, projectId: input.projectId, segmentId: input.segmentId, language: input.language } });
      if (!pe) throw new AppError("NOT_FOUND", `Post-edit not found for this segment in "${input.language}".`);
    }
    if (input.sourceTranslationId) {
      const t = await tx.translation.findFirst({ where: { id: input.sourceTranslationId, segmentId: input.segmentId, language: input.language } });
      if (!t) throw new AppError("NOT_FOUND", `Translation not found for this segment in "${input.language}".`);
    }
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "GoldReference" WHERE "segmentId" = ${input.segmentId} AND language = ${input.language} AND kind = ${input.kind} FOR UPDATE`;
    const existing = locked[0] ? await tx.goldReference.findUniqueOrThrow({ where: { id: locked[0].id } }) : null;
    if ((existing?.version ?? 0) !== input.baseVersion) {
      throw new AppError("CONFLICT", "The gold reference was changed meanwhile; review it before saving.", {
        current: existing ? { text: existing.text, version: existing.version, updatedAt: existing.updatedAt } : null,
      });
    }
    const data = {
      text,
      sourcePostEditId: input.sourcePostEditId ?? null,
      sourceTranslationId: input.sourceTranslationId ?? null,
      approvedById: input.approvedById,
    };
    const saved = existing
      ? await tx.goldReference.update({ where: { id: existing.id }, data: { ...data, version: { increment: 1 } } })
      : await tx.goldReference.create({ data: { ...data, projectId: input.projectId, segmentId: input.segmentId, language: input.language, kind: input.kind } });
    const snap = (g: typeof saved) => ({ text: g.text, sourcePostEditId: g.sourcePostEditId, sourceTranslationId: g.sourceTranslationId, approvedById: g.approvedById });
    await tx.history.create({
      data: {
        projectId: input.projectId,
        userId: input.approvedById,
        entity: "GOLD_REFERENCE",
        entityId: saved.id,
        version: saved.version,
        oldValue: existing ? (snap(existing) as Prisma.InputJsonValue) : undefined,
        newValue: snap(saved) as Prisma.InputJsonValue,
      },
    });
    return { id: saved.id, version: saved.version };
  });
}
