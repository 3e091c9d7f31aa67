// PATCH (edit) or DELETE (soft delete) one of the caller's error spans, with version check.
import { NextResponse } from "next/server";
import { withProject, parseJsonBody } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { deleteErrorSpan, updateErrorSpan } from "@/lib/db/workspace-error-spans";
import { ZDeleteErrorSpanInput, ZUpdateErrorSpanInput } from "@/lib/workspace/api-types";
import { saveReceiptKey } from "@/lib/http/idempotency-key";

type P = { slug: string; segmentId: string; spanId: string };

export const PATCH = withProject<P>("annotation.write", async (req, { access, params }) => {
  const body = await parseJsonBody(req, ZUpdateErrorSpanInput);
  const { baseVersion, ...patch } = body;
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
