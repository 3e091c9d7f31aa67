// GET /api/projects/[slug]/export?what=gold|annotations|adjudicated|errors|agreement|scores|tags|nli|project|…&format=tsv|csv|json|jsonl|conll|mqm|marot|label-studio|label-studio-config|label-studio-mapping
//   [&annotator=EMAIL | &adjudicated=1] (tags: one annotator's or the adjudicated tags instead of the corpus's)
// Streams the export (a database cursor feeding the response), so memory stays flat.
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { ZExportFormat, ZExportWhat, exportFile } from "@/lib/db/export/stream";
import { resolveTagsSource } from "@/lib/db/export/conll";
import { withProject } from "@/lib/http/api-handler";
import { ANY_EXPORT_PERMISSION, exportPermission } from "@/lib/authz/export-permission";
import { accessGrants } from "@/lib/authz/permissions";
import { AppError } from "@/lib/errors";

const ZQuery = z.object({
  what: ZExportWhat,
  format: ZExportFormat,
  annotator: z.string().trim().min(1).max(200).optional(),
  adjudicated: z.enum(["1", "true"]).optional(),
});

// Adjudicators may export what they produce (gold references, adjudicated labels); the rest is
// for managers: the guard admits everyone who may export anything, then the kind decides.
export const GET = withProject(ANY_EXPORT_PERMISSION, async (req, { access }) => {
  const url = new URL(req.url);
  const q = ZQuery.parse({
    what: url.searchParams.get("what") ?? undefined,
    format: url.searchParams.get("format") ?? undefined,
    annotator: url.searchParams.get("annotator") ?? undefined,
    adjudicated: url.searchParams.get("adjudicated") ?? undefined,
  });
  const needed = exportPermission(q.what);
  if (!accessGrants(access.roles, access.user.isAdmin, needed)) {
    throw new AppError("FORBIDDEN", `Your role in this project does not allow ${needed} (exporting ${q.what}).`);
  }
  // a tags export's source is checked before anything streams (a wrong annotator is a 404, not a broken download)
  const tags = q.what === "tags" ? await resolveTagsSource(getDb(), access.project.id, { annotator: q.annotator, adjudicated: q.adjudicated !== undefined }) : undefined;
  if (q.what !== "tags" && (q.annotator || q.adjudicated)) throw new AppError("BAD_REQUEST", "annotator and adjudicated choose the tags of a tags export (what=tags).");
  const file = exportFile(getPgPool(), getDb(), access.project, q.what, q.format, { tags });
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
