"use server";
// The notification bell's action: marks the caller's own notifications of the project read (anyone
// in the project; only their own rows).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { markNotificationsRead } from "@/lib/db/notifications/notifications";
import { projectAction } from "@/lib/http/server-action";

export const markNotificationsReadAction = projectAction("project.read", z.object({ slug: z.string().min(1) }), async (input, access) => {
  const read = await markNotificationsRead(getDb(), access.project.id, access.user.id);
  revalidatePath(`/projects/${input.slug}`, "layout");
  return { read };
});
