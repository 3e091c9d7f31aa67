// POST /api/projects/[slug]/exports {what, format} — runs an export as a background job (issue 21):
// answers at once with the job; GET …/exports/[jobId] follows it, …/download hands out the file.
// The same permissions as the streaming export route: anyone who may export anything passes the
// guard, then the kind decides (adjudicators: gold and adjudicated labels only).
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { ZExportFormat, ZExportWhat } from "@/lib/db/export/stream";
import { createExportJob } from "@/lib/db/export/export-jobs";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";
import { ANY_EXPORT_PERMISSION, exportPermission } from "@/lib/authz/export-permission";
import { accessGrants } from "@/lib/authz/permissions";
import { AppError } from "@/lib/errors";

const ZExportJobRequest = z.object({ what: ZExportWhat, format: ZExportFormat }).strict();

export const POST = withProject(ANY_EXPORT_PERMISSION, async (req, { access }) => {
  const q = await parseJsonBody(req, ZExportJobRequest);
  const needed = exportPermission(q.what);
  if (!accessGrants(access.roles, access.user.isAdmin, needed)) {
    throw new AppError("FORBIDDEN", `Your role in this project does not allow ${needed} (exporting ${q.what}).`);
  }
  const job = await createExportJob(getDb(), getPgPool(), { project: access.project, actorId: access.user.id, what: q.what, format: q.format });
  return NextResponse.json({ job }, { status: 202 });
});
