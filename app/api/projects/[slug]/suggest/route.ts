// POST /api/projects/[slug]/suggest — start a suggest job ({model, field, limit?, retryFailed?}) for a worker;
// the answer is the job, followed like an import's (GET …/jobs/[id], POST …/cancel).
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { createSuggestJob } from "@/lib/db/models/suggest-jobs";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";

const ZStartSuggest = z.object({ model: z.string().min(1).max(60), field: z.string().min(1).max(100), limit: z.number().int().positive().max(1_000_000).optional(), retryFailed: z.boolean().optional() }).strict();

export const POST = withProject("project.manage", async (req, { access }) => {
  const input = await parseJsonBody(req, ZStartSuggest);
  const job = await createSuggestJob(getDb(), getPgPool(), { projectId: access.project.id, actorId: access.user.id, endpointName: input.model, field: input.field, limit: input.limit, retryFailed: input.retryFailed });
  return NextResponse.json({ job }, { status: 202 });
});
