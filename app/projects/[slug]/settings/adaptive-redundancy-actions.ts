"use server";
// The adaptive redundancy rule of a field (issue 31 point 3), from Settings: managers only, checked
// against the project's scheme (lib/db/assignments/adaptive-redundancy.ts), logged.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { projectAction } from "@/lib/http/server-action";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { deleteAdaptiveRule, setAdaptiveRule } from "@/lib/db/assignments/adaptive-redundancy";

const ZSlug = z.object({ slug: z.string().min(1) });

/** The rule itself is parsed by setAdaptiveRule against the scheme, so its messages name the field. */
export const setAdaptiveRuleAction = projectAction("project.manage", ZSlug.extend({ rule: z.unknown() }), async (input, access) => {
  const { definition } = await getProjectRuntime(getDb(), access.project.id);
  const rule = await setAdaptiveRule(getDb(), { projectId: access.project.id, definition, input: input.rule, actorId: access.user.id });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return rule;
});

export const deleteAdaptiveRuleAction = projectAction("project.manage", ZSlug.extend({ field: z.string().min(1).max(200) }), async (input, access) => {
  const removed = await deleteAdaptiveRule(getDb(), { projectId: access.project.id, field: input.field, actorId: access.user.id });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return { removed };
});
