// The item page: /projects/[slug]/items/[segmentId]?scheme=MMTE|METAHOPE. Server-renders the
// caller's own view of the item (lib/db/workspace-item) into the client workspace.
import { notFound } from "next/navigation";
import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { getWorkspaceItem } from "@/lib/db/workspace-item";
import { isAppError } from "@/lib/errors";
import { parseSchemeParam, projectSchemeConfig } from "@/lib/workspace/project-config";
import { viewIsEmpty } from "@/lib/workspace/scheme-view";
import { Workspace } from "@/components/workspace/workspace";

export const dynamic = "force-dynamic";

export default async function ItemPage({ params, searchParams }: { params: Promise<{ slug: string; segmentId: string }>; searchParams: Promise<{ scheme?: string }> }) {
  const { slug, segmentId } = await params;
  const { scheme: rawScheme } = await searchParams;
  const access = await requireProjectPage(slug, "annotation.write", `/projects/${slug}/items/${segmentId}`);
  let item;
  try {
    const scheme = parseSchemeParam(rawScheme);
    item = await getWorkspaceItem(getDb(), {
      project: access.project,
      config: projectSchemeConfig(access.project.schemeConfig),
      annotatorId: access.user.id,
      segmentKey: segmentId,
      scheme,
    });
  } catch (e) {
    if (isAppError(e) && (e.code === "NOT_FOUND" || e.code === "BAD_REQUEST")) notFound();
    throw e;
  }
  if (viewIsEmpty(item.view)) {
    return <p className="rounded border border-amber-300 bg-amber-50 p-3">This project has no {item.scheme} parts switched on.</p>;
  }
  return <Workspace key={`${item.segment.id}:${item.scheme}`} item={item} userId={access.user.id} />;
}
