// Worker-thread entry of parseMetahopeXlsxOffThread (parse-xlsx-off-thread.ts): checks the
// archive's limits by inflating it, then parses it with ExcelJS, and posts the ImportResult back.
// Runs in its own thread with its own heap, so a slow or huge workbook never blocks the server's
// event loop, and running out of memory ends this thread only.
import { parentPort, workerData } from "node:worker_threads";
import type { TParseMetahopeOptions } from "./parse-metahope-xlsx";
import { emptyImportResult, type ImportResult } from "./types";
import { checkXlsxArchive, type TXlsxLimits } from "./xlsx-archive-limits";

export interface TXlsxWorkerInput {
  fileName: string;
  content: Uint8Array;
  options: TParseMetahopeOptions;
  limits: TXlsxLimits;
}

async function run(input: TXlsxWorkerInput): Promise<ImportResult> {
  const content = Buffer.from(input.content.buffer, input.content.byteOffset, input.content.byteLength);
  const refused = checkXlsxArchive(input.fileName, content, input.limits);
  if (refused) return { ...emptyImportResult(), errors: [refused] };
  // loaded only for a workbook within the limits: ExcelJS takes a while to load, a refusal need not wait
  const { parseMetahopeXlsx } = await import("./parse-metahope-xlsx");
  return parseMetahopeXlsx(input.fileName, content, input.options);
}

if (parentPort) {
  const port = parentPort;
  run(workerData as TXlsxWorkerInput).then(
    (result) => port.postMessage({ ok: true, result }),
    (e: unknown) => port.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) }),
  );
}
