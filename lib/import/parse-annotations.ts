import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { findColumn } from "@/lib/import/read-delimited";
import { checkWidth, readTable } from "@/lib/import/table-input";
import { emptyImportResult, type AnnotationValue, type ImportedAnnotation, type ImportResult } from "@/lib/import/types";

/**
 * Existing annotations, one value per row (CSV/TSV):
 * `item` (segment externalId; also `segment_id`), optional `system`, optional
 * `mrw` (`mrw_id`), `annotator`, `field`, `value`.
 *
 * - `allowedFields`: field names not in the list are errors naming line and
 *   field (unknown label). Without the option every field is accepted.
 * - `allowedValues`: per field, the accepted values (compared as strings);
 *   others are errors.
 * - Values that look like numbers (`4`, `4.0`, `-1`) become numbers, so Likert
 *   scores and penalties exported by Google Sheets (`10.0`) and Excel (`10`) agree.
 * - An empty value is skipped with a warning (an unlabelled cell is not a label).
 * - The same (item, system, mrw, annotator, field) twice is a duplicate error.
 * - `jsonValues` (a project that runs its own scheme): a value written as JSON (`["joy","anger"]`,
 *   `{"start":0,"end":4}`, `true`) is read as that JSON, as the annotations export writes structured
 *   values; an optional `role` column anchors a value to an item text. The loader checks each
 *   value against the scheme.
 */
export interface ParseAnnotationsOptions extends CommonParseOptions {
  allowedFields?: readonly string[];
  allowedValues?: Readonly<Record<string, readonly (string | number)[]>>;
  jsonValues?: boolean;
}

const JSON_LIKE = /^(?:\[|\{|true$|false$)/;

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

export function parseAnnotations(fileName: string, content: ImportContent, options: ParseAnnotationsOptions = {}): ImportResult {
  const { input, sink } = readTable(fileName, content, { encoding: options.encoding });
  if (!input) return sink.finish(emptyImportResult());
  const { header, rows } = input;
  const c = {
    item: findColumn(header, ["item", "segment_id", "segmentid", "segment", "seg_id"]),
    system: findColumn(header, ["system", "sys"]),
    mrw: findColumn(header, ["mrw", "mrw_id", "mrwid"]),
    role: options.jsonValues ? findColumn(header, ["role"]) : -1,
    annotator: findColumn(header, ["annotator", "rater", "user", "email"]),
    field: findColumn(header, ["field", "label_field", "dimension"]),
    value: findColumn(header, ["value", "label", "score"]),
  };
  const missing = (["item", "annotator", "field", "value"] as const).filter((k) => c[k] < 0);
  if (missing.length) {
    sink.error(input.headerLine, `annotation header lacks ${missing.join(", ")}; expected item, [system], [mrw], annotator, field, value`);
    return sink.finish(emptyImportResult());
  }
  const allowed = options.allowedFields ? new Set(options.allowedFields) : null;
  const allowedValues = new Map(Object.entries(options.allowedValues ?? {}).map(([k, v]) => [k, new Set(v.map(String))]));
  const seen = new Map<string, number>();
  const out: ImportedAnnotation[] = [];
  for (const row of rows) {
    if (sink.full) break;
    if (!checkWidth(row, header.length, sink)) continue;
    const f = row.fields;
    const segmentId = f[c.item].trim();
    const annotator = f[c.annotator].trim();
    const field = f[c.field].trim();
    const rawValue = f[c.value].trim();
    const system = c.system >= 0 ? f[c.system].trim() : "";
    const mrwId = c.mrw >= 0 ? f[c.mrw].trim() : "";
    const role = c.role >= 0 ? f[c.role].trim() : "";
    let bad = false;
    if (!segmentId) {
      sink.error(row.line, "empty item id", header[c.item], header[c.item]);
      bad = true;
    }
    if (!annotator) {
      sink.error(row.line, "empty annotator", header[c.annotator], header[c.annotator]);
      bad = true;
    }
    if (!field) {
      sink.error(row.line, "empty field name", header[c.field], header[c.field]);
      bad = true;
    } else if (allowed && !allowed.has(field)) {
      sink.error(row.line, `unknown field ${JSON.stringify(field)}; allowed: ${[...allowed].join(", ")}`, header[c.field], header[c.field]);
      bad = true;
    }
    if (bad) continue;
    if (rawValue === "") {
      sink.warn(row.line, `empty value for ${field}; skipped`, header[c.value], header[c.value]);
      continue;
    }
    const vs = allowedValues.get(field);
    let value: AnnotationValue = NUMBER.test(rawValue) ? Number(rawValue) : rawValue;
    if (options.jsonValues && JSON_LIKE.test(rawValue)) {
      try {
        value = JSON.parse(rawValue) as AnnotationValue;
      } catch (e) {
        sink.error(row.line, `value of ${field} looks like JSON but is not: ${(e as Error).message}`, header[c.value], header[c.value]);
        continue;
      }
    }
    if (vs && !vs.has(String(value)) && !vs.has(rawValue)) {
      sink.error(row.line, `unknown value ${JSON.stringify(rawValue)} for ${field}; allowed: ${[...vs].join(", ")}`, header[c.value], header[c.value]);
      continue;
    }
    const key = [segmentId, system, mrwId, role, annotator, field].join("\u0000");
    const prev = seen.get(key);
    if (prev !== undefined) {
      sink.error(row.line, `duplicate annotation (item ${segmentId}${system ? `, system ${system}` : ""}${mrwId ? `, mrw ${mrwId}` : ""}, annotator ${annotator}, field ${field}); first on line ${prev}`, header[c.field], header[c.field]);
      continue;
    }
    seen.set(key, row.line);
    out.push({ annotator, segmentId, ...(system ? { system } : {}), ...(mrwId ? { mrwId } : {}), ...(role ? { role } : {}), field, value, line: row.line });
  }
  const result = emptyImportResult();
  result.annotations = out;
  if (out.length === 0 && !sink.hasErrors) sink.error(undefined, "no annotations");
  return sink.finish(result);
}
