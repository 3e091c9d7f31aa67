import { decodeText } from "@/lib/import/decode-text";
import { IssueSink } from "@/lib/import/issues";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { findColumn } from "@/lib/import/read-delimited";
import { checkWidth, readTable } from "@/lib/import/table-input";
import { emptyImportResult, type ImportedTranslation, type ImportResult } from "@/lib/import/types";

/**
 * MT outputs → ImportedTranslation[].
 *
 * Tabular (CSV/TSV), long form, one row per (segment, system):
 *   `segment_id, system, translation` or `doc_id, seg_index, system, translation`;
 *   optional `language`. Without a system column, `system` (CLI `--system`) names it.
 * Tabular, wide form: `segment_id` (or doc_id + seg_index) plus one column per
 *   system whose header is the system name (several systems at once).
 * JSONL: one object per line with the same keys (camelCase accepted).
 *
 * `doc_id + seg_index` (0-based, like ImportedSegment.index) is turned into a
 * segment id by `options.resolveSegment` when given (the caller knows the
 * project's documents); otherwise into `<doc_id>#<seg_index>`, a reference the
 * loader resolves against the stored documents. With `knownSegmentIds` every id
 * is checked and unknown ones are errors.
 *
 * Translation text is kept byte-exact (no trimming). An empty translation is a
 * warning (kept: an empty output is an output). A repeated (segment, system) pair
 * is a duplicate error. The language is the `language` column, else
 * `targetLang`; neither is an error.
 */
export interface ParseMtOptions extends CommonParseOptions {
  system?: string;
  resolveSegment?: (docId: string, index: number) => string | undefined;
  knownSegmentIds?: ReadonlySet<string>;
}

const SEG = ["segment_id", "segmentid", "seg_id", "segment", "item", "id"];
const DOC = ["doc_id", "docid", "document_id", "document", "doc"];
const IDX = ["seg_index", "segindex", "segment_index", "index", "seg_idx"];
const SYS = ["system", "sys", "system_name", "model", "engine"];
const TEXT = ["translation", "target", "hypothesis", "output", "mt", "text"];
const LANG = ["language", "lang", "target_lang", "targetlang", "tgt_lang"];

export function parseMt(fileName: string, content: ImportContent, options: ParseMtOptions = {}): ImportResult {
  if (/\.jsonl$|\.ndjson$/i.test(fileName)) return parseMtJsonl(fileName, content, options);
  const { input, sink } = readTable(fileName, content, { encoding: options.encoding });
  if (!input) return sink.finish(emptyImportResult());
  const { header, rows } = input;
  const c = {
    seg: findColumn(header, SEG),
    doc: findColumn(header, DOC),
    idx: findColumn(header, IDX),
    sys: findColumn(header, SYS),
    text: findColumn(header, TEXT),
    lang: findColumn(header, LANG),
  };
  const keyed = c.seg >= 0 || (c.doc >= 0 && c.idx >= 0);
  if (!keyed) {
    sink.error(input.headerLine, `MT file needs a segment_id column or doc_id + seg_index; found: ${header.join(", ")}`);
    return sink.finish(emptyImportResult());
  }
  const idCols = new Set([c.seg, c.doc, c.idx, c.lang].filter((x) => x >= 0));
  let systemCols: { col: number; system: string }[];
  if (c.text >= 0) {
    if (c.sys < 0 && !options.system) {
      sink.error(input.headerLine, "no system column: pass the system name (--system)", undefined, "system");
      return sink.finish(emptyImportResult());
    }
    systemCols = [{ col: c.text, system: options.system ?? "" }];
  } else {
    // wide form: every other column is a system
    systemCols = header.map((h, col) => ({ col, system: h.trim() })).filter((x) => !idCols.has(x.col) && x.col !== c.sys);
    if (systemCols.length === 0) {
      sink.error(input.headerLine, "no translation column and no system columns");
      return sink.finish(emptyImportResult());
    }
  }
  const out = new Emitter(sink, options);
  for (const row of rows) {
    if (sink.full) break;
    if (!checkWidth(row, header.length, sink)) continue;
    const f = row.fields;
    const segmentId = out.segmentId(row.line, c.seg >= 0 ? f[c.seg] : undefined, c.doc >= 0 ? f[c.doc] : undefined, c.idx >= 0 ? f[c.idx] : undefined, c.seg >= 0 ? header[c.seg] : header[c.idx]);
    if (segmentId === null) continue;
    const lang = c.lang >= 0 && f[c.lang].trim() ? f[c.lang].trim() : undefined;
    for (const sc of systemCols) {
      const system = c.text >= 0 ? (c.sys >= 0 ? f[c.sys].trim() : sc.system) : sc.system;
      out.add(row.line, segmentId, system, f[sc.col], lang, header[sc.col]);
    }
  }
  return out.finish();
}

