// Save the gold reference of a segment (figurative or literal): a chosen post-edit or system
// output, possibly edited, with its provenance.
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { saveGoldReference } from "@/lib/db/adjudication/gold-references";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";
import { ZEditKindCode } from "@/lib/schemes/presets/built-in-codes";

export const dynamic = "force-dynamic";

const ZSaveGoldInput = z.object({
  segmentId: z.string().min(1),
  kind: ZEditKindCode,
  text: z.string().max(5000),
  sourcePostEditId: z.string().min(1).nullable().optional(),
  sourceTranslationId: z.string().min(1).nullable().optional(),
  baseVersion: z.number().int().min(0),
  /** the target language of the reference (a study over several); default the project's first */
  language: z.string().min(1).max(35).optional(),
});

export const PUT = withProject<{ slug: string }>("adjudication.write", async (req, { access }) => {
  const input = await parseJsonBody(req, ZSaveGoldInput);
  const saved = await saveGoldReference(getDb(), { ...input, projectId: access.project.id, language: input.language ?? access.project.targetLang, approvedById: access.user.id });
  return NextResponse.json(saved);
});
