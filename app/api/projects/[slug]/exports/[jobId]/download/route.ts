// GET /api/projects/[slug]/exports/[jobId]/download — the finished file of an export job, streamed
// chunk by chunk from the database (any app server can answer; memory stays flat). Needs, now, the
// permission of the export's kind as well as access to the job (its starter or a manager).
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { exportResultOf, getExportJobFor, readExportOutput } from "@/lib/db/export/export-jobs";
import { withProject } from "@/lib/http/api-handler";
import { ANY_EXPORT_PERMISSION, exportPermission } from "@/lib/authz/export-permission";
import { accessGrants } from "@/lib/authz/permissions";
import { AppError } from "@/lib/errors";

const ZJobId = z.string().min(1).max(64);

export const GET = withProject<{ slug: string; jobId: string }>(ANY_EXPORT_PERMISSION, async (_req, { access, params }) => {
  const manages = accessGrants(access.roles, access.user.isAdmin, "project.manage");
  const job = await getExportJobFor(getDb(), access.project.id, ZJobId.parse(params.jobId), { userId: access.user.id, manages });
  const needed = exportPermission(job.input.what);
  if (!accessGrants(access.roles, access.user.isAdmin, needed)) {
    throw new AppError("FORBIDDEN", `Your role in this project does not allow ${needed} (exporting ${job.input.what}).`);
  }
  const result = exportResultOf(job);
  if (!result) throw new AppError("CONFLICT", `The export is not ready (${job.status}).`, { status: job.status });
  const chunks = readExportOutput(getPgPool(), job.id);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (e) {
        console.error("[export] download failed while streaming", e);
        controller.error(e);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": result.contentType,
      "Content-Length": String(result.bytes),
      "Content-Disposition": `attachment; filename="${result.fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
