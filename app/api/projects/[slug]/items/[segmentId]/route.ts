// GET the caller's view of one item (?scheme=MMTE|METAHOPE): the same payload the item page
// renders, containing only the caller's own values.
import { NextResponse } from "next/server";
import { withProject } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { getWorkspaceItem } from "@/lib/db/workspace-item";
import { parseSchemeParam, projectSchemeConfig } from "@/lib/workspace/project-config";

export const GET = withProject<{ slug: string; segmentId: string }>("annotation.write", async (req, { access, params }) => {
  const scheme = parseSchemeParam(new URL(req.url).searchParams.get("scheme"));
  const item = await getWorkspaceItem(getDb(), {
    project: access.project,
    config: projectSchemeConfig(access.project.schemeConfig),
    annotatorId: access.user.id,
    segmentKey: params.segmentId,
    scheme,
  });
  return NextResponse.json(item, { headers: { "Cache-Control": "no-store" } });
});
