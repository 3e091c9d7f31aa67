// Data access for exports run as background jobs (lib/jobs/export-job.ts): create and queue one,
// find one for its caller, and stream its finished file back chunk by chunk.
//
// Who sees an export job: whoever started it, and the project's managers (they see every job on the
// Jobs page). Downloading also needs the export's own permission at the time of the download, so a
// role removed after the job was started takes the file with it.
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { exportFile, type TExportFormat, type TExportWhat } from "@/lib/db/export/stream";
import { getProjectJob } from "@/lib/db/jobs/jobs";
import { enqueue, QUEUES } from "@/lib/jobs/queue";
import type { TExportJobInput, TExportJobResult } from "@/lib/jobs/export-job";
import type { TJobView } from "@/lib/jobs/job-view";

/**
 * Lines the export will about have, for the progress bar (one per row plus a header; a wide
 * annotation table has fewer rows than values, the bar then jumps to its end). 0 = no estimate:
 * the small, computed exports (agreement, scores) take seconds.
 */
export async function estimateExportLines(pool: Pool, projectId: string, what: TExportWhat): Promise<number> {
  const count = async (table: string) => Number((await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${table}" WHERE "projectId" = $1`, [projectId])).rows[0]?.n ?? 0);
  switch (what) {
    case "annotations":
      return (await count("Annotation")) + 1;
    case "adjudicated":
      return (await count("Adjudication")) + 1;
    case "suggestions":
      return (await count("Suggestion")) + 1;
    case "errors":
      return (await count("ErrorSpan")) + 1;
    case "gold":
      return (await count("GoldReference")) + 1;
    case "project":
    case "backup": {
      let n = 1;
      const tables = ["Document", "Segment", "Annotation", "Adjudication", "ErrorSpan", "PostEdit", "GoldReference"];
      if (what === "backup") tables.push("Mrw", "Assignment", "History", "AuditLog");
      for (const t of tables) n += await count(t);
      return n;
    }
    default:
      return 0;
  }
}

/** Queues an export of `what` as `format` (checked now, so a wrong pair is refused at once, not by the worker). */
export async function createExportJob(
  db: Db,
  pool: Pool,
  opts: { project: { id: string; slug: string }; actorId: string; what: TExportWhat; format: TExportFormat },
): Promise<TJobView> {
  // builds the export without running it: refuses a format the kind has not (tags ≠ CoNLL …)
  const file = exportFile(pool, db, opts.project, opts.what, opts.format);
  await file.lines.return(undefined);
  const input: TExportJobInput = { what: opts.what, format: opts.format, fileName: file.fileName, contentType: file.contentType };
  const total = await estimateExportLines(pool, opts.project.id, opts.what);
  const job = await db.job.create({
    data: { projectId: opts.project.id, kind: "export", createdById: opts.actorId, total, input: input as object },
    select: { id: true },
  });
  try {
    await enqueue(pool, QUEUES.export, { jobId: job.id });
  } catch (e) {
    await db.job.update({ where: { id: job.id }, data: { status: "failed", finishedAt: new Date(), error: { message: `The job could not be queued: ${(e as Error).message}` } } });
  }
  return getProjectJob(db, opts.project.id, job.id);
}

/**
 * The export job `jobId` of this project as its caller may see it: a manager any, anyone else only
 * their own (another's is "not found", like a job of another project).
 */
export async function getExportJobFor(db: Db, projectId: string, jobId: string, caller: { userId: string; manages: boolean }): Promise<TJobView & { input: TExportJobInput }> {
  const row = await db.job.findFirst({ where: { id: jobId, projectId, kind: "export" }, select: { createdById: true, input: true } });
  if (!row || (!caller.manages && row.createdById !== caller.userId)) throw new AppError("NOT_FOUND", "No such export in this project.");
  return { ...(await getProjectJob(db, projectId, jobId)), input: row.input as unknown as TExportJobInput };
}

/** The finished file's chunks in order, one query each (a chunk is ~1 MB: memory stays flat). */
export async function* readExportOutput(pool: Pool, jobId: string): AsyncGenerator<Uint8Array> {
  const { rows } = await pool.query<{ position: number }>(`SELECT position FROM "JobOutput" WHERE "jobId" = $1 ORDER BY position`, [jobId]);
  for (const { position } of rows) {
    const chunk = await pool.query<{ content: Buffer }>(`SELECT content FROM "JobOutput" WHERE "jobId" = $1 AND position = $2`, [jobId, position]);
    const content = chunk.rows[0]?.content;
    if (!content) throw new AppError("CONFLICT", "The export's file changed while it was being read; download it again.");
    yield new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
  }
}

export function exportResultOf(job: TJobView): TExportJobResult | null {
  return job.status === "done" ? (job.result as TExportJobResult | null) : null;
}
