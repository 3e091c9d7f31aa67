// POST /api/projects/[slug]/exports/[jobId]/cancel — stop an export job (its starter or a manager):
// at once when queued, within half a second when running; nothing of it is kept.
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getExportJobFor } from "@/lib/db/export/export-jobs";
import { requestJobCancel } from "@/lib/db/jobs/jobs";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";
import { ANY_EXPORT_PERMISSION } from "@/lib/authz/export-permission";
import { accessGrants } from "@/lib/authz/permissions";

const ZJobId = z.string().min(1).max(64);

export const POST = withProject<{ slug: string; jobId: string }>(ANY_EXPORT_PERMISSION, async (req, { access, params }) => {
  await parseJsonBody(req, z.object({}).strict());
  const manages = accessGrants(access.roles, access.user.isAdmin, "project.manage");
  const job = await getExportJobFor(getDb(), access.project.id, ZJobId.parse(params.jobId), { userId: access.user.id, manages });
  return NextResponse.json({ job: await requestJobCancel(getDb(), access.project.id, job.id) });
});
