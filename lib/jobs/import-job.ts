// The import job: the uploaded files of a `Job` row, parsed and stored as the upload route used to
// do inside the request, with progress in the row (two units per file: check, store), a cancel
// honoured between steps, and a retry after a crash that skips the files already stored.
//
// All-or-nothing per file, as before: every file is checked before any is stored (an error in
// any file stores nothing), and each file is stored in its own transaction (lib/db/import/load-import.ts).
// Storing a file twice updates instead of duplicating, so even a crash between a file's commit and
// the row's update loses nothing and duplicates nothing.
import type { Pool, PoolClient } from "pg";
import type { Db } from "@/lib/db/client";
import { recordJobFailure } from "./job-failure";
import { Readable } from "node:stream";
import { countsOf, parseImportFile, resolveFormat, type ImportCounts } from "@/lib/db/import/import-file";
import { loadImport, type LoadImportSummary } from "@/lib/db/import/load-import";
import { streamsImport } from "@/lib/db/import/stream-threshold";
import { loadImportStream } from "@/lib/db/import/load-import-stream";
import { emptyImportResult, type ImportResult } from "@/lib/import/types";
import { getJobFiles, type TImportJobInput } from "@/lib/db/jobs/jobs";
import { warmDashboard } from "@/lib/db/reports/warm-dashboard";
import { isAppError } from "@/lib/errors";
import type { ImportIssue } from "@/lib/import/types";
import { clipIssue } from "@/lib/import/answer-limits";

export interface TImportJobFileOutcome {
  file: string;
  format: string | null;
  stored: boolean;
  counts: ImportCounts;
  errors: ImportIssue[];
  warnings: ImportIssue[];
}
export interface TImportJobResult {
  outcomes: TImportJobFileOutcome[];
}

/** Thrown at a checkpoint inside a file's transaction when the job was asked to stop. */
class JobCancelled extends Error {}

/**
 * Whether the job may write its progress while a file's transaction holds a connection: not on a
 * one-connection pool (DATABASE_POOL_MAX=1), where the write would wait for itself.
 */
function canReportDuringTransaction(pool: Pool): boolean {
  return ((pool as unknown as { options?: { max?: number } }).options?.max ?? 10) > 1;
}

