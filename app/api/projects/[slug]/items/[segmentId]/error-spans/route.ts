// POST a new MetaHOPE error span on a translation of this item (the caller's own).
import { NextResponse } from "next/server";
import { withProject, parseJsonBody } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { createErrorSpan } from "@/lib/db/workspace-error-spans";
import { ZCreateErrorSpanInput } from "@/lib/workspace/api-types";
import { projectSchemeConfig } from "@/lib/workspace/project-config";
import { AppError } from "@/lib/errors";
import { saveReceiptKey } from "@/lib/http/idempotency-key";
import { refuseUnreadDocument } from "@/lib/db/document-reads";
import { ERROR_SPAN_SCHEME } from "@/lib/workspace/field-scheme";

export const POST = withProject<{ slug: string; segmentId: string }>("annotation.write", async (req, { access, params }) => {
  const span = await parseJsonBody(req, ZCreateErrorSpanInput);
  if (!projectSchemeConfig(access.project.schemeConfig).metahopeErrors) {
    throw new AppError("BAD_REQUEST", "MetaHOPE error spans are switched off in this project.", { field: "span" });
  }
  await refuseUnreadDocument(getDb(), { projectId: access.project.id, schemeVersion: access.project.schemeVersion, userId: access.user.id, segmentKey: params.segmentId, scheme: ERROR_SPAN_SCHEME });
  const created = await createErrorSpan(getDb(), {
    projectId: access.project.id,
    annotatorId: access.user.id,
    segmentId: params.segmentId,
    span,
    receipt: saveReceiptKey(req, "errorCreate", { projectId: access.project.id, segmentId: params.segmentId }, span),
  });
  return NextResponse.json(created, { status: 201 });
});
