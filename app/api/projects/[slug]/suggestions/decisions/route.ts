// POST an annotator's decision on a model suggestion shown in the workspace (issue 15 point 4):
// { suggestionId, decision: "accepted" | "edited" | "rejected", value? } → 200 the recorded
// decision. The same permission as a save (annotation.write); a suggestion that is not of this
// project, not of an item in the caller's queue (SCHEME, or the MMTE / MetaHOPE queue whose view
// shows its field), failed, or hidden because the project does not show suggestions is 404; a
// submitted item 423; a bad body 400.
import { NextResponse } from "next/server";
import { withProject, parseJsonBody } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { recordSuggestionDecision, ZSuggestionDecisionInput } from "@/lib/db/models/suggestion-decisions";
import { projectSchemeConfig } from "@/lib/workspace/project-config";

export const POST = withProject<{ slug: string }>("annotation.write", async (req, { access }) => {
  const input = await parseJsonBody(req, ZSuggestionDecisionInput);
  const decision = await recordSuggestionDecision(getDb(), {
    projectId: access.project.id,
    annotatorId: access.user.id,
    config: projectSchemeConfig(access.project.schemeConfig),
    input,
  });
  return NextResponse.json(decision);
});
