// POST an action on the caller's assignment for this item: { action: "time" | "submit" | "skip" | "reopen" }.
// Submit re-checks completeness on the server against the scheme version in force and answers 422
// with the missing values.
import { NextResponse } from "next/server";
import { withProject, parseJsonBody } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { getProjectRuntimeAt } from "@/lib/db/projects/project-schemes";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { driftAfterSubmit } from "@/lib/db/drift/drift-check";
import { getPgPool } from "@/lib/db/pg-pool";
import { ZAssignmentAction } from "@/lib/workspace/api-types";
import { projectSchemeConfig } from "@/lib/workspace/project-config";

export const POST = withProject<{ slug: string; segmentId: string }>("annotation.write", async (req, { access, params }) => {
  const action = await parseJsonBody(req, ZAssignmentAction);
  const db = getDb();
  const res = await applyAssignmentAction(db, {
    project: access.project,
    config: projectSchemeConfig(access.project.schemeConfig),
    annotatorId: access.user.id,
    segmentId: params.segmentId,
    action,
    // only a submit reads the definition; time reports stay one UPDATE
    runtime: action.action === "submit" ? await getProjectRuntimeAt(db, access.project.id, access.project.schemeVersion) : undefined,
  });
  // every tenth submit of the project checks drift in the background (lib/db/drift/drift-check.ts)
  if (action.action === "submit") driftAfterSubmit(db, getPgPool(), access.project.id, access.project.slug);
  return NextResponse.json(res);
});
