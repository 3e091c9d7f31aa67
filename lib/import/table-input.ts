import { decodeText, type TextEncodingName } from "@/lib/import/decode-text";
import { IssueSink } from "@/lib/import/issues";
import { firstLineOf, readDelimited, sniffDelimiter, type DelimitedRecord } from "@/lib/import/read-delimited";

export interface ReadTableOptions {
  encoding?: TextEncodingName;
  /** Force a delimiter; default: sniffed from the extension and header line. */
  delimiter?: string;
  /** default: "rfc4180" for comma files, "lenient" for tab files (quotes are often literal there) */
  quoting?: "rfc4180" | "lenient" | "none";
  /** false when the file has no header row */
  hasHeader?: boolean;
}

export interface TableInput {
  sink: IssueSink;
  text: string;
  header: string[];
  headerLine: number;
  rows: DelimitedRecord[];
  delimiter: string;
}

/**
 * Decode + split a delimited file. Returns null when the bytes cannot be
 * decoded (the sink then holds the error). Header cells are trimmed.
 */
export function readTable(fileName: string, content: Buffer | Uint8Array | string, options: ReadTableOptions = {}): { input: TableInput | null; sink: IssueSink } {
  const sink = new IssueSink(fileName);
  const decoded = decodeText(fileName, content, { encoding: options.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  for (const w of decoded.warnings) sink.warn(w.line, w.message, w.column);
  if (decoded.errors.length > 0) return { input: null, sink };
  const text = decoded.text;
  if (text.trim() === "") {
    sink.error(1, "the file is empty");
    return { input: null, sink };
  }
  const delimiter = options.delimiter ?? sniffDelimiter(fileName, firstLineOf(text));
  const records = readDelimited(text, { delimiter, quoting: options.quoting ?? (delimiter === "\t" ? "lenient" : "rfc4180") }, sink);
  if (options.hasHeader === false) return { input: { sink, text, header: [], headerLine: 0, rows: records, delimiter }, sink };
  const first = records[0];
  const header = (first?.fields ?? []).map((h) => h.trim());
  return { input: { sink, text, header, headerLine: first?.line ?? 1, rows: records.slice(1), delimiter }, sink };
}

/** Wrong column count → error naming expected and found (a truncated line or an unquoted delimiter). */
export function checkWidth(row: DelimitedRecord, width: number, sink: IssueSink): boolean {
  if (row.fields.length === width) return true;
  sink.error(
    row.line,
    row.fields.length < width
      ? `expected ${width} fields, found ${row.fields.length} (truncated line?)`
      : `expected ${width} fields, found ${row.fields.length} (unquoted delimiter in a cell?)`,
    row.fields.length < width ? row.fields.length + 1 : width + 1,
  );
  return false;
}
