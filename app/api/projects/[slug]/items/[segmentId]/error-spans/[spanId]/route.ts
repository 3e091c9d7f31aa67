// PATCH (edit) or DELETE (soft delete) one of the caller's error spans, with version check.
import { NextResponse } from "next/server";
import { withProject, parseJsonBody } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { deleteErrorSpan, updateErrorSpan } from "@/lib/db/workspace-error-spans";
import { ZDeleteErrorSpanInput, ZUpdateErrorSpanInput } from "@/lib/workspace/api-types";

type P = { slug: string; segmentId: string; spanId: string };

export const PATCH = withProject<P>("annotation.write", async (req, { access, params }) => {
  const { baseVersion, ...patch } = await parseJsonBody(req, ZUpdateErrorSpanInput);
  const span = await updateErrorSpan(getDb(), {
    projectId: access.project.id,
    annotatorId: access.user.id,
    segmentId: params.segmentId,
    id: params.spanId,
    patch,
    baseVersion,
  });
  return NextResponse.json(span);
});

export const DELETE = withProject<P>("annotation.write", async (req, { access, params }) => {
  const { baseVersion } = await parseJsonBody(req, ZDeleteErrorSpanInput);
  const res = await deleteErrorSpan(getDb(), {
    projectId: access.project.id,
    annotatorId: access.user.id,
    segmentId: params.segmentId,
    id: params.spanId,
    baseVersion,
  });
  return NextResponse.json(res);
});
