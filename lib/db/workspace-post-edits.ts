// One annotator's post-edit of a segment, by kind: MMTE's figurative / literal ones (B.5), under an
// MMTE assignment, or MetaHOPE's reference post-edit, under a MetaHOPE one. Versioned like
// annotations: a stale baseVersion is refused with the current text, and every save appends
// History. An empty text is allowed while drafting (completeness requires a non-blank one).
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { EDIT_KIND_CODES, ZEditKindCode } from "@/lib/schemes/presets/built-in-codes";
import type { TSavePostEditInput, TSaveResult } from "@/lib/workspace/api-types";
import { lockOpenAssignment, refuseGoldPostEdit } from "@/lib/db/item-write-guard";
import { postEditScheme } from "@/lib/workspace/field-scheme";
import { withSaveReceipt, type TSaveReceiptKey } from "@/lib/db/save-receipts";
import { postEditPartOn, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import { EDIT_KIND_LABELS } from "@/lib/schemes/edit-kinds";
import { getAnnotatorLanguage } from "@/lib/db/annotator-language";

export async function savePostEdit(
  db: Db,
  opts: {
    projectId: string;
    annotatorId: string;
    segmentId: string;
    input: TSavePostEditInput;
    receipt?: TSaveReceiptKey | null;
    /** the project's configuration: a kind whose part is off is refused (the API always passes it) */
    config?: TSchemeConfig;
  },
): Promise<TSaveResult> {
  const { input } = opts;
  // PostEdit.kind is text: one of the presets' edit variants (lib/schemes/presets/built-in-codes.ts)
  if (!ZEditKindCode.safeParse(input.kind).success) throw new AppError("BAD_REQUEST", `Invalid kind: ${JSON.stringify(input.kind)} is not one of ${EDIT_KIND_CODES.join(", ")}.`, { field: "kind" });
  if (opts.config && !postEditPartOn(opts.config, input.kind)) {
    throw new AppError("BAD_REQUEST", `The ${input.kind === "REFERENCE" ? "MetaHOPE post-edit" : EDIT_KIND_LABELS[input.kind].toLowerCase()} is switched off in this project.`, { field: "kind" });
  }
  // the edit is in the caller's target language, from one of that language's translations
  const language = await getAnnotatorLanguage(db, { projectId: opts.projectId, userId: opts.annotatorId });
  const seg = await db.segment.findFirst({
    where: { id: opts.segmentId, projectId: opts.projectId, assignments: { some: { annotatorId: opts.annotatorId } } },
    select: { id: true, translations: { where: { language }, select: { id: true } } },
  });
  if (!seg) throw new AppError("NOT_FOUND", "This item is not assigned to you in this project.");
  if (input.baseTranslationId && !seg.translations.some((t) => t.id === input.baseTranslationId)) {
    throw new AppError("BAD_REQUEST", "The post-edit must start from one of this segment's translations.", { field: "baseTranslationId" });
  }
  // with an idempotency key, a retry of a committed save gets its first answer (lib/db/save-receipts.ts)
  return withSaveReceipt(db, { userId: opts.annotatorId, projectId: opts.projectId, receipt: opts.receipt }, async (tx) => {
    // an open assignment of the kind's scheme, atomically with the write (lib/db/item-write-guard.ts)
    await lockOpenAssignment(tx, { projectId: opts.projectId, annotatorId: opts.annotatorId, segmentId: opts.segmentId, scheme: postEditScheme(input.kind) });
    const locked = await tx.$queryRaw<{ id: string; text: string; version: number; baseTranslationId: string | null; updatedAt: Date }[]>`
      SELECT id, text, version, "baseTranslationId", "updatedAt" FROM "PostEdit"
      WHERE "segmentId" = ${opts.segmentId} AND "annotatorId" = ${opts.annotatorId} AND kind = ${input.kind}
      FOR UPDATE`;
    const cur = locked[0];
    if (cur) await refuseGoldPostEdit(tx, cur.id);
    const curVersion = cur?.version ?? 0;
    if (curVersion !== input.baseVersion) {
      throw new AppError("CONFLICT", `This post-edit was saved elsewhere (version ${curVersion}) after the version you edited (${input.baseVersion}).`, {
        current: {
          value: cur ? { text: cur.text, baseTranslationId: cur.baseTranslationId } : null,
          version: curVersion,
          updatedAt: cur?.updatedAt.toISOString() ?? null,
        },
      });
    }
    const row = cur
      ? await tx.postEdit.update({
          where: { id: cur.id },
          data: { text: input.text, baseTranslationId: input.baseTranslationId, version: { increment: 1 } },
        })
      : await tx.postEdit.create({
          data: {
            projectId: opts.projectId,
            segmentId: opts.segmentId,
            annotatorId: opts.annotatorId,
            kind: input.kind,
            language,
            text: input.text,
            baseTranslationId: input.baseTranslationId,
          },
        });
    await tx.history.create({
      data: {
        projectId: opts.projectId,
        userId: opts.annotatorId,
        entity: "POST_EDIT",
        entityId: row.id,
        version: row.version,
        oldValue: cur ? { text: cur.text, baseTranslationId: cur.baseTranslationId } : undefined,
        newValue: { text: row.text, baseTranslationId: row.baseTranslationId, kind: row.kind },
      },
    });
    return { id: row.id, version: row.version };
  });
}
