import { decodeText } from "@/lib/import/decode-text";
import { IssueSink } from "@/lib/import/issues";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { findColumn } from "@/lib/import/read-delimited";
import { checkWidth, readTable } from "@/lib/import/table-input";
import { emptyImportResult, type ImportedMetricScore, type ImportResult } from "@/lib/import/types";

/**
 * Automatic metric scores computed elsewhere (issue 19 point 2: BERTScore, COMET, chrF, a model
 * judge), one value per translation and metric, as
 *
 * - a table (TSV/CSV) with the columns `segmentId` (also `segment_id`, `item`), `system`, `metric`,
 *   `value` and an optional `language` (default: the project's target language), or
 * - JSON lines `{"segmentId": "s1", "system": "mt-alpha", "language": "zh", "metric": "COMET", "value": 0.83}`.
 *
 * A metric name is 1–64 printable characters; a value a finite number. The same (segment, system,
 * language, metric) twice in one file is an error naming both lines. The loader refuses a row whose
 * translation is not in the project (file, line and field), storing nothing of the file.
 */
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const METRIC = /^[^\s\u0000-\u001f](?:[^\u0000-\u001f]{0,62}[^\s\u0000-\u001f])?$/;

export function parseMetricScores(fileName: string, content: ImportContent, options: CommonParseOptions = {}): ImportResult {
  const lower = fileName.toLowerCase();
  return lower.endsWith(".jsonl") || lower.endsWith(".ndjson") || lower.endsWith(".json") ? parseJsonLines(fileName, content, options) : parseTable(fileName, content, options);
}

interface TRaw {
  line: number;
  segmentId: unknown;
  system: unknown;
  language: unknown;
  metric: unknown;
  value: unknown;
  /** column names for messages */
  names: { segmentId: string; system: string; language: string; metric: string; value: string };
}

/** Checks one row; pushes it or reports what is wrong with it (every problem of the row). */
function collect(raw: TRaw, sink: IssueSink, seen: Map<string, number>, out: ImportedMetricScore[]): void {
  const { line, names } = raw;
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
  const segmentId = text(raw.segmentId);
  const system = text(raw.system);
  const metric = text(raw.metric);
  const language = raw.language === undefined || raw.language === null ? "" : text(raw.language);
  let bad = false;
  const refuse = (message: string, field: string) => {
    sink.error(line, message, field, field);
    bad = true;
  };
  if (!segmentId) refuse("empty segment id", names.segmentId);
  if (!system) refuse("empty system", names.system);
  if (!metric) refuse("empty metric name", names.metric);
  else if (!METRIC.test(metric)) refuse(`metric name ${JSON.stringify(metric)} is not 1–64 printable characters`, names.metric);
  let value: number | null = null;
  if (typeof raw.value === "number") value = raw.value;
  else if (typeof raw.value === "string" && NUMBER.test(raw.value.trim())) value = Number(raw.value.trim());
  if (value === null || !Number.isFinite(value)) refuse(`value ${JSON.stringify(raw.value ?? "")} is not a number`, names.value);
  if (bad) return;
  const key = [segmentId, system, language, metric].join("\u0000");
  const first = seen.get(key);
  if (first !== undefined) {
    sink.error(line, `duplicate score (segment ${segmentId}, system ${system}${language ? `, language ${language}` : ""}, metric ${metric}); first on line ${first}`, names.metric, names.metric);
    return;
  }
  seen.set(key, line);
  out.push({ segmentId, system, ...(language ? { language } : {}), metric, value: value!, line });
}

function finish(sink: IssueSink, out: ImportedMetricScore[]): ImportResult {
  if (out.length === 0 && !sink.hasErrors) sink.error(undefined, "no metric scores");
  const result = emptyImportResult();
  result.metricScores = out;
  return sink.finish(result);
}

function parseTable(fileName: string, content: ImportContent, options: CommonParseOptions): ImportResult {
  const { input, sink } = readTable(fileName, content, { encoding: options.encoding });
  if (!input) return sink.finish(emptyImportResult());
  const { header, rows } = input;
  const c = {
    segmentId: findColumn(header, ["segmentid", "segment_id", "item", "segment", "seg_id"]),
    system: findColumn(header, ["system", "sys"]),
    language: findColumn(header, ["language", "lang", "target_language", "targetlang"]),
    metric: findColumn(header, ["metric"]),
    value: findColumn(header, ["value", "score"]),
  };
  const missing = (["segmentId", "system", "metric", "value"] as const).filter((k) => c[k] < 0);
  if (missing.length) {
    sink.error(input.headerLine, `metric score header lacks ${missing.join(", ")}; expected segmentId, system, [language], metric, value`);
    return sink.finish(emptyImportResult());
  }
  const names = { segmentId: header[c.segmentId], system: header[c.system], language: c.language >= 0 ? header[c.language] : "language", metric: header[c.metric], value: header[c.value] };
  const seen = new Map<string, number>();
  const out: ImportedMetricScore[] = [];
  for (const row of rows) {
    if (sink.full) break;
    if (!checkWidth(row, header.length, sink)) continue;
    const f = row.fields;
    collect({ line: row.line, segmentId: f[c.segmentId], system: f[c.system], language: c.language >= 0 ? f[c.language] : undefined, metric: f[c.metric], value: f[c.value], names }, sink, seen, out);
  }
  return finish(sink, out);
}

function parseJsonLines(fileName: string, content: ImportContent, options: CommonParseOptions): ImportResult {
  const sink = new IssueSink(fileName);
  const decoded = decodeText(fileName, content, { encoding: options.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  if (decoded.errors.length) return sink.finish(emptyImportResult());
  const names = { segmentId: "segmentId", system: "system", language: "language", metric: "metric", value: "value" };
  const seen = new Map<string, number>();
  const out: ImportedMetricScore[] = [];
  const lines = decoded.text.split("\n");
  for (let i = 0; i < lines.length && !sink.full; i++) {
    const text = lines[i].replace(/\r$/, "");
    if (text.trim() === "") continue;
    let o: unknown;
    try {
      o = JSON.parse(text);
    } catch (e) {
      sink.error(i + 1, `not valid JSON: ${(e as Error).message}`);
      continue;
    }
    if (o === null || typeof o !== "object" || Array.isArray(o)) {
      sink.error(i + 1, "a metric score line is a JSON object");
      continue;
    }
    const r = o as Record<string, unknown>;
    const unknown = Object.keys(r).filter((k) => !["segmentId", "system", "language", "metric", "value", "type"].includes(k));
    if (unknown.length) sink.error(i + 1, `unknown key ${JSON.stringify(unknown[0])}; a metric score line has segmentId, system, [language], metric, value`, unknown[0], unknown[0]);
    else if (r.type !== undefined && r.type !== "metric") sink.error(i + 1, `type ${JSON.stringify(r.type)} in a metric score file; only "metric"`, "type", "type");
    else collect({ line: i + 1, segmentId: r.segmentId, system: r.system, language: r.language, metric: r.metric, value: r.value, names }, sink, seen, out);
  }
  return finish(sink, out);
}
