/**
 * Limits on what an .xlsx workbook (a zip archive) may unpack to, checked before ExcelJS sees it.
 *
 * ExcelJS inflates every part of the archive into memory and builds an object per cell: an 11.7 MB
 * upload that unpacked to 200 MB took 43 s of one thread and 2.8 GB. So, before parsing:
 * 1. `checkDeclaredXlsxSize` reads only the zip's central directory (no inflating, milliseconds):
 *    the number of parts and the sum of their declared uncompressed sizes.
 * 2. `checkXlsxArchive` then inflates every part with Node's zlib under `maxOutputLength`, because
 *    declared sizes are written by whoever made the file and can lie: inflating stops as soon as
 *    the running total passes the limit. It also counts the cells (`<c …>` elements) of the
 *    worksheets. ExcelJS later inflates the same bytes of the same parts, so what it unpacks is
 *    what was measured here.
 * The zip reading is a few fixed-offset fields of the central directory and local headers
 * (APPNOTE.TXT 4.3.7, 4.3.12, 4.3.16, zip64 4.3.14/4.5.3); the inflating is zlib's.
 */
import { inflateRawSync } from "node:zlib";
import type { ImportIssue } from "./types";

export interface TXlsxLimits {
  /** sum of the unpacked sizes of all parts */
  maxUnpackedBytes: number;
  /** parts in the archive */
  maxEntries: number;
  /** cells over all worksheets */
  maxCells: number;
}

const MB = 1024 * 1024;
export const DEFAULT_XLSX_LIMITS: TXlsxLimits = { maxUnpackedBytes: 50 * MB, maxEntries: 2000, maxCells: 1_000_000 };

function positive(v: string | undefined): number | undefined {
  const n = Number.parseFloat(v ?? "");
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Limits from TROPOS_MAX_XLSX_UNPACKED_MB and TROPOS_MAX_XLSX_CELLS, else the defaults. */
export function xlsxLimitsFromEnv(env: Record<string, string | undefined> = process.env): TXlsxLimits {
  const mb = positive(env.TROPOS_MAX_XLSX_UNPACKED_MB);
  const cells = positive(env.TROPOS_MAX_XLSX_CELLS);
  return {
    maxUnpackedBytes: mb ? Math.floor(mb * MB) : DEFAULT_XLSX_LIMITS.maxUnpackedBytes,
    maxEntries: DEFAULT_XLSX_LIMITS.maxEntries,
    maxCells: cells ? Math.floor(cells) : DEFAULT_XLSX_LIMITS.maxCells,
  };
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

class ZipFormatError extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function u64(buf: Buffer, at: number): number {
  const n = buf.readBigUInt64LE(at);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError("a zip64 size is out of range");
  return Number(n);
}

/** The central directory's entries, with zip64 sizes resolved. Throws ZipFormatError. */
function readCentralDirectory(buf: Buffer, maxEntries: number): ZipEntry[] {
  // the end-of-central-directory record sits in the last 22 + 65535 (comment) bytes
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError("it is not a zip archive (no end-of-central-directory record)");
  let count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && buf.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) {
    const z = u64(buf, eocd - 20 + 8);
    if (z + 56 > buf.length || buf.readUInt32LE(z) !== ZIP64_EOCD) throw new ZipFormatError("its zip64 directory record is damaged");
    count = u64(buf, z + 32);
    offset = u64(buf, z + 48);
  }
  if (count > maxEntries) throw new TooManyEntries(count);
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw new ZipFormatError("its central directory is damaged");
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: buf.toString("utf8", at + 46, at + 46 + nameLength),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      declaredSize: buf.readUInt32LE(at + 24),
      localHeaderOffset: buf.readUInt32LE(at + 42),
    };
    // zip64 extended information: the 8-byte values of the fields set to 0xffffffff, in this order
    const extraEnd = at + 46 + nameLength + extraLength;
    for (let e = at + 46 + nameLength; e + 4 <= extraEnd; ) {
      const id = buf.readUInt16LE(e);
      const size = buf.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let p = e + 4;
        if (entry.declaredSize === 0xffffffff && p + 8 <= e + 4 + size) {
          entry.declaredSize = u64(buf, p);
          p += 8;
        }
        if (entry.compressedSize === 0xffffffff && p + 8 <= e + 4 + size) {
          entry.compressedSize = u64(buf, p);
          p += 8;
        }
        if (entry.localHeaderOffset === 0xffffffff && p + 8 <= e + 4 + size) entry.localHeaderOffset = u64(buf, p);
      }
      e += 4 + size;
    }
    entries.push(entry);
    at = extraEnd + commentLength;
  }
  return entries;
}

