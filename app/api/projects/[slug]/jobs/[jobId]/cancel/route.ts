// POST /api/projects/[slug]/jobs/[jobId]/cancel — stop a job: at once when queued, before its
// next step when running (a file being stored is stored whole or not at all).
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { requestJobCancel } from "@/lib/db/jobs/jobs";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";

const ZJobId = z.string().min(1).max(64);

export const POST = withProject<{ slug: string; jobId: string }>("project.manage", async (req, { access, params }) => {
  await parseJsonBody(req, z.object({}).strict());
  return NextResponse.json({ job: await requestJobCancel(getDb(), access.project.id, ZJobId.parse(params.jobId)) });
});
