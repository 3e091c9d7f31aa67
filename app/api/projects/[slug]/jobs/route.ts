// GET /api/projects/[slug]/jobs — the project's background jobs, newest first (managers).
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { listProjectJobs } from "@/lib/db/jobs/jobs";
import { withProject } from "@/lib/http/api-handler";

export const GET = withProject("project.manage", async (_req, { access }) => NextResponse.json({ jobs: await listProjectJobs(getDb(), access.project.id) }));
