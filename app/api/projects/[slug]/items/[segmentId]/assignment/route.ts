// POST an action on the caller's assignment for this item: { action: "time" | "submit" | "skip" | "reopen", scheme }.
// Submit re-checks completeness on the server and answers 422 with the missing values.
import { NextResponse } from "next/server";
import { withProject, parseJsonBody } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { applyAssignmentAction } from "@/lib/db/workspace-assignment";
import { ZAssignmentAction } from "@/lib/workspace/api-types";
import { projectSchemeConfig } from "@/lib/workspace/project-config";

export const POST = withProject<{ slug: string; segmentId: string }>("annotation.write", async (req, { access, params }) => {
  const action = await parseJsonBody(req, ZAssignmentAction);
  const res = await applyAssignmentAction(getDb(), {
    project: access.project,
    config: projectSchemeConfig(access.project.schemeConfig),
    annotatorId: access.user.id,
    segmentId: params.segmentId,
    action,
  });
  return NextResponse.json(res);
});
