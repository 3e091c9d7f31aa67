// Parses a MetaHOPE workbook in a worker thread (parse-xlsx-worker.ts) so that the server keeps
// answering while ExcelJS works: a workbook that unpacked to 200 MB used to block the event loop
// for 43 s. Before a thread is started, the zip's central directory is checked against the limits
// (milliseconds, no inflating); the worker then enforces them while inflating, since declared
// sizes can lie. The thread has its own heap limit and a time limit, and at most two run at once
// (run-parse-worker.ts, shared with every other format's parse: parse-file-off-thread.ts).
import { Worker } from "node:worker_threads";
import type { TParseMetahopeOptions } from "./parse-metahope-xlsx";
import type { TXlsxWorkerInput } from "./parse-xlsx-worker";
import { runParseWorker } from "./run-parse-worker";
import { emptyImportResult, type ImportResult } from "./types";
import { checkDeclaredXlsxSize, xlsxLimitsFromEnv, type TXlsxLimits } from "./xlsx-archive-limits";

/** old-generation heap of one worker; ExcelJS needs about 14× the unpacked size */
const WORKER_HEAP_MB = 1024;
const WORKER_TIMEOUT_MS = 120_000;

// Under Next.js the `new URL("./parse-xlsx-worker.ts", …)` literal is rewritten to the bundled
// worker. Run from source (tsx, vitest) the worker is TypeScript, which a worker thread on Node 20
// cannot load by itself: tsx-worker-bootstrap.mjs registers tsx in the thread first (its path is
// computed, not a literal, so that the bundler leaves it alone).
function startWorker(input: TXlsxWorkerInput, options: { resourceLimits: { maxOldGenerationSizeMb: number } }): Worker {
  if (import.meta.url.endsWith(".ts")) {
    const bootstrap = import.meta.url.replace(/[^/]+$/, "tsx-worker-bootstrap.mjs");
    const entry = import.meta.url.replace(/[^/]+$/, "parse-xlsx-worker.ts");
    return new Worker(new URL(bootstrap), { ...options, workerData: input, argv: [entry] });
  }
  return new Worker(new URL("./parse-xlsx-worker.ts", import.meta.url), { ...options, workerData: input });
}

/** parseMetahopeXlsx in a worker thread, after the limits (TROPOS_MAX_XLSX_*) are checked. */
export async function parseMetahopeXlsxOffThread(
  fileName: string,
  content: Buffer,
  options: TParseMetahopeOptions = {},
  limits: TXlsxLimits = xlsxLimitsFromEnv(),
): Promise<ImportResult> {
  const early = checkDeclaredXlsxSize(fileName, content, limits);
  if (early) return { ...emptyImportResult(), errors: [early] };
  return runParseWorker(fileName, { heapMb: WORKER_HEAP_MB, timeoutMs: WORKER_TIMEOUT_MS, what: "workbook" }, (o) => startWorker({ fileName, content, options, limits }, o));
}
