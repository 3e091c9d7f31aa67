// The export job (issue 21 point 1): the same export the download route streams (lib/db/export/stream.ts),
// written by a background worker into JobOutput chunks, with progress (lines written of an estimate)
// and cancel, so a large export survives a closed tab, a dropped connection or a server restart and
// is downloaded when it is ready.
//
// Nothing twice: an attempt starts by deleting the chunks of an earlier attempt (a worker that died
// mid-export), so the file is always one attempt's output, whole.
//
// On a one-connection pool (DATABASE_POOL_MAX=1) the export's cursor holds the only
// connection while it runs, so chunks, progress and the cancel check wait until it has finished: the
// chunks are kept in memory meanwhile (the demo's projects are small).
import { randomUUID } from "node:crypto";
import type { Pool } from "pg";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { exportFile, ZExportFormat, ZExportWhat } from "@/lib/db/export/stream";
import { recordJobFailure } from "./job-failure";

export const ZExportJobInput = z.object({
  what: ZExportWhat,
  format: ZExportFormat,
  fileName: z.string().min(1),
  contentType: z.string().min(1),
});
export type TExportJobInput = z.infer<typeof ZExportJobInput>;

export interface TExportJobResult {
  fileName: string;
  contentType: string;
  bytes: number;
  lines: number;
  chunks: number;
}

/** About 1 MB per stored chunk: few rows, and the download route streams them one by one. */
export const EXPORT_CHUNK_CHARS = 1 << 20;
/** How often a running export writes its progress and looks for a cancel. */
const REPORT_EVERY_MS = 500;

function poolIsShared(pool: Pool): boolean {
  return ((pool as unknown as { options?: { max?: number } }).options?.max ?? 10) > 1;
}

class ExportCancelled extends Error {}

/** Runs (or runs again) one export job. Throws only for failures worth a retry (database down). */
export async function runExportJob(db: Db, pool: Pool, jobId: string): Promise<void> {
  const job = await db.job.findUnique({ where: { id: jobId }, include: { project: { select: { id: true, slug: true } } } });
  if (!job || job.kind !== "export" || job.status === "done" || job.status === "failed" || job.status === "cancelled") return;
  const attempt = job.attempts + 1;
  const input = ZExportJobInput.safeParse(job.input);
  if (!input.success) {
    await db.job.update({ where: { id: jobId }, data: { status: "failed", finishedAt: new Date(), error: { message: `The export's options are not valid: ${input.error.issues[0]?.message}` } } });
    return;
  }
  const { what, format, fileName, contentType } = input.data;
  if (job.cancelRequested) {
    await db.job.update({ where: { id: jobId }, data: { status: "cancelled", finishedAt: new Date(), stage: null } });
    return;
  }
  await db.job.update({ where: { id: jobId }, data: { status: "running", startedAt: job.startedAt ?? new Date(), attempts: attempt, done: 0, stage: `writing ${fileName}` } });

  const live = poolIsShared(pool);
  let position = 0;
  let bytes = 0;
  let lines = 0;
  const waiting: Buffer[] = [];
  const store = async () => {
    while (waiting.length) {
      const chunk = waiting.shift()!;
      await pool.query(`INSERT INTO "JobOutput" (id, "jobId", position, content) VALUES ($1, $2, $3, $4)`, [randomUUID(), jobId, position++, chunk]);
    }
  };
  const cancelRequested = async () => (await pool.query<{ c: boolean }>(`SELECT "cancelRequested" AS c FROM "Job" WHERE id = $1`, [jobId])).rows[0]?.c === true;
  const report = async () => {
    // an estimate that proved low grows with the count, so the bar never runs past its end
    await pool.query(`UPDATE "Job" SET done = $2, total = GREATEST(total, $2) WHERE id = $1`, [jobId, lines]);
  };

  try {
    // an earlier attempt's chunks (its worker died): this attempt writes the file again, whole
    await pool.query(`DELETE FROM "JobOutput" WHERE "jobId" = $1`, [jobId]);
    const file = exportFile(pool, db, job.project, what, format);
    let parts: string[] = [];
    let chars = 0;
    let lastReport = Date.now();
    try {
      for await (const line of file.lines) {
        parts.push(line);
        chars += line.length;
        lines += 1;
        if (chars >= EXPORT_CHUNK_CHARS) {
          const chunk = Buffer.from(parts.join(""), "utf8");
          bytes += chunk.length;
          waiting.push(chunk);
          parts = [];
          chars = 0;
          if (live) await store();
        }
        if (live && Date.now() - lastReport >= REPORT_EVERY_MS) {
          lastReport = Date.now();
          if (await cancelRequested()) throw new ExportCancelled();
          await report();
        }
      }
    } finally {
      // stops the export's cursor when we leave early (cancel, failure)
      await file.lines.return(undefined);
    }
    if (parts.length) {
      const chunk = Buffer.from(parts.join(""), "utf8");
      bytes += chunk.length;
      waiting.push(chunk);
    }
    if (await cancelRequested()) throw new ExportCancelled();
    await store();
    const result: TExportJobResult = { fileName, contentType, bytes, lines, chunks: position };
    await db.job.update({ where: { id: jobId }, data: { status: "done", finishedAt: new Date(), done: lines, total: lines, stage: null, result: result as object, error: undefined } });
  } catch (e) {
    if (e instanceof ExportCancelled) {
      await pool.query(`DELETE FROM "JobOutput" WHERE "jobId" = $1`, [jobId]);
      await db.job.update({ where: { id: jobId }, data: { status: "cancelled", finishedAt: new Date(), stage: null, done: lines, error: { message: `Cancelled after ${lines} lines; nothing was kept.` } } });
      return;
    }
    // an export the request could not have made either (a format the kind does not have): no retry
    if ((e as { code?: string }).code === "BAD_REQUEST") {
      await db.job.update({ where: { id: jobId }, data: { status: "failed", finishedAt: new Date(), stage: null, error: { message: (e as Error).message } } });
      return;
    }
    if (await recordJobFailure(db, jobId, attempt, e)) throw e;
  }
}
