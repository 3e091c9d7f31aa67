import { csvRow } from "@/lib/export/csv-cell";
import type { ImportedErrorSpan, ImportResult, MetahopeSeverity } from "@/lib/import/types";

/**
 * MetaHOPE error spans as MQM-style TSV (after the WMT MQM release format:
 * one row per error), columns
 * `system doc segment rater source target category severity start end comment`.
 * - `severity` is the MetaHOPE name (minor, medium, major, severe, critical);
 *   the penalty is 2/4/6/8/10 in that order (SPEC §3.2); `severityAs: "penalty"` writes the number.
 * - `start`/`end` are character offsets into `target` (UTF-16 code units, end
 *   exclusive; start = end for an omission).
 * - `category` is the MetaHOPE code (IMP, RAM, MIS, STL, PRF).
 * - A trailing `mrw` column (beyond the MQM columns) holds the MRW id of a
 *   metaphor-level error and is empty for a sentence-level one, so EPM and EPS
 *   can both be recomputed from the file.
 * Cells go through csv-cell.ts (quoting + formula neutralising). A generator,
 * so large exports stream.
 */
export interface MqmRow {
  system: string;
  doc: string;
  segment: string;
  rater: string;
  source: string;
  target: string;
  category: string;
  severity: MetahopeSeverity;
  start: number;
  end: number;
  comment?: string;
  mrw?: string;
}

export const MQM_HEADER = ["system", "doc", "segment", "rater", "source", "target", "category", "severity", "start", "end", "comment", "mrw"] as const;

export const SEVERITY_NAMES: Record<MetahopeSeverity, string> = { 2: "minor", 4: "medium", 6: "major", 8: "severe", 10: "critical" };

export interface MqmTsvOptions {
  header?: boolean;
  severityAs?: "name" | "penalty";
}

export function* mqmTsvLines(rows: Iterable<MqmRow>, options: MqmTsvOptions = {}): Generator<string> {
  if (options.header !== false) yield `${MQM_HEADER.join("\t")}\n`;
  for (const r of rows) {
    yield `${csvRow(
      [r.system, r.doc, r.segment, r.rater, r.source, r.target, r.category, options.severityAs === "penalty" ? r.severity : SEVERITY_NAMES[r.severity], r.start, r.end, r.comment ?? "", r.mrw ?? ""],
      "\t",
    )}\n`;
  }
}

/**
 * Rows from the IR: joins each error span with its segment (source text,
 * document) and the translation of its system (target text). Spans whose
 * segment or translation is missing are still written, with empty text.
 */
export function* mqmRowsFromImport(data: Pick<ImportResult, "documents" | "translations" | "errorSpans">): Generator<MqmRow> {
  const segs = new Map<string, { doc: string; text: string }>();
  for (const d of data.documents) for (const s of d.segments) segs.set(s.externalId, { doc: d.externalId, text: s.text });
  const tr = new Map<string, string>();
  for (const t of data.translations) tr.set(`${t.segmentId}\u0000${t.system}`, t.text);
  for (const e of data.errorSpans as ImportedErrorSpan[]) {
    const s = segs.get(e.segmentId);
    yield {
      system: e.system,
      doc: s?.doc ?? "",
      segment: e.segmentId,
      rater: e.annotator,
      source: s?.text ?? "",
      target: tr.get(`${e.segmentId}\u0000${e.system}`) ?? "",
      category: e.category,
      severity: e.severity,
      start: e.span.start,
      end: e.span.end,
      comment: e.comment,
      mrw: e.mrwId,
    };
  }
}