class Emitter {
  readonly translations: ImportedTranslation[] = [];
  private seen = new Map<string, number>();
  private missingLang = false;
  constructor(
    readonly sink: IssueSink,
    readonly options: ParseMtOptions,
  ) {}

  segmentId(line: number, seg: string | undefined, doc: string | undefined, idx: string | undefined, field: string): string | null {
    let id: string | undefined;
    if (seg !== undefined && seg.trim() !== "") id = seg.trim();
    else if (doc !== undefined && idx !== undefined) {
      const d = doc.trim();
      const i = idx.trim();
      if (!/^\d+$/.test(i)) {
        this.sink.error(line, `segment index ${JSON.stringify(i)} is not a non-negative integer`, field, field);
        return null;
      }
      id = this.options.resolveSegment ? this.options.resolveSegment(d, Number(i)) : `${d}#${Number(i)}`;
      if (id === undefined) {
        this.sink.error(line, `document ${d} has no segment ${i}`, field, field);
        return null;
      }
    }
    if (!id) {
      this.sink.error(line, "missing segment id", field, field);
      return null;
    }
    if (this.options.knownSegmentIds && !this.options.knownSegmentIds.has(id)) {
      this.sink.error(line, `unknown segment ${id}`, field, field);
      return null;
    }
    return id;
  }

  add(line: number, segmentId: string, system: string, text: string, lang: string | undefined, field: string) {
    if (!system) {
      this.sink.error(line, "empty system name", "system", "system");
      return;
    }
    const language = lang ?? this.options.targetLang;
    if (!language) {
      if (!this.missingLang) this.sink.error(line, "no language column and no targetLang option: the translation language is unknown", "language", "language");
      this.missingLang = true;
      return;
    }
    const key = `${segmentId}\u0000${system}`;
    const prev = this.seen.get(key);
    if (prev !== undefined) {
      this.sink.error(line, `duplicate translation for segment ${segmentId}, system ${system} (first on line ${prev})`, field, field);
      return;
    }
    this.seen.set(key, line);
    if (text.trim() === "") this.sink.warn(line, `empty translation for segment ${segmentId}, system ${system}`, field, field);
    this.translations.push({ segmentId, system, language, text, line });
  }

  finish(): ImportResult {
    const r = emptyImportResult();
    r.translations = this.translations;
    if (r.translations.length === 0 && !this.sink.hasErrors) this.sink.error(undefined, "no translations");
    return this.sink.finish(r);
  }
}

function pick(o: Record<string, unknown>, keys: string[]): unknown {
  for (const k of Object.keys(o)) {
    const n = k.toLowerCase().replace(/[\s-]+/g, "_");
    if (keys.includes(n) || keys.includes(n.replace(/_/g, ""))) return o[k];
  }
  return undefined;
}

