import { BINARY_ADVICE, binaryKind, locateInvalidUtf8 } from "@/lib/import/decode-text";
import type { ImportIssue } from "@/lib/import/types";

/** One line of a streamed text file: its 1-based number and its text without the line break. */
export interface StreamedLine {
  line: number;
  text: string;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Thrown by streamLines when a line is not UTF-8; `issue` is worded as decodeText words it. */
export class StreamDecodeError extends Error {
  constructor(readonly issue: ImportIssue) {
    super(issue.message);
  }
}

/**
 * The lines of a byte stream (a file read with fs.createReadStream), decoded as strict UTF-8 one
 * line at a time, so that memory holds one chunk and one line, never the file. Lines end at LF; a
 * CR before it is dropped; a UTF-8 BOM at the start is skipped. Bytes that are not UTF-8 throw a
 * StreamDecodeError naming the line, column and byte offset exactly as decodeText does for a
 * whole file (lib/import/decode-text.ts), and the binary containers people pick by mistake
 * (xlsx, PDF) are named the same way.
 */
export async function* streamLines(fileName: string, chunks: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<StreamedLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineNo = 0;
  let fileOffset = 0; // byte offset of the start of the line being assembled
  let first = true;
  let head = Buffer.alloc(0); // the file's first bytes, for binaryKind's signatures (up to 8 bytes)
  const decodeLine = (bytes: Buffer): string => {
    try {
      return utf8.decode(bytes);
    } catch {
      const binary = binaryKind(head);
      if (binary) throw new StreamDecodeError({ file: fileName, line: 1, column: 1, message: `${binary}, not a text file, so it cannot be read as this text format. ${BINARY_ADVICE}` });
      const bad = locateInvalidUtf8(bytes) ?? { offset: 0, line: 1, column: 1 };
      const byteHex = bytes[bad.offset]?.toString(16).padStart(2, "0") ?? "??";
      throw new StreamDecodeError({
        file: fileName,
        line: lineNo,
        column: bad.column,
        message:
          `not valid UTF-8: byte 0x${byteHex} at byte offset ${fileOffset + bad.offset} (line ${lineNo}, column ${bad.column}). ` +
          `Re-save the file as UTF-8, or, if it is a known legacy file (e.g. VUAMC vuamc_corpus_train.csv), import it with encoding "latin1" or "cp1252".`,
      });
    }
  };
  const finishLine = (bytes: Buffer): StreamedLine => {
    lineNo++;
    let body = bytes;
    if (body.length && body[body.length - 1] === 0x0d) body = body.subarray(0, body.length - 1);
    const text = decodeLine(body);
    fileOffset += bytes.length + 1;
    return { line: lineNo, text };
  };
  for await (const raw of chunks) {
    let chunk = typeof raw === "string" ? Buffer.from(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
    if (first) {
      first = false;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        chunk = chunk.subarray(3);
        fileOffset = 3;
      }
    }
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      const bytes = pendingBytes ? Buffer.concat([...pending, piece], pendingBytes + piece.length) : piece;
      pending = [];
      pendingBytes = 0;
      yield finishLine(bytes);
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
    }
  }
  if (pendingBytes) yield finishLine(Buffer.concat(pending, pendingBytes));
}
