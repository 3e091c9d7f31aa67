import { decodeText } from "@/lib/import/decode-text";
import { IssueSink } from "@/lib/import/issues";
import type { TJsonlLine } from "@/lib/import/jsonl-schema";
import { collectValueLine, parseJsonlLine, spanCheckIssues, type JsonlSpanCheck } from "@/lib/import/parse-jsonl-line";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { emptyImportResult, type ImportedDocument, type ImportedMrw, type ImportedSegment, type ImportResult } from "@/lib/import/types";

/**
 * Generic Tropos JSONL (schemas in jsonl-schema.ts): one JSON object per line,
 * any order. Each line is validated with zod; an error names the line and the
 * zod path (`spans.0.end`). After all lines are read the records are linked:
 * a segment needs its document and an MRW its segment in the same file;
 * translations, alignments, annotations, error spans and post-edits may refer
 * to segments stored earlier. Checked: duplicate ids, duplicate segment
 * indices within a document, spans outside the segment (or, when the
 * translation is in the file, outside the translation) text.
 */
export type ParseJsonlOptions = CommonParseOptions;

export function parseJsonl(fileName: string, content: ImportContent, options: ParseJsonlOptions = {}): ImportResult {
  const sink = new IssueSink(fileName);
  const decoded = decodeText(fileName, content, { encoding: options.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  if (decoded.errors.length) return sink.finish(emptyImportResult());
  const result = emptyImportResult();

  const docs = new Map<string, { doc: ImportedDocument; line: number }>();
  const segs = new Map<string, { seg: ImportedSegment; documentId: string; line: number }>();
  const mrwLines: { rec: Extract<TJsonlLine, { type: "mrw" }>; line: number }[] = [];
  const mrwIds = new Map<string, number>();
  const trKeys = new Map<string, number>();
  /** segment␀system␀language → text; segment␀system → text, or null when in several languages */
  const trText = new Map<string, string | null>();
  const checks: JsonlSpanCheck[] = [];

  const text = decoded.text;
  let pos = 0;
  let line = 0;
  while (pos < text.length && !sink.full) {
    line++;
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    let raw = text.slice(pos, nl);
    pos = nl + 1;
    if (raw.endsWith("\r")) raw = raw.slice(0, -1);
    if (raw.trim() === "") continue;
    const rec = parseJsonlLine(raw, line, sink);
    if (!rec) continue;
    switch (rec.type) {
      case "document": {
        if (docs.has(rec.externalId)) {
          sink.error(line, `duplicate document ${rec.externalId} (first on line ${docs.get(rec.externalId)!.line})`, "externalId", "externalId");
          break;
        }
        const { type: _t, ...rest } = rec;
        void _t;
        docs.set(rec.externalId, { doc: { ...rest, segments: [] }, line });
        break;
      }
      case "segment": {
        if (segs.has(rec.externalId)) {
          sink.error(line, `duplicate segment ${rec.externalId} (first on line ${segs.get(rec.externalId)!.line})`, "externalId", "externalId");
          break;
        }
        const { type: _t, documentId, ...rest } = rec;
        void _t;
        segs.set(rec.externalId, { seg: { ...rest, mrws: [], line }, documentId, line });
        break;
      }
      case "mrw": {
        // MRW ids are unique within their segment (the database key is segment + externalId)
        const mrwKey = `${rec.segmentId}\u0000${rec.externalId}`;
        if (mrwIds.has(mrwKey)) {
          sink.error(line, `duplicate MRW ${rec.externalId} in segment ${rec.segmentId} (first on line ${mrwIds.get(mrwKey)})`, "externalId", "externalId");
          break;
        }
        mrwIds.set(mrwKey, line);
        mrwLines.push({ rec, line });
        break;
      }
      case "translation": {
        // one translation per segment, system and target language (a study may hold several languages)
        const key = `${rec.segmentId}\u0000${rec.system}\u0000${rec.language}`;
        if (trKeys.has(key)) {
          sink.error(line, `duplicate translation for segment ${rec.segmentId}, system ${rec.system}, language ${rec.language} (first on line ${trKeys.get(key)})`, "system", "system");
          break;
        }
        trKeys.set(key, line);
        trText.set(key, rec.text);
        const bySystem = `${rec.segmentId}\u0000${rec.system}`;
        trText.set(bySystem, trText.has(bySystem) ? null : rec.text);
        const { type: _t, ...rest } = rec;
        void _t;
        result.translations.push({ ...rest, line });
        break;
      }
      default:
        collectValueLine(rec, line, result, checks);
    }
  }

  // link MRWs to segments
  for (const { rec, line: l } of mrwLines) {
    const s = segs.get(rec.segmentId);
    if (!s) {
      sink.error(l, `MRW ${rec.externalId} refers to segment ${rec.segmentId}, which is not in the file`, "segmentId", "segmentId");
      continue;
    }
    const bad = rec.spans.findIndex((sp) => sp.end > s.seg.text.length);
    if (bad >= 0) {
      sink.error(l, `span ${rec.spans[bad].start}–${rec.spans[bad].end} is outside the segment text (length ${s.seg.text.length})`, `spans.${bad}`, `spans.${bad}`);
      continue;
    }
    const { type: _t, segmentId: _s, mrwType, ...rest } = rec;
    void _t;
    void _s;
    const mrw: ImportedMrw = { ...rest, ...(mrwType !== undefined ? { type: mrwType } : {}) };
    s.seg.mrws.push(mrw);
  }
  // link segments to documents
  const indices = new Map<string, Map<number, number>>();
  for (const { seg, documentId, line: l } of segs.values()) {
    const d = docs.get(documentId);
    if (!d) {
      sink.error(l, `segment ${seg.externalId} refers to document ${documentId}, which is not in the file`, "documentId", "documentId");
      continue;
    }
    const idx = indices.get(documentId) ?? new Map<number, number>();
    indices.set(documentId, idx);
    if (idx.has(seg.index)) {
      sink.error(l, `segment index ${seg.index} of document ${documentId} is used twice (first on line ${idx.get(seg.index)})`, "index", "index");
      continue;
    }
    idx.set(seg.index, l);
    d.doc.segments.push(seg);
  }
  for (const { doc } of docs.values()) {
    doc.segments.sort((a, b) => a.index - b.index);
    result.documents.push(doc);
  }
  // spans against translations in the file
  for (const c of checks) {
    // a line without a language: the one translation of its segment and system (the loader refuses
    // the line when there are several languages)
    const t = trText.get(c.language ? `${c.segmentId}\u0000${c.system}\u0000${c.language}` : `${c.segmentId}\u0000${c.system}`);
    spanCheckIssues(c, t === undefined || t === null ? t : t.length, sink);
  }
  return sink.finish(result);
}
