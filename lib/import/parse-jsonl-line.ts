import type { IssueSink } from "@/lib/import/issues";
import { ZJsonlLine, type TJsonlLine } from "@/lib/import/jsonl-schema";
import type { ImportResult, Span } from "@/lib/import/types";

/**
 * One line of Tropos JSONL read and checked against its schema, or null after its errors went to
 * `sink` (invalid JSON, or each zod issue named by its path, `spans.0.end`). Shared by the
 * in-memory parser (parse-jsonl.ts) and the streaming loader (lib/db/import/load-import-stream.ts), so a
 * bad line reads the same whichever path a file takes. `raw` is the line without its line break.
 */
export function parseJsonlLine(raw: string, line: number, sink: IssueSink): TJsonlLine | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    sink.error(line, `invalid JSON (truncated line?): ${(e as Error).message}`);
    return null;
  }
  const parsed = ZJsonlLine.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join(".");
      sink.error(line, `${path ? `${path}: ` : ""}${issue.message}`, path || "type", path || "type");
    }
    return null;
  }
  return parsed.data;
}

/** A span of an alignment or error span line, checked against its translation once every line is read. */
export interface JsonlSpanCheck {
  line: number;
  segmentId: string;
  system: string;
  language?: string;
  spans: Span[];
  field: string;
}

/**
 * Adds a value line (alignment, annotation, error span, post-edit, adjudication, gold reference)
 * to `result` as the in-memory parser stores it, and its spans to `checks`. Returns false for the
 * corpus lines (document, segment, MRW, translation), which each path keeps its own way.
 */
export function collectValueLine(rec: TJsonlLine, line: number, result: ImportResult, checks: JsonlSpanCheck[]): boolean {
  switch (rec.type) {
    case "alignment": {
      const { type: _t, ...rest } = rec;
      void _t;
      result.alignments.push(rest);
      checks.push({ line, segmentId: rec.segmentId, system: rec.system, language: rec.language, spans: rec.spans, field: "spans" });
      return true;
    }
    case "annotation": {
      const { type: _t, ...rest } = rec;
      void _t;
      result.annotations.push({ ...rest, line });
      return true;
    }
    case "errorSpan": {
      const { type: _t, ...rest } = rec;
      void _t;
      result.errorSpans.push({ ...rest, line });
      checks.push({ line, segmentId: rec.segmentId, system: rec.system, language: rec.language, spans: [rec.span], field: "span" });
      return true;
    }
    case "postEdit": {
      const { type: _t, ...rest } = rec;
      void _t;
      result.postEdits.push({ ...rest, line });
      return true;
    }
    case "adjudication": {
      const { type: _t, ...rest } = rec;
      void _t;
      (result.adjudications ??= []).push({ ...rest, line });
      return true;
    }
    case "goldReference": {
      const { type: _t, ...rest } = rec;
      void _t;
      (result.goldReferences ??= []).push({ ...rest, line });
      return true;
    }
    default:
      return false;
  }
}

/**
 * The error of a checked span that lies beyond its translation, or null. `length` is the text
 * length of the translation the line means (the one of its language; without a language, the
 * only one of its segment and system), undefined when the file does not bring it.
 */
export function spanCheckIssues(c: JsonlSpanCheck, length: number | null | undefined, sink: IssueSink): void {
  if (length === undefined || length === null) return;
  c.spans.forEach((sp, k) => {
    if (sp.end > length) sink.error(c.line, `span ${sp.start}–${sp.end} is outside the translation text (length ${length})`, c.field === "span" ? "span" : `spans.${k}`, c.field);
  });
}
