// The streaming path of a Tropos JSONL import (issue 21 point 3): the file is read as a stream of
// lines and never held whole. Corpus lines (documents, segments, MRWs, translations) go in batches
// through COPY into temporary tables of the import's transaction (lib/db/import/jsonl-staging.ts), are
// checked there as the in-memory parser checks them, and are written set-based by the one loader
// (lib/db/import/load-import.ts) with everything else it does unchanged; value lines (annotations, error
// spans, post-edits, alignments, adjudications, gold references) are kept in memory as the
// in-memory parser keeps them. One transaction per file as before: a refused file stores nothing,
// and its errors name file, line and field with the messages of the in-memory path.
import type { Pool, PoolClient } from "pg";
import { AppError } from "@/lib/errors";
import { lineOversize } from "@/lib/import/field-limits";
import { IssueSink } from "@/lib/import/issues";
import { collectValueLine, parseJsonlLine, type JsonlSpanCheck } from "@/lib/import/parse-jsonl-line";
import { StreamDecodeError, streamLines } from "@/lib/import/stream-lines";
import { emptyImportResult, type ImportIssue } from "@/lib/import/types";
import {
  checkStagedLines, countStagedPairs, JsonlStaging, stagedCorpus,
} from "@/lib/db/import/jsonl-staging";
import { loadInTransaction, withAdaptiveRaters, type LoadImportOptions, type LoadImportSummary } from "@/lib/db/import/load-import";

/** Rows per table per COPY: what bounds the import's memory (about 1 MB of text per 5,000 rows). */
export const STREAM_BATCH_ROWS = 5000;

export interface LoadImportStreamOptions extends Omit<LoadImportOptions, "result"> {
  /** the file's bytes, e.g. fs.createReadStream(path) */
  input: AsyncIterable<Buffer | Uint8Array | string>;
  batchRows?: number;
}

function refused(fileName: string, errors: ImportIssue[]): AppError {
  // worded as loadImport words a file whose parse failed
  return new AppError("UNPROCESSABLE", `${fileName}: ${errors.length} error(s); nothing was stored.`, { errors });
}

/** The loader's summary, and the file's parallel pairs (what countPairs gives for a parsed file). */
export type LoadImportStreamSummary = LoadImportSummary & { pairs: number };

/** Reads the file's lines: corpus lines into `staging`, value lines and their span checks kept. */
/**
 * Parsing lines is CPU work between the COPYs' network waits (thousands of lines each): in the
 * app's process, where the import job runs beside the pages, other users' requests would wait
 * for all of it. After YIELD_EVERY_MS of it the loop lets the event loop serve them.
 */
const YIELD_EVERY_MS = 20;

async function stageLines(opts: LoadImportStreamOptions, staging: JsonlStaging, sink: IssueSink, values: ReturnType<typeof emptyImportResult>, checks: JsonlSpanCheck[]): Promise<void> {
  let ranSince = performance.now();
  try {
    for await (const { line, text } of streamLines(opts.fileName, opts.input)) {
      if (performance.now() - ranSince > YIELD_EVERY_MS) {
        await new Promise((r) => setImmediate(r));
        ranSince = performance.now();
      }
      // past the cap of errors the lines are still decoded (bytes that are not UTF-8 refuse the
      // file with that one error, as the in-memory path decodes the whole file first), not parsed
      if (sink.full) continue;
      if (text.trim() === "") continue;
      const rec = parseJsonlLine(text, line, sink);
      if (!rec) continue;
      // the per-field size limits of the in-memory path (issue 27, point 8), line by line
      const big: ImportIssue[] = [];
      lineOversize(opts.fileName, line, rec, big);
      if (big.length) {
        for (const i of big) sink.error(line, i.message, undefined, i.field);
        continue;
      }
      if (rec.type === "document") await staging.document(rec, line);
      else if (rec.type === "segment") await staging.segment(rec, line);
      else if (rec.type === "mrw") await staging.mrw(rec, line);
      else if (rec.type === "translation") await staging.translation(rec, line);
      else collectValueLine(rec, line, values, checks);
    }
  } catch (e) {
    // a file that is not UTF-8 is refused with that one error, as decodeText refuses it whole
    if (e instanceof StreamDecodeError) throw refused(opts.fileName, [e.issue]);
    throw e;
  }
  await staging.finish();
}

/** The file's checks on the staged lines and its store, inside its transaction (BEGIN … COMMIT/ROLLBACK by the caller). */
async function checkAndStore(client: PoolClient, opts: LoadImportStreamOptions, sink: IssueSink, values: ReturnType<typeof emptyImportResult>, checks: JsonlSpanCheck[]): Promise<LoadImportStreamSummary> {
  await checkStagedLines(client, sink, checks);
  const result = sink.finish(values);
  if (result.errors.length) throw refused(opts.fileName, result.errors);
  const summary = await loadInTransaction(client, { ...opts, result }, stagedCorpus);
  const pairs = await countStagedPairs(client);
  return { ...summary, pairs };
}

async function beginFile(client: PoolClient, projectId: string): Promise<void> {
  await client.query("BEGIN");
  // the loader takes the same lock again (it is reentrant); taken here so that staging by COPY waits too
  await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`import:${projectId}`]);
  // room for the set-based statements' hashes and sorts (a file's worth of keys), this transaction only
  await client.query("SET LOCAL work_mem = '64MB'");
}

export async function loadImportStream(pool: Pool, opts: LoadImportStreamOptions): Promise<LoadImportStreamSummary> {
  const finishedItems = new Set<string>();
  const summary = await storeImportStream(pool, { ...opts, finishedItems });
  return opts.dryRun ? summary : withAdaptiveRaters(summary, opts, finishedItems);
}

async function storeImportStream(pool: Pool, opts: LoadImportStreamOptions): Promise<LoadImportStreamSummary> {
  const client = await pool.connect();
  let staging: JsonlStaging | null = null;
  try {
    await beginFile(client, opts.projectId);
    staging = await JsonlStaging.open(client, opts.batchRows ?? STREAM_BATCH_ROWS);
    const sink = new IssueSink(opts.fileName);
    const values = emptyImportResult();
    const checks: JsonlSpanCheck[] = [];
    await stageLines(opts, staging, sink, values, checks);
    const summary = await checkAndStore(client, opts, sink, values, checks);
    await client.query(opts.dryRun ? "ROLLBACK" : "COMMIT");
    return summary;
  } catch (e) {
    await staging?.settle();
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