class TooManyEntries extends Error {
  constructor(readonly count: number) {
    super(`${count} parts`);
  }
}

/** "200 MB", "12 KB", "100 bytes" */
function mb(bytes: number): string {
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function refusal(fileName: string, message: string): ImportIssue {
  return { file: fileName, message: `${message}; the workbook was not read (limits: TROPOS_MAX_XLSX_UNPACKED_MB, TROPOS_MAX_XLSX_CELLS).` };
}

function readDirectory(fileName: string, content: Buffer, limits: TXlsxLimits): ZipEntry[] | ImportIssue {
  try {
    return readCentralDirectory(content, limits.maxEntries);
  } catch (e) {
    if (e instanceof TooManyEntries) return refusal(fileName, `the workbook has ${e.count} parts, more than the limit of ${limits.maxEntries}`);
    if (e instanceof ZipFormatError || e instanceof RangeError) return { file: fileName, message: `not a readable .xlsx workbook: ${e instanceof ZipFormatError ? e.message : "its zip structure is cut short"}` };
    throw e;
  }
}

/**
 * Refusal when the central directory alone shows the workbook is too big (too many parts, or
 * declared unpacked sizes over the limit); null when it may be inflated. Reads no compressed data.
 */
export function checkDeclaredXlsxSize(fileName: string, content: Buffer, limits: TXlsxLimits = DEFAULT_XLSX_LIMITS): ImportIssue | null {
  const entries = readDirectory(fileName, content, limits);
  if (!Array.isArray(entries)) return entries;
  const declared = entries.reduce((n, e) => n + e.declaredSize, 0);
  if (declared > limits.maxUnpackedBytes) {
    return refusal(fileName, `the workbook unpacks to ${mb(declared)}, more than the limit of ${mb(limits.maxUnpackedBytes)}`);
  }
  return null;
}

/** Number of `<c …>` (cell) start tags in worksheet XML. */
function countCells(xml: Buffer): number {
  let n = 0;
  for (let i = xml.indexOf("<c", 0, "latin1"); i >= 0; i = xml.indexOf("<c", i + 2, "latin1")) {
    const next = xml[i + 2];
    // `<c ` `<c>` `<c/>` are cells; `<col`, `<cfRule` … are not
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) n++;
  }
  return n;
}

/**
 * Refusal when the workbook is over a limit, measured by inflating every part (stopping at the
 * limit, whatever the sizes declared) and counting worksheet cells; null when it may be parsed.
 */
export function checkXlsxArchive(fileName: string, content: Buffer, limits: TXlsxLimits = DEFAULT_XLSX_LIMITS): ImportIssue | null {
  const declared = checkDeclaredXlsxSize(fileName, content, limits);
  if (declared) return declared;
  const entries = readDirectory(fileName, content, limits) as ZipEntry[];
  let unpacked = 0;
  let cells = 0;
  for (const e of entries) {
    const at = e.localHeaderOffset;
    if (at + 30 > content.length || content.readUInt32LE(at) !== LOCAL) return { file: fileName, message: `not a readable .xlsx workbook: the part ${e.name} is damaged` };
    const start = at + 30 + content.readUInt16LE(at + 26) + content.readUInt16LE(at + 28);
    const data = content.subarray(start, start + e.compressedSize);
    const budget = limits.maxUnpackedBytes - unpacked;
    let part: Buffer;
    if (e.method === 0) {
      part = data;
      if (part.length > budget) return refusal(fileName, `the workbook unpacks to more than the limit of ${mb(limits.maxUnpackedBytes)} (part ${e.name})`);
    } else if (e.method === 8) {
      try {
        // throws RangeError once the output would pass the budget: the declared size is not trusted
        part = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
      } catch (err) {
        if (err instanceof RangeError || (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
          return refusal(fileName, `the workbook unpacks to more than the limit of ${mb(limits.maxUnpackedBytes)} (part ${e.name} inflates past it, although it declares ${mb(e.declaredSize)})`);
        }
        return { file: fileName, message: `not a readable .xlsx workbook: the part ${e.name} cannot be unpacked (${(err as Error).message})` };
      }
    } else {
      return { file: fileName, message: `not a readable .xlsx workbook: the part ${e.name} uses compression method ${e.method}` };
    }
    unpacked += part.length;
    if (unpacked > limits.maxUnpackedBytes) return refusal(fileName, `the workbook unpacks to more than the limit of ${mb(limits.maxUnpackedBytes)}`);
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(e.name)) {
      cells += countCells(part);
      if (cells > limits.maxCells) return refusal(fileName, `the workbook has more than ${limits.maxCells.toLocaleString("en")} cells (the limit)`);
    }
  }
  return null;
}
