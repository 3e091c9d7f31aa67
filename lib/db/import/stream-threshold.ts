import { z } from "zod";

/**
 * From which size a Tropos JSONL file is imported by the streaming path
 * (lib/db/import/load-import-stream.ts) instead of being read and parsed whole: `TROPOS_IMPORT_STREAM_MB`
 * (megabytes, default 8; 0 streams every JSONL file). Below it the in-memory path is as fast and
 * its memory small; above it the parsed corpus of the in-memory path grows to about 14 times the
 * file (1.7 GB for a 123 MB file).
 */
const ZStreamMb = z.coerce.number().finite().nonnegative();
export const DEFAULT_IMPORT_STREAM_MB = 8;

export function importStreamThresholdBytes(raw: string | undefined = process.env.TROPOS_IMPORT_STREAM_MB): number {
  const parsed = ZStreamMb.safeParse(raw === undefined || raw.trim() === "" ? DEFAULT_IMPORT_STREAM_MB : raw);
  return (parsed.success ? parsed.data : DEFAULT_IMPORT_STREAM_MB) * 1024 * 1024;
}

/** Whether a file of this size and resolved format goes through the streaming path (strict UTF-8 JSONL only). */
export function streamsImport(file: { size: number; format: string | null; encoding?: string }, thresholdBytes = importStreamThresholdBytes()): boolean {
  return file.format === "jsonl" && (file.encoding === undefined || file.encoding === "utf-8") && file.size >= thresholdBytes;
}
