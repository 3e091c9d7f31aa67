"use server";
// The drift panel's action: the lead's drift window (managers only).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { DRIFT_WINDOW_RANGE, setDriftWindow } from "@/lib/db/drift/drift-data";
import { projectAction } from "@/lib/http/server-action";

const ZDriftWindowInput = z.object({
  slug: z.string().min(1),
  window: z.coerce.number().int("a whole number of items").min(DRIFT_WINDOW_RANGE.min).max(DRIFT_WINDOW_RANGE.max),
});

export const setDriftWindowAction = projectAction("project.manage", ZDriftWindowInput, async (input, access) => {
  await setDriftWindow(getDb(), access.project.id, input.window, access.user.id);
  revalidatePath(`/projects/${input.slug}/dashboard`);
  return { window: input.window };
});
