"use server";
// An annotator starts a new qualification attempt after a failed one (issue 31 point 1): their
// values of the qualification items go, the items reopen; the scored attempts stay.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { projectAction } from "@/lib/http/server-action";
import { startNewQualificationAttempt } from "@/lib/db/gold-checks/qualification";

export const startQualificationAttemptAction = projectAction("annotation.write", z.object({ slug: z.string().min(1) }), async (input, access) => {
  await startNewQualificationAttempt(getDb(), access.project.id, access.user.id);
  revalidatePath(`/projects/${input.slug}/queue`);
  return { ok: true };
});
