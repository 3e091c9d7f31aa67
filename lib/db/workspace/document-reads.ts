// Documents an annotator has read (DocumentRead), for schemes whose workflow.readDocumentFirst
// closes a document's sentences until then (lib/workspace/document-gate.ts). A read mark is never
// removed, so checking it outside the write's transaction is safe: it cannot disappear between
// the check and the write.
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { getWorkflowAt } from "@/lib/db/projects/project-schemes";
import { documentGateApplies, type TDocumentGate } from "@/lib/workspace/document-gate";
import type { TItemContextRow } from "@/lib/db/workspace/context";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

/**
 * Marks the document read by the caller. Only a document with a sentence assigned to them in this
 * project (anything else is "not found": they cannot learn which documents exist).
 */
export async function markDocumentRead(db: Db, opts: { projectId: string; userId: string; documentId: string }): Promise<{ documentId: string; readAt: string }> {
  // by id, or by the document's external id (stable across databases: scripts and tests use it)
  const assigned = await db.assignment.findFirst({
    where: { projectId: opts.projectId, annotatorId: opts.userId, segment: { document: { projectId: opts.projectId, OR: [{ id: opts.documentId }, { externalId: opts.documentId }] } } },
    select: { segment: { select: { documentId: true } } },
  });
  if (!assigned) throw new AppError("NOT_FOUND", "No sentence of this document is assigned to you in this project.");
  const documentId = assigned.segment.documentId;
  const rows = await db.$queryRaw<{ readAt: Date }[]>`
    INSERT INTO "DocumentRead" ("userId", "documentId", "readAt") VALUES (${opts.userId}, ${documentId}, now())
    ON CONFLICT ("userId", "documentId") DO UPDATE SET "readAt" = "DocumentRead"."readAt"
    RETURNING "readAt"`;
  return { documentId, readAt: rows[0].readAt.toISOString() };
}

export async function hasReadDocument(db: Db, userId: string, documentId: string): Promise<boolean> {
  return (await db.documentRead.count({ where: { userId, documentId } })) > 0;
}

/**
 * Refuses a write to a sentence of a document the caller has not read, when the project's scheme
 * asks for the document first. One indexed lookup, and only in projects that ask for it.
 * `segmentKey`: the segment's id or its external id.
 */
export async function refuseUnreadDocument(
  db: Db,
  opts: { projectId: string; schemeVersion: number | null; userId: string; segmentKey: string },
): Promise<void> {
  const workflow = await getWorkflowAt(db, opts.projectId, opts.schemeVersion);
  if (!documentGateApplies(workflow)) return;
  const rows = await db.$queryRaw<{ read: boolean; title: string | null }[]>`
    SELECT EXISTS (SELECT 1 FROM "DocumentRead" r WHERE r."userId" = ${opts.userId} AND r."documentId" = s."documentId") AS read, d.title
    FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
    WHERE s."projectId" = ${opts.projectId} AND (s.id = ${opts.segmentKey} OR s."externalId" = ${opts.segmentKey})
      AND EXISTS (SELECT 1 FROM "Assignment" a WHERE a."segmentId" = s.id AND a."annotatorId" = ${opts.userId})
    LIMIT 1`;
  // a segment that is unknown or not assigned to the caller is the save's own "not found" to report
  if (!rows[0] || rows[0].read) return;
  throw unreadDocumentError(rows[0].title, opts.segmentKey);
}

function unreadDocumentError(title: string | null, segmentKey: string): AppError {
  return new AppError(
    "DOCUMENT_NOT_READ",
    `Read the whole document${title ? ` “${title}”` : ""} first: this project's guidelines ask for it before its sentences are annotated. Scroll through it on the item page, or mark it read there.`,
    { segment: segmentKey },
  );
}

/**
 * The same refusal from what the save's guard already read with the item (lib/db/workspace/context.ts:
 * the assignment, whether the caller read the document, its title), so a save in a project that asks
 * for the document first makes no extra round trip. `workflow`: the scheme version's in force.
 */
export function refuseUnreadPrefetched(workflow: TSchemeDefinition["workflow"], row: Pick<TItemContextRow, "assignment_status" | "doc_read" | "doc_title">, segmentKey: string): void {
  if (!documentGateApplies(workflow)) return;
  // a segment that is not assigned to the caller is the save's own "not found" to report
  if (row.assignment_status === null || row.doc_read !== false) return;
  throw unreadDocumentError(row.doc_title, segmentKey);
}

/** The gate of one item for the caller: null when the scheme does not ask for the document first. */
export async function documentGateOf(
  db: Db,
  opts: { projectId: string; schemeVersion: number | null; userId: string; documentId: string },
): Promise<TDocumentGate> {
  const workflow = await getWorkflowAt(db, opts.projectId, opts.schemeVersion);
  if (!documentGateApplies(workflow)) return null;
  return { documentId: opts.documentId, read: await hasReadDocument(db, opts.userId, opts.documentId) };
}

/** The largest document the reading view shows whole (a "document" of a whole corpus is not a text anyone reads). */
export const READING_VIEW_LIMIT = 2000;

/** The document's sentences in order, for the reading view (the item's language only: a parallel corpus keeps its other side apart). */
export async function documentForReading(db: Db, opts: { projectId: string; documentId: string; language?: string }) {
  return db.segment.findMany({
    where: { projectId: opts.projectId, documentId: opts.documentId, ...(opts.language ? { language: opts.language } : {}) },
    orderBy: [{ index: "asc" }, { id: "asc" }],
    take: READING_VIEW_LIMIT,
    select: { id: true, index: true, text: true },
  });
}
