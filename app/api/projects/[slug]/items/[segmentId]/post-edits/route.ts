// PUT the caller's post-edit of this item (versioned): MMTE's figurative or literal one, or
// MetaHOPE's (kind REFERENCE), each only while its part is on. MetaHOPE's is gated by the
// document like its other values (423 DOCUMENT_NOT_READ while the scheme asks it to be read first).
import { NextResponse } from "next/server";
import { withProject, parseJsonBody } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { savePostEdit } from "@/lib/db/workspace-post-edits";
import { ZSavePostEditInput } from "@/lib/workspace/api-types";
import { projectSchemeConfig } from "@/lib/workspace/project-config";
import { saveReceiptKey } from "@/lib/http/idempotency-key";
import { getProjectRuntimeAt } from "@/lib/db/project-schemes";
import { refuseUnreadDocument, writeScheme } from "@/lib/db/document-reads";

export const PUT = withProject<{ slug: string; segmentId: string }>("annotation.write", async (req, { access, params }) => {
  const input = await parseJsonBody(req, ZSavePostEditInput);
  const config = projectSchemeConfig(access.project.schemeConfig);
  if (input.kind === "REFERENCE" && config.metahopePostEdit) {
    const runtime = await getProjectRuntimeAt(getDb(), access.project.id, access.project.schemeVersion);
    await refuseUnreadDocument(getDb(), {
      projectId: access.project.id,
      schemeVersion: access.project.schemeVersion,
      userId: access.user.id,
      segmentKey: params.segmentId,
      scheme: writeScheme(runtime, "METAHOPE_POSTEDIT"),
    });
  }
  const res = await savePostEdit(getDb(), {
    projectId: access.project.id,
    annotatorId: access.user.id,
    segmentId: params.segmentId,
    input,
    config,
    receipt: saveReceiptKey(req, "postEdit", { projectId: access.project.id, segmentId: params.segmentId }, input),
  });
  return NextResponse.json(res);
});
