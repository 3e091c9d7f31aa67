// The one guard for server actions: parse the input with zod, authorise against the project,
// run, and return a serialisable result (actions must not throw raw errors at the client).
import { ZodError, type z } from "zod";
import { getPgPool } from "@/lib/db/pg-pool";
import { getCurrentUser } from "@/lib/auth/current-user";
import { authorizeProject, type ProjectAccess } from "@/lib/authz/authorize-project";
import type { Permission } from "@/lib/authz/permissions";
import { isAppError } from "@/lib/errors";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; code: string; message: string; field?: string };

export function projectAction<S extends z.ZodType<{ slug: string }>, T>(
  permission: Permission,
  schema: S,
  fn: (input: z.infer<S>, access: ProjectAccess) => Promise<T>,
) {
  return async (raw: unknown): Promise<ActionResult<T>> => {
    try {
      const input = schema.parse(raw);
      const access = await authorizeProject(getPgPool(), await getCurrentUser(), input.slug, permission);
      return { ok: true, data: await fn(input, access) };
    } catch (e) {
      if (isAppError(e)) return { ok: false, code: e.code, message: e.message };
      if (e instanceof ZodError) {
        const issue = e.issues[0];
        const field = issue?.path.join(".") || "(input)";
        return { ok: false, code: "BAD_REQUEST", message: `Invalid ${field}: ${issue?.message}`, field };
      }
      console.error("[action] unexpected error", e);
      return { ok: false, code: "INTERNAL", message: "Something went wrong on the server." };
    }
  };
}
