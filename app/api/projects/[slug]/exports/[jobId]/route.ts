// GET /api/projects/[slug]/exports/[jobId] — an export job's status and progress (the export panel
// polls it). The caller's own export jobs; managers see every one.
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getExportJobFor } from "@/lib/db/export/export-jobs";
import { withProject } from "@/lib/http/api-handler";
import { ANY_EXPORT_PERMISSION } from "@/lib/authz/export-permission";
import { accessGrants } from "@/lib/authz/permissions";

const ZJobId = z.string().min(1).max(64);

export const GET = withProject<{ slug: string; jobId: string }>(ANY_EXPORT_PERMISSION, async (_req, { access, params }) => {
  const manages = accessGrants(access.roles, access.user.isAdmin, "project.manage");
  const { input: _input, ...job } = await getExportJobFor(getDb(), access.project.id, ZJobId.parse(params.jobId), { userId: access.user.id, manages });
  return NextResponse.json({ job });
});
