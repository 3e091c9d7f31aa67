// GET /api/projects/[slug]/jobs/[jobId] — one job's status and progress (the import page polls it).
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getProjectJob } from "@/lib/db/jobs/jobs";
import { withProject } from "@/lib/http/api-handler";

const ZJobId = z.string().min(1).max(64);

export const GET = withProject<{ slug: string; jobId: string }>("project.manage", async (_req, { access, params }) =>
  NextResponse.json({ job: await getProjectJob(getDb(), access.project.id, ZJobId.parse(params.jobId)) }),
);
