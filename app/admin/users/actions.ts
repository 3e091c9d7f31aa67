"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { setProjectCreator } from "@/lib/db/projects/creators";
import { adminAction } from "@/lib/http/server-action";

const ZSetProjectCreator = z.object({ userId: z.string().min(1).max(64), on: z.boolean() });

/** Site admins give or take the project creator right (issue 29 point 3); audited. */
export const setProjectCreatorAction = adminAction(ZSetProjectCreator, async (input, user) => {
  const saved = await setProjectCreator(getDb(), { id: input.userId }, input.on, user.id, "web");
  revalidatePath("/admin/users");
  return saved;
});
