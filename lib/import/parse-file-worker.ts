// Worker-thread entry of parseFileOffThread (parse-file-off-thread.ts): parses one file of any
// format but the MetaHOPE workbook (parse-xlsx-worker.ts), applies the per-field size limits
// (field-limits.ts) and posts the ImportResult back. Runs in its own thread with its own heap,
// so a large file never blocks the server's event loop, and running out of memory ends this
// thread only.
import { parentPort, workerData } from "node:worker_threads";
import { parseFile } from "./index";
import { withFieldLimits } from "./field-limits";
import type { TParseFileWorkerInput } from "./parse-file-off-thread";

if (parentPort) {
  const port = parentPort;
  const input = workerData as TParseFileWorkerInput;
  try {
    const content = Buffer.from(input.content.buffer, input.content.byteOffset, input.content.byteLength);
    port.postMessage({ ok: true, result: withFieldLimits(input.fileName, parseFile(input.fileName, content, input.options)) });
  } catch (e) {
    port.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) });
  }
}
