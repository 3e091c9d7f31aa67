// The one guard for API route handlers: parse params, authorise against the project, call the
// handler, and map errors to HTTP in one place (AppError → its status; zod → 400 naming the
// field; the database out of reach → 503 UNAVAILABLE with Retry-After, so clients retry later
// (lib/http/database-unavailable.ts); anything else → 500 with a generic message, logged on the
// server). Every state-changing request first passes the cross-site request forgery guard
// (lib/http/same-origin-write.ts).
import { NextResponse } from "next/server";
import { ZodError, type z } from "zod";
import { getPgPool } from "@/lib/db/pg-pool";
import { getCurrentUser, getSessionRef, type CurrentUser } from "@/lib/auth/current-user";
import { authorizeSessionProject, type ProjectAccess } from "@/lib/authz/authorize-project";
import type { Permission } from "@/lib/authz/permissions";
import { AppError, isAppError } from "@/lib/errors";
import { JSON_BODY_MAX_BYTES } from "@/lib/http/body-limits";
import { BodyTooLargeError, readTextWithin } from "@/lib/http/byte-limit-stream";
import { assertSameOriginWrite, type TBodyType } from "@/lib/http/same-origin-write";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@/lib/http/database-unavailable";

export function errorResponse(e: unknown): NextResponse {
  if (isAppError(e)) {
    return NextResponse.json({ error: { code: e.code, message: e.message, detail: e.detail } }, { status: e.status });
  }
  if (e instanceof ZodError) {
    const issue = e.issues[0];
    const field = issue?.path.join(".") || "(body)";
    return NextResponse.json(
      {
        error: {
          code: "BAD_REQUEST",
          message: `Invalid ${field}: ${issue?.message ?? "invalid input"}`,
          field,
          issues: e.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        },
      },
      { status: 400 },
    );
  }
  if (isDatabaseUnavailable(e)) {
    console.error(`[api] database unavailable: ${e instanceof Error ? e.message : String(e)}`);
    return NextResponse.json(
      { error: { code: "UNAVAILABLE", message: "The database is not reachable right now; please retry shortly. Nothing was lost on the server." } },
      { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }
  console.error("[api] unexpected error", e);
  return NextResponse.json({ error: { code: "INTERNAL", message: "Something went wrong on the server." } }, { status: 500 });
}

type RouteContext<P> = { params: Promise<P> };

export interface THandlerOptions {
  /** the body type a state-changing request must carry; default JSON */
  body?: TBodyType;
}

/**
 * The JSON body parsed with `schema`. The body is read through the streaming byte counter: one
 * over JSON_BODY_MAX_BYTES is refused (413) as soon as the count passes it, without the rest
 * being read (`req.json()` read any body whole first, however large).
 */
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  let text: string;
  try {
    text = await readTextWithin(req, JSON_BODY_MAX_BYTES);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than the limit of ${JSON_BODY_MAX_BYTES / 1024} kB.`);
    throw new AppError("BAD_REQUEST", "The request body could not be read.");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
  }
  return schema.parse(raw);
}

/** Route handler for `/api/projects/[slug]/…`, requiring `permission` in that project. */
export function withProject<P extends { slug: string }>(
  permission: Permission,
  handler: (req: Request, ctx: { access: ProjectAccess; params: P }) => Promise<Response>,
  options: THandlerOptions = {},
) {
  return async (req: Request, ctx: RouteContext<P>): Promise<Response> => {
    try {
      // before authorisation: a forged request does no database work and learns nothing
      assertSameOriginWrite(req, options.body);
      const params = await ctx.params;
      // the session's database check and the project in one query (as getCurrentUser + authorizeProject)
      const access = await authorizeSessionProject(getPgPool(), await getSessionRef(), params.slug, permission);
      return await handler(req, { access, params });
    } catch (e) {
      return errorResponse(e);
    }
  };
}

/** Route handler that needs a signed-in user but no project. */
export function withUser<P>(handler: (req: Request, ctx: { user: CurrentUser; params: P }) => Promise<Response>, options: THandlerOptions = {}) {
  return async (req: Request, ctx: RouteContext<P>): Promise<Response> => {
    try {
      assertSameOriginWrite(req, options.body);
      const user = await getCurrentUser();
      if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
      return await handler(req, { user, params: await ctx.params });
    } catch (e) {
      return errorResponse(e);
    }
  };
}
