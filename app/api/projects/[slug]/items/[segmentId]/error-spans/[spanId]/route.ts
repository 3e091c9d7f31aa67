// PATCH (edit) or DELETE (soft delete) one of the caller's error spans, with version check.
import { NextResponse } from "next/server";
import { withProject, parseJsonBody } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { deleteErrorSpan, updateErrorSpan } from "@/lib/db/workspace-error-spans";
import { ZDeleteErrorSpanInput, ZUpdateErrorSpanInput } from "@/lib/workspace/api-types";
import { saveReceiptKey } from "@/lib/http/idempotency-key";
import { refuseUnreadDocument } from "@/lib/db/document-reads";
import { ERROR_SPAN_SCHEME } from "@/lib/workspace/field-scheme";

type P = { slug: string; segmentId: string; spanId: string };

/**
 * The read-the-document-first gate, for a span that is the caller's (someone else's, or none, is
 * the update's own "not found", which must not turn into "read the document" first).
 */
async function refuseUnreadDocumentForSpan(access: { project: { id: string; schemeVersion: number | null }; user: { id: string } }, params: P): Promise<void> {
  const mine = await getDb().errorSpan.count({ where: { id: params.spanId, projectId: access.project.id, annotatorId: access.user.id } });
  if (mine === 0) return;
  await refuseUnreadDocument(getDb(), { projectId: access.project.id, schemeVersion: access.project.schemeVersion, userId: access.user.id, segmentKey: params.segmentId, scheme: ERROR_SPAN_SCHEME });
}

export const PATCH = withProject<P>("annotation.write", async (req, { access, params }) => {
  const body = await parseJsonBody(req, ZUpdateErrorSpanInput);
  const { baseVersion, ...patch } = body;
  await refuseUnreadDocumentForSpan(access, params);
  const span = await updateErrorSpan(getDb(), {
    projectId: access.project.id,
    annotatorId: access.user.id,
    segmentId: params.segmentId,
    id: params.spanId,
    patch,
    baseVersion,
    receipt: saveReceiptKey(req, "errorUpdate", { projectId: access.project.id, segmentId: params.segmentId, spanId: params.spanId }, body),
  });
  return NextResponse.json(span);
});

export const DELETE = withProject<P>("annotation.write", async (req, { access, params }) => {
  const body = await parseJsonBody(req, ZDeleteErrorSpanInput);
  const { baseVersion } = body;
  await refuseUnreadDocumentForSpan(access, params);
  const res = await deleteErrorSpan(getDb(), {
    projectId: access.project.id,
    annotatorId: access.user.id,
    segmentId: params.segmentId,
    id: params.spanId,
    baseVersion,
    receipt: saveReceiptKey(req, "errorDelete", { projectId: access.project.id, segmentId: params.segmentId, spanId: params.spanId }, body),
  });
  return NextResponse.json(res);
});