function parseMtJsonl(fileName: string, content: ImportContent, options: ParseMtOptions): ImportResult {
  const sink = new IssueSink(fileName);
  const decoded = decodeText(fileName, content, { encoding: options.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  if (decoded.errors.length) return sink.finish(emptyImportResult());
  const out = new Emitter(sink, options);
  const lines = decoded.text.split("\n");
  for (let k = 0; k < lines.length; k++) {
    if (sink.full) break;
    const line = k + 1;
    const raw = lines[k].endsWith("\r") ? lines[k].slice(0, -1) : lines[k];
    if (raw.trim() === "") continue;
    let o: unknown;
    try {
      o = JSON.parse(raw);
    } catch (e) {
      sink.error(line, `invalid JSON: ${(e as Error).message}`);
      continue;
    }
    if (typeof o !== "object" || o === null || Array.isArray(o)) {
      sink.error(line, "expected a JSON object");
      continue;
    }
    const rec = o as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);
    const segmentId = out.segmentId(line, str(pick(rec, SEG)), str(pick(rec, DOC)), str(pick(rec, IDX)), "segment_id");
    if (segmentId === null) continue;
    const text = pick(rec, TEXT);
    if (typeof text !== "string") {
      sink.error(line, "translation must be a string", undefined, "translation");
      continue;
    }
    const system = str(pick(rec, SYS)) ?? options.system ?? "";
    out.add(line, segmentId, system, text, str(pick(rec, LANG)), "translation");
  }
  return out.finish();
}

/**
 * A whole translated document plus its segment split (MetaHOPE translates
 * documents and splits them back). `boundaries` is either explicit
 * `{segmentId, start, end}` character offsets into the decoded text (end
 * exclusive; ordered, non-overlapping, inside the text), or
 * `{ split: "newline", segmentIds }`: one segment per line (LF or CRLF; a
 * final newline is ignored), and the line count must equal segmentIds.length.
 * Text between explicit boundaries (spaces, newlines) is not stored.
 */
export type MtBoundaries = { segmentId: string; start: number; end: number }[] | { split: "newline"; segmentIds: string[] };

export interface ParseMtDocumentOptions extends CommonParseOptions {
  system: string;
}

export function parseMtDocument(fileName: string, content: ImportContent, boundaries: MtBoundaries, options: ParseMtDocumentOptions): ImportResult {
  const sink = new IssueSink(fileName);
  const decoded = decodeText(fileName, content, { encoding: options.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  if (decoded.errors.length) return sink.finish(emptyImportResult());
  const text = decoded.text;
  const out = new Emitter(sink, { ...options, system: options.system });
  if (!options.system) {
    sink.error(undefined, "system name is required for a translated document");
    return sink.finish(emptyImportResult());
  }
  const lineAt = lineIndex(text);
  if (Array.isArray(boundaries)) {
    let prevEnd = 0;
    boundaries.forEach((b, k) => {
      const where = `boundary ${k + 1} (${b.segmentId})`;
      if (!Number.isInteger(b.start) || !Number.isInteger(b.end) || b.start < 0 || b.end > text.length || b.start > b.end) {
        sink.error(undefined, `${where}: offsets ${b.start}–${b.end} out of range (document has ${text.length} characters)`, undefined, "start");
        return;
      }
      if (b.start < prevEnd) {
        sink.error(lineAt(b.start), `${where}: starts at ${b.start}, before the previous segment ends (${prevEnd}); boundaries must be ordered and not overlap`, undefined, "start");
        return;
      }
      prevEnd = b.end;
      out.add(lineAt(b.start), b.segmentId, options.system, text.slice(b.start, b.end), undefined, "text");
    });
  } else {
    const body = text.endsWith("\r\n") ? text.slice(0, -2) : text.endsWith("\n") ? text.slice(0, -1) : text;
    const lines = body.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
    if (lines.length !== boundaries.segmentIds.length) {
      sink.error(Math.min(lines.length, boundaries.segmentIds.length) + 1, `the document has ${lines.length} lines but ${boundaries.segmentIds.length} segments were given`);
      return sink.finish(emptyImportResult());
    }
    lines.forEach((l, k) => out.add(k + 1, boundaries.segmentIds[k], options.system, l, undefined, "text"));
  }
  return out.finish();
}

function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
