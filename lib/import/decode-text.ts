import type { ImportIssue } from "@/lib/import/types";

/**
 * Byte → text decoding for every importer.
 *
 * - Default is strict UTF-8 (TextDecoder with fatal: true). A UTF-8 BOM is
 *   stripped. Invalid bytes are an error naming the line and column of the
 *   first bad byte; nothing is guessed, because a wrongly guessed encoding
 *   would silently corrupt Chinese/Italian/Spanish text.
 * - Some VUAMC shared-task files (vuamc_corpus_train.csv, VUA_formatted_val.csv,
 *   VUA_seq_formatted_val.csv) are not valid UTF-8 (their non-ASCII characters
 *   were already mangled upstream). They import only when the caller
 *   *declares* a fallback: `encoding: "latin1"` (every byte → U+0000..U+00FF,
 *   lossless and reversible, recommended) or `"cp1252"` (WHATWG windows-1252,
 *   prettier for 0x80–0x9F but still not the original characters). A warning
 *   says how many non-ASCII bytes were decoded that way.
 * - Line endings are not rewritten here: parsers treat LF and CRLF as record
 *   separators, and text cells keep their bytes (a CR inside a quoted cell
 *   stays).
 */
export type TextEncodingName = "utf-8" | "latin1" | "cp1252";

export interface DecodeOptions {
  encoding?: TextEncodingName;
}

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  hadBom: boolean;
  /** "crlf" when the first line break is CRLF, "lf" for LF, "none" for a single line. */
  lineEnding: "lf" | "crlf" | "none";
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export const BINARY_ADVICE =
  "Import a MetaHOPE annotation workbook (.xlsx) with the format \"MetaHOPE annotation workbook\" (or let the format be detected); for other corpora, save the sheet as CSV or TSV first.";

/**
 * Recognises the binary containers people pick by mistake from their magic bytes: an .xlsx/.docx
 * (Office Open XML is a ZIP archive, "PK\x03\x04"), a legacy .xls/.doc (OLE2 compound file) or a
 * PDF. Returns how to name the file in an error, or null for anything else.
 */
export function binaryKind(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return "the file is a spreadsheet or another ZIP archive (an Excel .xlsx workbook is one)";
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return "the file is a legacy Excel (.xls) spreadsheet or another Office binary file";
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "the file is a PDF document";
  return null;
}

export function decodeText(fileName: string, content: Buffer | Uint8Array | string, options: DecodeOptions = {}): DecodedText {
  const encoding = options.encoding ?? "utf-8";
  if (typeof content === "string") {
    const hadBom = content.charCodeAt(0) === 0xfeff;
    const text = hadBom ? content.slice(1) : content;
    return { text, encoding, hadBom, lineEnding: detectLineEnding(text), errors: [], warnings: [] };
  }
  const bytes = content instanceof Uint8Array ? content : new Uint8Array(content);
  const hadBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hadBom ? bytes.subarray(3) : bytes;

  if (encoding === "utf-8") {
    try {
      const text = utf8.decode(body);
      return { text, encoding, hadBom, lineEnding: detectLineEnding(text), errors: [], warnings: [] };
    } catch {
      const binary = binaryKind(bytes);
      if (binary) {
        // "Re-save as UTF-8" would be the wrong advice: the file is not text in any encoding
        return {
          text: "",
          encoding,
          hadBom,
          lineEnding: "none",
          errors: [{ file: fileName, line: 1, column: 1, message: `${binary}, not a text file, so it cannot be read as this text format. ${BINARY_ADVICE}` }],
          warnings: [],
        };
      }
      const bad = locateInvalidUtf8(body);
      const where = bad ?? { offset: 0, line: 1, column: 1 };
      const byteHex = body[where.offset]?.toString(16).padStart(2, "0") ?? "??";
      return {
        text: "",
        encoding,
        hadBom,
        lineEnding: "none",
        errors: [
          {
            file: fileName,
            line: where.line,
            column: where.column,
            message:
              `not valid UTF-8: byte 0x${byteHex} at byte offset ${where.offset + (hadBom ? 3 : 0)} (line ${where.line}, column ${where.column}). ` +
              `Re-save the file as UTF-8, or, if it is a known legacy file (e.g. VUAMC vuamc_corpus_train.csv), import it with encoding "latin1" or "cp1252".`,
          },
        ],
        warnings: [],
      };
    }
  }

  // Decoded by hand: WHATWG "latin1" is really windows-1252, and Node builds
  // differ in what TextDecoder("windows-1252") does. Byte n → U+00nn, and for
  // cp1252 the 0x80–0x9F block through the table (its 5 undefined bytes stay U+0080-style controls).
  const parts: string[] = [];
  const CHUNK = 0x8000;
  for (let i = 0; i < body.length; i += CHUNK) {
    const codes = Array.from(body.subarray(i, i + CHUNK));
    if (encoding === "cp1252") for (let k = 0; k < codes.length; k++) if (codes[k] >= 0x80 && codes[k] <= 0x9f) codes[k] = CP1252_80_9F[codes[k] - 0x80];
    parts.push(String.fromCharCode.apply(null, codes));
  }
  const text = parts.join("");
  let nonAscii = 0;
  for (let i = 0; i < body.length; i++) if (body[i] >= 0x80) nonAscii++;
  const warnings: ImportIssue[] =
    nonAscii > 0
      ? [{ file: fileName, message: `decoded as ${encoding} (declared fallback): ${nonAscii} non-ASCII bytes were mapped one byte per character; the original characters may not be recoverable` }]
      : [];
  return { text, encoding, hadBom, lineEnding: detectLineEnding(text), errors: [], warnings };
}

const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

function detectLineEnding(text: string): "lf" | "crlf" | "none" {
  const i = text.indexOf("\n");
  if (i < 0) return "none";
  return i > 0 && text.charCodeAt(i - 1) === 13 ? "crlf" : "lf";
}

/**
 * Finds the first byte that breaks UTF-8 (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF). Line is 1-based counting LF bytes;
 * column is the 1-based character position in that line (valid characters
 * before the bad byte count as one each).
 */
export function locateInvalidUtf8(bytes: Uint8Array): { offset: number; line: number; column: number } | null {
  let line = 1;
  let column = 1;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      if (b === 0x0a) {
        line++;
        column = 1;
      } else column++;
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let cp: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
      cp = b & 0x0f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
      cp = b & 0x07;
    } else return { offset: i, line, column };
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return { offset: i, line, column };
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return { offset: i, line, column };
    i += need + 1;
    column++;
  }
  return null;
}
