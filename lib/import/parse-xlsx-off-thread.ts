// Parses a MetaHOPE workbook in a worker thread (parse-xlsx-worker.ts) so that the server keeps
// answering while ExcelJS works: a workbook that unpacked to 200 MB used to block the event loop
// for 43 s. Before a thread is started, the zip's central directory is checked against the limits
// (milliseconds, no inflating); the worker then enforces them while inflating, since declared
// sizes can lie. The thread has its own heap limit and a time limit, and at most
// MAX_PARALLEL_WORKERS run at once (the others wait their turn).
import { Worker } from "node:worker_threads";
import type { TParseMetahopeOptions } from "./parse-metahope-xlsx";
import type { TXlsxWorkerInput } from "./parse-xlsx-worker";
import { emptyImportResult, type ImportResult } from "./types";
import { checkDeclaredXlsxSize, xlsxLimitsFromEnv, type TXlsxLimits } from "./xlsx-archive-limits";

const MAX_PARALLEL_WORKERS = 2;
/** old-generation heap of one worker; ExcelJS needs about 14× the unpacked size */
const WORKER_HEAP_MB = 1024;
const WORKER_TIMEOUT_MS = 120_000;

let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const refused = (file: string, message: string): ImportResult => ({ ...emptyImportResult(), errors: [{ file, message }] });

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

function runWorker(input: TXlsxWorkerInput): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(input, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => resolve(refused(input.fileName, `reading the workbook took longer than ${WORKER_TIMEOUT_MS / 1000} s; it was not imported (split it, or import it with \`npm run tropos -- import\`).`))),
      WORKER_TIMEOUT_MS,
    );
    worker.once("message", (m: { ok: true; result: ImportResult } | { ok: false; message: string }) =>
      settle(() => (m.ok ? resolve(m.result) : reject(new Error(`parsing ${input.fileName} failed: ${m.message}`)))),
    );
    worker.once("error", (e: Error & { code?: string }) =>
      settle(() =>
        e.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? resolve(refused(input.fileName, `the workbook needs more than ${WORKER_HEAP_MB} MB of memory to read; it was not imported.`))
          : reject(e),
      ),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`the workbook reader stopped (exit code ${code}) before answering`))));
  });
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
  return slot(() => runWorker({ fileName, content, options, limits }));
}
