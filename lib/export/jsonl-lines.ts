import {
  ZJsonlAdjudication,
  ZJsonlGoldReference,
  ZJsonlAlignment,
  ZJsonlAnnotation,
  ZJsonlDocument,
  ZJsonlErrorSpan,
  ZJsonlMrw,
  ZJsonlPostEdit,
  ZJsonlSegment,
  ZJsonlTranslation,
  type TJsonlLine,
} from "@/lib/import/jsonl-schema";
import type { ImportResult } from "@/lib/import/types";

/**
 * Serialises IR records as Tropos JSONL (lib/import/jsonl-schema.ts), one
 * record per line, each ending in "\n". Order: each document, then each of its
 * segments followed by that segment's MRWs, then translations, alignments,
 * annotations, error spans, post-edits, adjudications, gold references. Every record is validated with its
 * schema before it is written, so the exporter cannot emit a line the importer
 * would refuse. `line` (provenance of the original upload) is not written.
 * A generator: callers stream it into a response or file.
 */
export function* jsonlLines(
  data: Partial<Pick<ImportResult, "documents" | "translations" | "alignments" | "annotations" | "errorSpans" | "postEdits" | "adjudications" | "goldReferences">>,
): Generator<string> {
  const out = (rec: TJsonlLine) => `${JSON.stringify(rec)}\n`;
  for (const d of data.documents ?? []) {
    const { segments, ...doc } = d;
    yield out(ZJsonlDocument.parse({ type: "document", ...doc }));
    for (const s of segments) {
      const { mrws, line: _l, ...seg } = s;
      void _l;
      yield out(ZJsonlSegment.parse({ type: "segment", documentId: d.externalId, ...seg }));
      for (const m of mrws) {
        const { type: mrwType, ...rest } = m;
        yield out(ZJsonlMrw.parse({ type: "mrw", segmentId: s.externalId, ...rest, ...(mrwType !== undefined ? { mrwType } : {}) }));
      }
    }
  }
  for (const t of data.translations ?? []) {
    const { line: _l, ...rest } = t;
    void _l;
    yield out(ZJsonlTranslation.parse({ type: "translation", ...rest }));
  }
  for (const a of data.alignments ?? []) yield out(ZJsonlAlignment.parse({ type: "alignment", ...a }));
  for (const a of data.annotations ?? []) {
    const { line: _l, ...rest } = a;
    void _l;
    yield out(ZJsonlAnnotation.parse({ type: "annotation", ...rest }));
  }
  for (const e of data.errorSpans ?? []) {
    const { line: _l, ...rest } = e;
    void _l;
    yield out(ZJsonlErrorSpan.parse({ type: "errorSpan", ...rest }));
  }
  for (const p of data.postEdits ?? []) yield out(ZJsonlPostEdit.parse({ type: "postEdit", ...p }));
  for (const a of data.adjudications ?? []) {
    const { line: _l, ...rest } = a;
    void _l;
    yield out(ZJsonlAdjudication.parse({ type: "adjudication", ...rest }));
  }
  for (const g of data.goldReferences ?? []) {
    const { line: _l, ...rest } = g;
    void _l;
    yield out(ZJsonlGoldReference.parse({ type: "goldReference", ...rest }));
  }
}
