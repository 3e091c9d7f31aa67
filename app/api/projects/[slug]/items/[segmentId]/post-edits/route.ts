// PUT the caller's figurative or literal post-edit of this item (versioned).
import { NextResponse } from "next/server";
import { withProject, parseJsonBody } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { savePostEdit } from "@/lib/db/workspace-post-edits";
import { ZSavePostEditInput } from "@/lib/workspace/api-types";
import { projectSchemeConfig } from "@/lib/workspace/project-config";
import { AppError } from "@/lib/errors";
import { saveReceiptKey } from "@/lib/http/idempotency-key";

export const PUT = withProject<{ slug: string; segmentId: string }>("annotation.write", async (req, { access, params }) => {
  const input = await parseJsonBody(req, ZSavePostEditInput);
  const cfg = projectSchemeConfig(access.project.schemeConfig);
  if (!(input.kind === "FIGURATIVE" ? cfg.postEdit.figurative : cfg.postEdit.literal)) {
    throw new AppError("BAD_REQUEST", `The ${input.kind.toLowerCase()} post-edit is switched off in this project.`, { field: "kind" });
  }
  const res = await savePostEdit(getDb(), {
    projectId: access.project.id,
    annotatorId: access.user.id,
    segmentId: params.segmentId,
    input,
    receipt: saveReceiptKey(req, "postEdit", { projectId: access.project.id, segmentId: params.segmentId }, input),
  });
  return NextResponse.json(res);
});