/** Runs (or resumes) one import job. Throws only for failures worth a retry (database down). */
export async function runImportJob(db: Db, pool: Pool, jobId: string): Promise<void> {
  const job = await db.job.findUnique({ where: { id: jobId }, include: { project: { select: { id: true, sourceLang: true, targetLang: true } } } });
  if (!job || job.status === "done" || job.status === "failed" || job.status === "cancelled") return;
  const input = job.input as unknown as TImportJobInput;
  const previous = (job.result as TImportJobResult | null)?.outcomes ?? [];
  const storedBefore = new Set(previous.filter((o) => o.stored).map((o) => o.file));
  const attempt = job.attempts + 1;
  await db.job.update({ where: { id: jobId }, data: { status: "running", startedAt: job.startedAt ?? new Date(), attempts: attempt, error: job.error ?? undefined } });

  const cancelled = async (): Promise<boolean> => {
    const row = await db.job.findUnique({ where: { id: jobId }, select: { cancelRequested: true } });
    if (!row?.cancelRequested) return false;
    await db.job.update({ where: { id: jobId }, data: { status: "cancelled", finishedAt: new Date(), stage: null } });
    return true;
  };
  const progress = (done: number, stage: string | null, result?: TImportJobResult) =>
    db.job.update({ where: { id: jobId }, data: { done, stage, ...(result ? { result: result as object } : {}) } });

  try {
    const files = await getJobFiles(db, jobId);
    const total = files.length * 2;
    let done = 0;
    // 1. check every file (nothing stored yet)
    // Tropos JSONL from TROPOS_IMPORT_STREAM_MB up: stored by the streaming path from the uploaded
    // bytes (the parsed corpus, about 14 times the file, is never built) and checked while it is
    // stored; among several files it is checked first by a dry run, so that an error in any file
    // still stores none of them
    const parsed: { name: string; format: string | null; result: ImportResult; stream?: Buffer }[] = [];
    for (const f of files) {
      if (await cancelled()) return;
      await progress(done, `checking ${f.name}`);
      const content = f.content;
      const streamFormat = resolveFormat(f.name, content, input.options.format);
      if (streamsImport({ size: content.length, format: streamFormat, encoding: input.options.encoding })) {
        let result = emptyImportResult();
        if (files.length > 1) {
          try {
            await loadImportStream(pool, { projectId: job.projectId, actorId: job.createdById, fileName: f.name, input: Readable.from([content]), dryRun: true });
          } catch (e) {
            if (!(isAppError(e) && e.code === "UNPROCESSABLE")) throw e;
            result = { ...result, errors: (e.detail as { errors?: ImportIssue[] } | undefined)?.errors ?? [{ file: f.name, message: e.message }] };
          }
        }
        parsed.push({ name: f.name, format: streamFormat, result, stream: content });
        done += 1;
        continue;
      }
      const { format, result } = await parseImportFile(pool, job.project, f.name, content, input.options);
      parsed.push({ name: f.name, format, result });
      done += 1;
    }
    // messages clipped as the upload route's answer clips them (they may quote the file)
    const outcomes: TImportJobFileOutcome[] = parsed.map((p) => ({
      file: p.name, format: p.format, stored: storedBefore.has(p.name), counts: countsOf(p.result), errors: p.result.errors.map(clipIssue), warnings: p.result.warnings.map(clipIssue),
    }));
    const errors = outcomes.flatMap((o) => o.errors);
    if (errors.length) {
      await db.job.update({
        where: { id: jobId },
        data: { status: "failed", finishedAt: new Date(), done, stage: null, result: { outcomes } as object, error: { message: `${errors.length} error(s); nothing was stored.`, errors } as object },
      });
      return;
    }
    // 2. store each file in its own transaction
    for (const [i, p] of parsed.entries()) {
      if (outcomes[i].stored) {
        done += 1;
        continue;
      }
      if (await cancelled()) return;
      await progress(done, `storing ${p.name}`, { outcomes });
      const reportInside = canReportDuringTransaction(pool);
      const doneBefore = done;
      try {
        // between the parts of a file: stop (the file's transaction rolls back) or say where we are
        const checkpoint = async (part: string, client: PoolClient) => {
          const row = await client.query<{ cancelRequested: boolean }>(`SELECT "cancelRequested" FROM "Job" WHERE id = $1`, [jobId]);
          if (row.rows[0]?.cancelRequested) throw new JobCancelled();
          if (reportInside) await progress(doneBefore, `storing ${p.name}: ${part}`);
        };
        const base = { projectId: job.projectId, actorId: job.createdById, fileName: p.name, checkpoint };
        const s: LoadImportSummary & { pairs?: number } = p.stream ? await loadImportStream(pool, { ...base, input: Readable.from([p.stream]) }) : await loadImport(pool, { ...base, result: p.result });
        outcomes[i] = { ...outcomes[i], stored: true, counts: { documents: s.documents, segments: s.segments, mrws: s.mrws, translations: s.translations, alignments: s.alignments, annotations: s.annotations, errorSpans: s.errorSpans, postEdits: s.postEdits, metricScores: s.metricScores, pairs: s.pairs ?? outcomes[i].counts.pairs } };
      } catch (e) {
        if (e instanceof JobCancelled) {
          const storedNames = outcomes.filter((o) => o.stored).map((o) => o.file);
          await db.job.update({
            where: { id: jobId },
            data: { status: "cancelled", finishedAt: new Date(), stage: null, result: { outcomes } as object, error: { message: `Cancelled while storing ${p.name}, which was rolled back; ${storedNames.length ? `stored before it: ${storedNames.join(", ")}` : "nothing was stored"}.` } as object },
          });
          return;
        }
        if (!(isAppError(e) && e.code === "UNPROCESSABLE")) throw e;
        // refused by the loader (references to unknown items …): this file is not stored
        const fileErrors = ((e.detail as { errors?: ImportIssue[] } | undefined)?.errors ?? [{ file: p.name, message: e.message }]).map(clipIssue);
        outcomes[i] = { ...outcomes[i], errors: fileErrors };
        const storedNames = outcomes.filter((o) => o.stored).map((o) => o.file);
        await db.job.update({
          where: { id: jobId },
          data: {
            status: "failed", finishedAt: new Date(), done, stage: null, result: { outcomes } as object,
            error: { message: `${p.name} was refused; ${storedNames.length ? `stored before it: ${storedNames.join(", ")}` : "nothing was stored"}.`, errors: fileErrors } as object,
          },
        });
        return;
      }
      done += 1;
      await progress(done, null, { outcomes });
    }
    await db.job.update({ where: { id: jobId }, data: { status: "done", finishedAt: new Date(), done: total, stage: null, result: { outcomes } as object, error: undefined } });
    // the uploaded bytes are no longer needed; the row keeps the names and the outcome
    await db.jobFile.deleteMany({ where: { jobId } });
    // the new rows make the next dashboard view a full read and every statistic: do them now
    await warmDashboard(db, job.projectId);
  } catch (e) {
    if (await recordJobFailure(db, jobId, attempt, e)) throw e;
  }
}
