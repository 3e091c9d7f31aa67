"use server";
// Gold-check settings (managers only, issue 31 points 1–2): the qualification set and its pass
// mark (and each field's own mark and tolerance), the hidden checks and their share. Items by external id, one per line or comma-separated.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { projectAction } from "@/lib/http/server-action";
import { setGoldCheckSettings } from "@/lib/db/gold-checks/gold-check-settings";
import { ZGoldFieldRules } from "@/lib/gold-checks/field-rules";

const ZIds = z.string().max(200_000).transform((s) => s.split(/[\s,]+/).map((x) => x.trim()).filter(Boolean));

const ZGoldChecksInput = z.object({
  slug: z.string().min(1),
  qualification: ZIds,
  passMark: z.coerce.number().min(0, "the pass mark is between 0 and 1").max(1, "the pass mark is between 0 and 1"),
  checks: ZIds,
  checkShare: z.coerce.number().min(0, "the share is between 0 and 0.5").max(0.5, "the share is between 0 and 0.5"),
  /** every gold field's rules as the form has them (an absent field: no rule of its own) */
  fieldRules: ZGoldFieldRules.optional(),
});

export const setGoldChecksAction = projectAction("project.manage", ZGoldChecksInput, async (input, access) => {
  const s = await setGoldCheckSettings(getDb(), { projectId: access.project.id, actorId: access.user.id, via: "web", ...input });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return { qualification: s.qualification.length, checks: s.checks.length };
});
