// The item page: /projects/[slug]/items/[segmentId]. Server-renders the caller's own view of the
// item into the one workspace: every field rendered by its kind from the project's stored scheme
// (an old ?scheme=MMTE|METAHOPE in a bookmarked address is ignored).
import { notFound, redirect } from "next/navigation";
import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { isAppError } from "@/lib/errors";
import { decodeRouteParam } from "@/lib/http/route-param";
import { projectSchemeConfig } from "@/lib/workspace/project-config";
import { SchemeWorkspace } from "@/components/workspace/scheme-workspace";
import { DocumentGate } from "@/components/workspace/document-gate";
import { documentForReading, documentGateOf } from "@/lib/db/workspace/document-reads";
import type { Db } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** An item the caller may not open (not theirs, not in this project) is a 404. */
async function orNotFound<T>(load: () => Promise<T>, slug: string): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (isAppError(e) && (e.code === "NOT_FOUND" || e.code === "BAD_REQUEST")) notFound();
    // a main item before the qualification is passed: the queue says why (issue 31 point 1)
    if (isAppError(e) && e.code === "QUALIFICATION_REQUIRED") redirect(`/projects/${slug}/queue`);
    throw e;
  }
}

/**
 * The document to read first, when the project's scheme asks for it (workflow.readDocumentFirst)
 * and the caller has not read it yet; null opens the item.
 */
async function unreadDocumentGate(
  db: Db,
  opts: {
    projectId: string; slug: string; schemeVersion: number | null; userId: string; segmentId: string;
    document: { id: string; title: string | null };
    language?: string;
  },
) {
  const gate = await documentGateOf(db, { projectId: opts.projectId, schemeVersion: opts.schemeVersion, userId: opts.userId, documentId: opts.document.id });
  if (!gate || gate.read) return null;
  const segments = await documentForReading(db, { projectId: opts.projectId, documentId: opts.document.id, language: opts.language });
  return <DocumentGate slug={opts.slug} documentId={opts.document.id} title={opts.document.title} segments={segments} currentSegmentId={opts.segmentId} />;
}

export default async function ItemPage({ params }: { params: Promise<{ slug: string; segmentId: string }> }) {
  const { slug, segmentId } = await params;
  const access = await requireProjectPage(slug, "annotation.write", `/projects/${slug}/items/${segmentId}`);
  const db = getDb();
  const config = projectSchemeConfig(access.project.schemeConfig);
  const base = { project: access.project, config, annotatorId: access.user.id, segmentKey: decodeRouteParam(segmentId) };
  const runtime = await getProjectRuntime(db, access.project.id);
  const gateBase = { projectId: access.project.id, slug: access.project.slug, schemeVersion: access.project.schemeVersion, userId: access.user.id };
  const item = await orNotFound(() => getSchemeWorkspaceItem(db, { ...base, runtime }), slug);
  const gate = await unreadDocumentGate(db, { ...gateBase, segmentId: item.segment.id, document: item.document, language: item.segment.language });
  if (gate) return gate;
  return <SchemeWorkspace key={item.segment.id} item={item} userId={access.user.id} />;
}
