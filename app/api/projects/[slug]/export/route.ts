// GET /api/projects/[slug]/export?what=gold|annotations|adjudicated|errors|agreement|scores|project&format=tsv|csv|json|jsonl|conll|mqm|marot|label-studio
// Streams the export (a database cursor feeding the response), so memory stays flat.
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { ZExportFormat, ZExportWhat, exportFile } from "@/lib/db/export-stream";
import { withProject } from "@/lib/http/api-handler";
import { ANY_EXPORT_PERMISSION, exportPermission } from "@/lib/authz/export-permission";
import { accessGrants } from "@/lib/authz/permissions";
import { AppError } from "@/lib/errors";

const ZQuery = z.object({ what: ZExportWhat, format: ZExportFormat });

// Adjudicators may export what they produce (gold references, adjudicated labels); the rest is
// for managers: the guard admits everyone who may export anything, then the kind decides.
export const GET = withProject(ANY_EXPORT_PERMISSION, async (req, { access }) => {
  const url = new URL(req.url);
  const q = ZQuery.parse({ what: url.searchParams.get("what") ?? undefined, format: url.searchParams.get("format") ?? undefined });
  const needed = exportPermission(q.what);
  if (!accessGrants(access.roles, access.user.isAdmin, needed)) {
    throw new AppError("FORBIDDEN", `Your role in this project does not allow ${needed} (exporting ${q.what}).`);
  }
  const file = exportFile(getPgPool(), getDb(), access.project, q.what, q.format);
  const encoder = new TextEncoder();
  const lines = file.lines;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // a few hundred lines per chunk: fewer, larger writes
        let buf = "";
        while (buf.length < 64 * 1024) {
          const next = await lines.next();
          if (next.done) {
            if (buf) controller.enqueue(encoder.encode(buf));
            controller.close();
            return;
          }
          buf += next.value;
        }
        controller.enqueue(encoder.encode(buf));
      } catch (e) {
        console.error("[export] failed while streaming", e);
        controller.error(e);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
