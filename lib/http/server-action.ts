// The one guard for server actions: parse the input with zod, authorise against the project,
// run, and return a serialisable result (actions must not throw raw errors at the client).
//
// Every action first passes the same cross-site check as the API's writes (lib/http/same-origin.ts).
// Next.js's own check of a server action compares only the Origin's host with Host, and skips a
// request without Origin: `Sec-Fetch-Site: cross-site` with no Origin ran setMemberRolesAction, and
// `Origin: https://host` was accepted over http (issue 27, point 10).
import { headers } from "next/headers";
import { ZodError, type z } from "zod";
import { getPgPool } from "@/lib/db/pg-pool";
import { getCurrentUser } from "@/lib/auth/current-user";
import { authorizeAdmin, authorizeProject, type ProjectAccess } from "@/lib/authz/authorize-project";
import type { CurrentUser } from "@/lib/auth/current-user";
import type { Permission } from "@/lib/authz/permissions";
import { isAppError } from "@/lib/errors";
import { assertSameOrigin } from "@/lib/http/same-origin";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; code: string; message: string; field?: string };

export function projectAction<S extends z.ZodType<{ slug: string }>, T>(
  permission: Permission,
  schema: S,
  fn: (input: z.infer<S>, access: ProjectAccess) => Promise<T>,
) {
  return async (raw: unknown): Promise<ActionResult<T>> => {
    try {
      assertSameOrigin(await headers());
      const input = schema.parse(raw);
      const access = await authorizeProject(getPgPool(), await getCurrentUser(), input.slug, permission);
      return { ok: true, data: await fn(input, access) };
    } catch (e) {
      return actionError(e);
    }
  };
}

/**
 * Site-level actions (creating a project): site admins only. Authorisation comes before parsing,
 * so a caller who may not use the action learns nothing about what it accepts.
 */
export function adminAction<S extends z.ZodType, T>(schema: S, fn: (input: z.infer<S>, user: CurrentUser) => Promise<T>) {
  return async (raw: unknown): Promise<ActionResult<T>> => {
    try {
      assertSameOrigin(await headers());
      const user = authorizeAdmin(await getCurrentUser());
      return { ok: true, data: await fn(schema.parse(raw), user) };
    } catch (e) {
      return actionError(e);
    }
  };
}

/**
 * Actions that need no project permission (accepting an invitation: the token is the authority,
 * checked by the action itself); `user` is null for anonymous callers.
 */
export function publicAction<S extends z.ZodType, T>(schema: S, fn: (input: z.infer<S>, user: CurrentUser | null) => Promise<T>) {
  return async (raw: unknown): Promise<ActionResult<T>> => {
    try {
      assertSameOrigin(await headers());
      const input = schema.parse(raw);
      return { ok: true, data: await fn(input, await getCurrentUser()) };
    } catch (e) {
      return actionError(e);
    }
  };
}

/** Expected errors keep their code and text (and the field a zod error or an AppError names). */
function actionError(e: unknown): ActionResult<never> {
  if (isAppError(e)) {
    const field = (e.detail as { field?: unknown } | undefined)?.field;
    return { ok: false, code: e.code, message: e.message, ...(typeof field === "string" ? { field } : {}) };
  }
  if (e instanceof ZodError) {
    const issue = e.issues[0];
    const field = issue?.path.join(".") || "(input)";
    return { ok: false, code: "BAD_REQUEST", message: `Invalid ${field}: ${issue?.message}`, field };
  }
  console.error("[action] unexpected error", e);
  return { ok: false, code: "INTERNAL", message: "Something went wrong on the server." };
}
