// GET the caller's view of one item: the same payload the item page renders (lib/db/workspace/item.ts),
// containing only the caller's own values. `documentGate` says whether the scheme asks for the
// item's document to be read first, and whether it was.
import { NextResponse } from "next/server";
import { withProject } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { getProjectRuntimeAt } from "@/lib/db/projects/project-schemes";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { projectSchemeConfig } from "@/lib/workspace/project-config";
import { decodeRouteParam } from "@/lib/http/route-param";
import { documentGateOf } from "@/lib/db/workspace/document-reads";

export const GET = withProject<{ slug: string; segmentId: string }>("annotation.write", async (_req, { access, params }) => {
  const db = getDb();
  const config = projectSchemeConfig(access.project.schemeConfig);
  const runtime = await getProjectRuntimeAt(db, access.project.id, access.project.schemeVersion);
  const item = await getSchemeWorkspaceItem(db, { project: access.project, config, annotatorId: access.user.id, segmentKey: decodeRouteParam(params.segmentId), runtime });
  // documentGate: null, or whether the caller has read the item's document (saves are refused until then)
  const documentGate = await documentGateOf(db, {
    projectId: access.project.id,
    schemeVersion: access.project.schemeVersion,
    userId: access.user.id,
    documentId: item.document.id,
  });
  return NextResponse.json({ ...item, documentGate }, { headers: { "Cache-Control": "no-store" } });
});
