// The item page: /projects/[slug]/items/[segmentId]?scheme=MMTE|METAHOPE. Server-renders the
// caller's own view of the item into the client workspace: the built-in MMTE/MetaHOPE workspace,
// or, for a project that runs its own scheme, the scheme runtime's (every field rendered by its
// kind from the stored definition; ?scheme= is not needed there).
import { notFound } from "next/navigation";
import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { getProjectRuntime } from "@/lib/db/project-schemes";
import { getSchemeWorkspaceItem } from "@/lib/db/scheme-workspace-item";
import { getWorkspaceItem } from "@/lib/db/workspace-item";
import { isAppError } from "@/lib/errors";
import { decodeRouteParam } from "@/lib/http/route-param";
import { parseSchemeParam, projectSchemeConfig } from "@/lib/workspace/project-config";
import { viewIsEmpty } from "@/lib/workspace/scheme-view";
import { Workspace } from "@/components/workspace/workspace";
import { SchemeWorkspace } from "@/components/workspace/scheme-workspace";

export const dynamic = "force-dynamic";

/** An item the caller may not open (not theirs, not in this project, a bad ?scheme=) is a 404. */
async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (isAppError(e) && (e.code === "NOT_FOUND" || e.code === "BAD_REQUEST")) notFound();
    throw e;
  }
}

export default async function ItemPage({ params, searchParams }: { params: Promise<{ slug: string; segmentId: string }>; searchParams: Promise<{ scheme?: string }> }) {
  const { slug, segmentId } = await params;
  const { scheme: rawScheme } = await searchParams;
  const access = await requireProjectPage(slug, "annotation.write", `/projects/${slug}/items/${segmentId}`);
  const db = getDb();
  const config = projectSchemeConfig(access.project.schemeConfig);
  const base = { project: access.project, config, annotatorId: access.user.id, segmentKey: decodeRouteParam(segmentId) };
  const runtime = await getProjectRuntime(db, access.project.id);
  if (runtime.kind === "scheme") {
    const item = await orNotFound(() => getSchemeWorkspaceItem(db, { ...base, runtime }));
    return <SchemeWorkspace key={item.segment.id} item={item} userId={access.user.id} />;
  }
  const item = await orNotFound(() => getWorkspaceItem(db, { ...base, scheme: parseSchemeParam(rawScheme) }));
  if (viewIsEmpty(item.view)) {
    return <p className="rounded border border-amber-300 bg-amber-50 p-3">This project has no {item.scheme} parts switched on.</p>;
  }
  return <Workspace key={`${item.segment.id}:${item.scheme}`} item={item} userId={access.user.id} />;
}
