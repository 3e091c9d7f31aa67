// The guard of the annotation save route (PUT /api/projects/[slug]/annotations), the hot path of
// the workspace: withProject's checks in withProject's order, with the item's context read in the
// same query as the session and the project (lib/db/workspace/save-guard.ts), one round trip instead of two.
// For that the body is read before the project is authorised; what a caller learns stays as
// before: a forged write is refused before anything, a request without a session before its body
// is read, and a body that does not parse is reported only after the project check passed (a
// non-member still gets 404, a member without the permission 403, whatever the body).
import type { ZodType, z } from "zod";
import { getPgPool } from "@/lib/db/pg-pool";
import { getSessionRef } from "@/lib/auth/current-user";
import { authorizeSessionProject, type ProjectAccess } from "@/lib/authz/authorize-project";
import type { Permission } from "@/lib/authz/permissions";
import { AppError } from "@/lib/errors";
import { assertSameOriginWrite } from "@/lib/http/same-origin-write";
import { errorResponse, parseJsonBody } from "@/lib/http/api-handler";
import { authorizeSave } from "@/lib/db/workspace/save-guard";
import type { TPrefetchedItemContext } from "@/lib/db/workspace/context";

type TTarget = { segmentId: string; translationId?: string | null; mrwId?: string | null };

export function withItemSave<S extends ZodType<TTarget>, P extends { slug: string }>(
  permission: Permission,
  schema: S,
  handler: (req: Request, ctx: { access: ProjectAccess; params: P; input: z.infer<S>; item: TPrefetchedItemContext }) => Promise<Response>,
) {
  return async (req: Request, ctx: { params: Promise<P> }): Promise<Response> => {
    try {
      assertSameOriginWrite(req);
      const params = await ctx.params;
      const session = await getSessionRef();
      if (!session) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
      let input: z.infer<S>;
      try {
        input = await parseJsonBody(req, schema);
      } catch (bodyError) {
        // the guard's answer first (401/404/403), as withProject gives it; the body's 400 only to a caller it lets in
        await authorizeSessionProject(getPgPool(), session, params.slug, permission);
        throw bodyError;
      }
      const { access, item } = await authorizeSave(getPgPool(), session, params.slug, permission, input);
      return await handler(req, { access, params, input, item });
    } catch (e) {
      return errorResponse(e);
    }
  };
}
