/**
 * CSV/TSV cell serialisation with quoting and formula-injection neutralising.
 *
 * Formula injection (OWASP "CSV Injection",
 * https://owasp.org/www-community/attacks/CSV_Injection): spreadsheet programs
 * execute a cell that begins with `=`, `+`, `-`, `@`, a tab (0x09) or a
 * carriage return (0x0D). Annotator comments and MT outputs are untrusted, so
 * such a cell is prefixed with a single quote `'`, which makes Excel, LibreOffice
 * and Google Sheets show it as text. The cell is then quoted as usual (OWASP
 * also asks for doubled inner quotes and quoting of cells with separators).
 *
 * Exception: a value that *is* a number (a JS number, or a string that is a
 * plain decimal literal such as `-3`, `-0.25`, `+4`) is left alone, so
 * negative scores stay numeric. `-1+2`, `-A1` or `+cmd|…` are not numbers and
 * get the quote. Consumers re-importing our files must strip that one leading
 * `'` only when the next character is one of the trigger characters.
 *
 * Quoting (both delimiters): a cell containing the delimiter, `"`, LF or CR is
 * wrapped in double quotes with inner quotes doubled (RFC 4180). TSV uses the
 * same rule, which the importers' readers understand.
 */
export type CellValue = string | number | boolean | null | undefined;

const TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);
const PLAIN_NUMBER = /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Text of the cell after neutralising, before quoting. */
export function neutraliseFormula(value: string): string {
  if (value === "" || !TRIGGERS.has(value[0])) return value;
  if (PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

export function csvCell(value: CellValue, delimiter: "," | "\t" | ";" = ","): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const safe = neutraliseFormula(value);
  if (safe.includes(delimiter) || safe.includes('"') || safe.includes("\n") || safe.includes("\r")) {
    return `"${safe.replace(/"/g, '""')}"`;
  }
  return safe;
}

/** One row without a line terminator. */
export function csvRow(values: readonly CellValue[], delimiter: "," | "\t" | ";" = ","): string {
  return values.map((v) => csvCell(v, delimiter)).join(delimiter);
}
