"use server";
// Settings → Scheme (managers): save the edited scheme as the project's next version. The text is
// parsed and validated again here (the browser's check is a convenience); a change that would
// orphan stored annotations is refused with the values concerned (lib/db/projects/project-schemes.ts).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { AppError, isAppError } from "@/lib/errors";
import { projectAction } from "@/lib/http/server-action";
import { formatSchemeError, parseSchemeText } from "@/lib/schemes/language/parse-scheme-text";
import { SCHEME_MAX_CHARS } from "@/lib/schemes/language/scheme-text-limits";

const ZSave = z.object({
  slug: z.string().min(1),
  fileName: z.string().min(1).max(200),
  text: z.string().min(1, "the scheme is empty").max(SCHEME_MAX_CHARS, `a scheme is at most ${SCHEME_MAX_CHARS.toLocaleString("en")} characters`),
  note: z.string().max(500).optional(),
});

export const saveProjectSchemeAction = projectAction("project.manage", ZSave, async (input, access) => {
  const parsed = parseSchemeText(input.fileName, input.text);
  if (!parsed.ok) throw new AppError("BAD_REQUEST", parsed.errors.map((e) => formatSchemeError(input.fileName, e)).join("\n"));
  try {
    const saved = await setProjectScheme(getDb(), access.project.id, parsed.scheme, { actorId: access.user.id, note: input.note || undefined });
    revalidatePath(`/projects/${input.slug}/settings/scheme`);
    return { saved: true as const, version: saved.version, changes: saved.changes };
  } catch (e) {
    // a change that would orphan stored values: the editor lists them (the CLI's --map resolves them)
    const orphans = isAppError(e) && e.code === "CONFLICT" ? (e.detail as { orphans?: { message: string }[] } | undefined)?.orphans : undefined;
    if (!orphans) throw e;
    return { saved: false as const, message: e instanceof Error ? e.message : "Refused.", orphans: orphans.map((o) => ({ message: o.message })) };
  }
});
