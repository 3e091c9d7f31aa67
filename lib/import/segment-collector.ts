import type { IssueSink } from "@/lib/import/issues";
import type { ImportedDocument, ImportedMrw, ImportedSegment } from "@/lib/import/types";

/**
 * Groups segments into documents for parsers whose rows arrive per MRW or
 * per sentence, possibly shuffled. Rows of the same segment must agree on
 * the text; a second MRW with the same id is a duplicate error. Segments are
 * ordered inside a document by their numeric sentence number when every
 * segment has one, else by first appearance. O(n log n).
 */
interface Entry {
  segment: ImportedSegment;
  order: number;
  mrwIds: Map<string, { line: number; key?: string }>;
}

export class SegmentCollector {
  private docs = new Map<string, { doc: ImportedDocument; entries: Entry[] }>();
  private segs = new Map<string, Entry>();

  constructor(private readonly sink: IssueSink) {}

  document(externalId: string, init: Omit<ImportedDocument, "externalId" | "segments">): ImportedDocument {
    let d = this.docs.get(externalId);
    if (!d) {
      d = { doc: { externalId, ...init, segments: [] }, entries: [] };
      this.docs.set(externalId, d);
    }
    return d.doc;
  }

  /**
   * The segment with this id, created on first use. Returns null (after an
   * error) when an existing segment has a different text.
   */
  segment(docId: string, segId: string, text: string, line: number, language: string, order: number | undefined, textField = "sentence"): ImportedSegment | null {
    const existing = this.segs.get(segId);
    if (existing) {
      if (existing.segment.text !== text) {
        this.sink.error(line, `rows of sentence ${segId} disagree on the sentence text (first given on line ${existing.segment.line})`, textField, textField);
        return null;
      }
      return existing.segment;
    }
    const d = this.docs.get(docId);
    if (!d) throw new Error(`document ${docId} not declared`);
    const segment: ImportedSegment = { externalId: segId, index: 0, text, language, metaphorical: false, mrws: [], line };
    const entry: Entry = { segment, order: order ?? NaN, mrwIds: new Map() };
    d.entries.push(entry);
    this.segs.set(segId, entry);
    return segment;
  }

  hasSegment(segId: string): boolean {
    return this.segs.has(segId);
  }

  /**
   * Adds an MRW; a duplicate id is an error naming the first line, except
   * when the whole row repeats verbatim (`rowKey` equal): then it is skipped
   * with a warning (VUA_formatted_val.csv repeats rows).
   */
  addMrw(segment: ImportedSegment, mrw: ImportedMrw, line: number, field?: string, rowKey?: string): boolean {
    const entry = this.segs.get(segment.externalId)!;
    const prev = entry.mrwIds.get(mrw.externalId);
    if (prev !== undefined) {
      if (rowKey !== undefined && prev.key === rowKey) this.sink.warn(line, `row repeats line ${prev.line} verbatim; skipped`);
      else this.sink.error(line, `duplicate MRW ${mrw.externalId} (first seen on line ${prev.line})`, field, field);
      return false;
    }
    entry.mrwIds.set(mrw.externalId, { line, key: rowKey });
    segment.mrws.push(mrw);
    if (mrw.metaphorical) segment.metaphorical = true;
    return true;
  }

  documents(): ImportedDocument[] {
    const out: ImportedDocument[] = [];
    for (const { doc, entries } of this.docs.values()) {
      const numeric = entries.every((e) => Number.isFinite(e.order));
      const sorted = numeric ? [...entries].sort((a, b) => a.order - b.order) : entries;
      doc.segments = sorted.map((e, i) => {
        e.segment.index = i;
        e.segment.mrws.sort((a, b) => (a.spans[0]?.start ?? 0) - (b.spans[0]?.start ?? 0));
        return e.segment;
      });
      out.push(doc);
    }
    return out;
  }
}
