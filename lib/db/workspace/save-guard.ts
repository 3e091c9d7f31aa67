// The request guard of an annotation save and the context of the item it writes, in ONE round
// trip (issue 21 point 4): the session check, the project with the caller's roles
// (lib/authz/authorize-project.ts) and the item context a save validates against
// (lib/db/workspace/context.ts) used to be three queries. The decisions are the same functions on
// the same columns: accessOfSessionRow first (UNAUTHENTICATED, NOT_FOUND, FORBIDDEN exactly as the
// other API routes answer), and the item's checks only later, in saveAnnotation, after the body
// and the document gate, as before. The context is read for the project the guard resolved and the
// caller it checked; saveAnnotation uses it only for exactly that target (getSaveContext).
import type { Pool } from "pg";
import { AppError } from "@/lib/errors";
import type { TSessionRef } from "@/lib/auth/session-user";
import { accessOfSessionRow, SESSION_PROJECT_COLUMNS, type ProjectAccess, type TSessionProjectRow } from "@/lib/authz/authorize-project";
import type { Permission } from "@/lib/authz/permissions";
import { itemContextColumns, type TItemContextRow, type TPrefetchedItemContext } from "@/lib/db/workspace/context";
import { preparedStatement, withValues } from "@/lib/db/prepared-statement";

/** $1 slug, $2 the session's user, $3 segment, $4 translation, $5 MRW. */
const SAVE_GUARD = preparedStatement(
  "save_guard",
  `SELECT acc.*, ${itemContextColumns("acc.id", `acc."userId"`, "$3", "$4", "$5")}
       FROM (SELECT ${SESSION_PROJECT_COLUMNS}
               FROM "User" u LEFT JOIN "Project" p ON p.slug = $1
              WHERE u.id = $2) acc
       LEFT JOIN "Segment" s ON s.id = $3 AND s."projectId" = acc.id`,
);

export async function authorizeSave(
  pool: Pool,
  session: TSessionRef | null,
  slug: string,
  permission: Permission,
  target: { segmentId: string; translationId?: string | null; mrwId?: string | null },
): Promise<{ access: ProjectAccess; item: TPrefetchedItemContext }> {
  if (!session) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  const translationId = target.translationId ?? null;
  const mrwId = target.mrwId ?? null;
  const { rows } = await pool.query<TSessionProjectRow & TItemContextRow>(withValues(SAVE_GUARD, [slug, session.uid, target.segmentId, translationId, mrwId]));
  const r = rows[0];
  const access = accessOfSessionRow(session, r, permission);
  const row: TItemContextRow = { assignment_status: r.assignment_status, ttext: r.ttext, tok: r.tok, mmeta: r.mmeta, mok: r.mok, mrw_ids: r.mrw_ids, texts: r.texts, lists: r.lists, doc_first: r.doc_first, doc_read: r.doc_read, doc_title: r.doc_title };
  return { access, item: { key: { projectId: access.project.id, annotatorId: access.user.id, segmentId: target.segmentId, translationId, mrwId }, row } };
}
