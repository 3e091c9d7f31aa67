// Runs a file's parse in a worker thread (parse-xlsx-off-thread.ts, parse-file-off-thread.ts), so
// that the server keeps answering while a large file is read: the thread has its own heap limit
// (running out of memory ends the thread, and the file is refused) and a time limit, and at most
// MAX_PARALLEL_WORKERS run at once (the others wait their turn).
import type { Worker } from "node:worker_threads";
import { emptyImportResult, type ImportResult } from "./types";

const MAX_PARALLEL_WORKERS = 2;

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

export interface TParseWorkerLimits {
  heapMb: number;
  timeoutMs: number;
  /** what the file is called in the refusals ("workbook", "file") */
  what: string;
}

/**
 * Starts a worker with `start` (each caller names its entry with a literal URL, which the Next.js
 * bundler needs) and resolves with the ImportResult it posts, or a refused result when it runs
 * out of time or memory.
 */
export function runParseWorker(fileName: string, limits: TParseWorkerLimits, start: (options: { resourceLimits: { maxOldGenerationSizeMb: number } }) => Worker): Promise<ImportResult> {
  return slot(
    () =>
      new Promise((resolve, reject) => {
        const worker = start({ resourceLimits: { maxOldGenerationSizeMb: limits.heapMb } });
        let settled = false;
        const settle = (f: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          f();
          void worker.terminate();
        };
        const timer = setTimeout(
          () => settle(() => resolve(refused(fileName, `reading the ${limits.what} took longer than ${limits.timeoutMs / 1000} s; it was not imported (split it, or import it with \`npm run tropos -- import\`).`))),
          limits.timeoutMs,
        );
        worker.once("message", (m: { ok: true; result: ImportResult } | { ok: false; message: string }) =>
          settle(() => (m.ok ? resolve(m.result) : reject(new Error(`parsing ${fileName} failed: ${m.message}`)))),
        );
        worker.once("error", (e: Error & { code?: string }) =>
          settle(() =>
            e.code === "ERR_WORKER_OUT_OF_MEMORY"
              ? resolve(refused(fileName, `the ${limits.what} needs more than ${limits.heapMb} MB of memory to read; it was not imported.`))
              : reject(e),
          ),
        );
        worker.once("exit", (code) => settle(() => reject(new Error(`the ${limits.what} reader stopped (exit code ${code}) before answering`))));
      }),
  );
}
