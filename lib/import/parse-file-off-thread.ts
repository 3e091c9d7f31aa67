// The in-memory parse of an import (every format but the MetaHOPE workbook, which has its own
// worker) off the server's event loop (issue 27, point 8): a 188 MB JSONL upload used to block
// the event loop for 15.4 s at 4.25 GB before it was refused. A file from PARSE_OFF_THREAD_BYTES
// up is parsed in a worker thread with its own heap limit (PARSE_WORKER_HEAP_MB: a file that needs
// more is refused, and the server lives on) and time limit; smaller files parse in a few
// milliseconds and stay on the calling thread, which spares them a thread's start-up. Either way
// the per-field size limits (field-limits.ts) are applied before the result is returned.
import { Worker } from "node:worker_threads";
import { parseFile, type ParseFileOptions } from "./index";
import { withFieldLimits } from "./field-limits";
import { runParseWorker } from "./run-parse-worker";
import type { ImportResult } from "./types";

/** From this size a file is parsed in a worker thread. */
export const PARSE_OFF_THREAD_BYTES = 1024 * 1024;
/** old-generation heap of one parse worker: a parsed corpus takes about 14 times its file */
export const PARSE_WORKER_HEAP_MB = 2048;
const PARSE_WORKER_TIMEOUT_MS = 120_000;

/** What the worker needs; functions cannot cross to a thread, so none of the options that take one. */
export type TParseFileWorkerOptions = Omit<ParseFileOptions, "resolveSegment">;
export interface TParseFileWorkerInput {
  fileName: string;
  content: Uint8Array;
  options: TParseFileWorkerOptions;
}

/** How many parses went to a worker thread in this process (tests check that a large file does). */
let threadedParses = 0;
export function parsesOffThread(): number {
  return threadedParses;
}

// As parse-xlsx-off-thread.ts: the literal URL is the bundled worker under Next.js; run from
// source (tsx, vitest) the thread registers tsx first (tsx-worker-bootstrap.mjs).
function startWorker(input: TParseFileWorkerInput, options: { resourceLimits: { maxOldGenerationSizeMb: number } }): Worker {
  if (import.meta.url.endsWith(".ts")) {
    const bootstrap = import.meta.url.replace(/[^/]+$/, "tsx-worker-bootstrap.mjs");
    const entry = import.meta.url.replace(/[^/]+$/, "parse-file-worker.ts");
    return new Worker(new URL(bootstrap), { ...options, workerData: input, argv: [entry] });
  }
  return new Worker(new URL("./parse-file-worker.ts", import.meta.url), { ...options, workerData: input });
}

/** parseFile with the per-field size limits, in a worker thread for a file of PARSE_OFF_THREAD_BYTES or more. */
export async function parseFileOffThread(fileName: string, content: Buffer, options: TParseFileWorkerOptions): Promise<ImportResult> {
  if (content.length < PARSE_OFF_THREAD_BYTES) return withFieldLimits(fileName, parseFile(fileName, content, options));
  threadedParses++;
  return runParseWorker(fileName, { heapMb: PARSE_WORKER_HEAP_MB, timeoutMs: PARSE_WORKER_TIMEOUT_MS, what: "file" }, (o) => startWorker({ fileName, content, options }, o));
}
