import { csvRow, type CellValue } from "@/lib/export/csv-cell";

/**
 * Streams rows of a table as TSV, CSV, a JSON array or JSONL, one chunk per row.
 * - TSV/CSV: a header line, then one line per row; every cell goes through csv-cell.ts
 *   (quoting + formula-injection neutralising). Structured values (objects, arrays) are
 *   written as their JSON text.
 * - JSONL: one object per row with the columns as keys, in column order; a column the row lacks
 *   is null, or left out with `omitAbsent` (rows of several shapes in one table, e.g. the scheme
 *   score rows, where a per-system row has no segmentId rather than a null one).
 * - JSON: the same objects in one array, written incrementally (`[`, rows, `]`).
 * Lines end in "\n". Pure: the rows come from any async source (a database cursor).
 */
export type TableFormat = "tsv" | "csv" | "json" | "jsonl";
export const TABLE_FORMATS: readonly TableFormat[] = ["tsv", "csv", "json", "jsonl"];

export type TableRow = Record<string, unknown>;

function cell(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

function pick(columns: readonly string[], row: TableRow, omitAbsent: boolean): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const c of columns) {
    if (omitAbsent && row[c] === undefined) continue;
    o[c] = row[c] instanceof Date ? (row[c] as Date).toISOString() : (row[c] ?? null);
  }
  return o;
}

export async function* tableLines(
  columns: readonly string[],
  rows: AsyncIterable<TableRow> | Iterable<TableRow>,
  format: TableFormat,
  opts: { omitAbsent?: boolean } = {},
): AsyncGenerator<string> {
  const omitAbsent = opts.omitAbsent ?? false;
  if (format === "tsv" || format === "csv") {
    const delimiter = format === "tsv" ? "\t" : ",";
    yield `${csvRow(columns, delimiter)}\n`;
    for await (const r of rows) yield `${csvRow(columns.map((c) => cell(r[c])), delimiter)}\n`;
    return;
  }
  if (format === "jsonl") {
    for await (const r of rows) yield `${JSON.stringify(pick(columns, r, omitAbsent))}\n`;
    return;
  }
  yield "[";
  let first = true;
  for await (const r of rows) {
    yield `${first ? "\n" : ",\n"}${JSON.stringify(pick(columns, r, omitAbsent))}`;
    first = false;
  }
  yield first ? "]\n" : "\n]\n";
}
