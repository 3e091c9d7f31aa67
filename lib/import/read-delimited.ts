import type { IssueSink } from "@/lib/import/issues";

/**
 * A small delimited-text reader that keeps the 1-based line of every record,
 * which papaparse does not report per row.
 *
 * - Record separators are LF and CRLF (a CR directly before LF is dropped).
 * - `quoting: "rfc4180"`: a field that *starts* with `"` is quoted; `""`
 *   inside is one quote; separators and line breaks inside are kept byte-exact.
 *   A `"` in the middle of an unquoted field is literal (real files do that).
 *   An unterminated quote is an error at the line where it opened.
 * - `quoting: "none"`: quotes are ordinary characters (CoNLL, TSVs whose
 *   tokens are a bare `"`).
 * - Empty lines are returned as records with a single empty field only when
 *   `keepBlankLines` is set (CoNLL needs them); otherwise they are skipped.
 *
 * Single pass, no regular expressions: linear in the input size.
 */
export interface DelimitedRecord {
  /** 1-based line where the record starts */
  line: number;
  fields: string[];
}

export interface ReadDelimitedOptions {
  delimiter: string;
  /**
   * "lenient": like rfc4180, but a field that starts with `"` counts as quoted
   * only when a closing quote is followed by the delimiter or a line end;
   * otherwise the quote is literal (TSVs such as MelBERT's `" Now push hard", said …`).
   */
  quoting: "rfc4180" | "lenient" | "none";
  keepBlankLines?: boolean;
}

export function readDelimited(text: string, options: ReadDelimitedOptions, sink?: IssueSink): DelimitedRecord[] {
  return options.quoting === "none" ? readUnquoted(text, options) : readQuoted(text, options, sink);
}

function readUnquoted(text: string, options: ReadDelimitedOptions): DelimitedRecord[] {
  const out: DelimitedRecord[] = [];
  const n = text.length;
  let pos = 0;
  let line = 1;
  while (pos < n) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = n;
    let end = nl;
    if (end > pos && text.charCodeAt(end - 1) === 13) end--;
    const raw = text.slice(pos, end);
    if (raw.length > 0 || options.keepBlankLines) out.push({ line, fields: raw.split(options.delimiter) });
    pos = nl + 1;
    line++;
  }
  return out;
}

function readQuoted(text: string, options: ReadDelimitedOptions, sink?: IssueSink): DelimitedRecord[] {
  const out: DelimitedRecord[] = [];
  const delim = options.delimiter.charCodeAt(0);
  const n = text.length;
  let pos = 0;
  let line = 1;
  while (pos < n) {
    const recordLine = line;
    const fields: string[] = [];
    let atRecordEnd = false;
    // blank line
    if (text.charCodeAt(pos) === 10 || (text.charCodeAt(pos) === 13 && text.charCodeAt(pos + 1) === 10)) {
      pos += text.charCodeAt(pos) === 13 ? 2 : 1;
      line++;
      if (options.keepBlankLines) out.push({ line: recordLine, fields: [""] });
      continue;
    }
    while (!atRecordEnd) {
      if (text.charCodeAt(pos) === 34 /* " */ && (options.quoting === "rfc4180" || properlyQuoted(text, pos, delim))) {
        const openLine = line;
        const openCol = columnOf(text, pos);
        let value = "";
        let segStart = pos + 1;
        let i = pos + 1;
        let closed = false;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === 34) {
            if (text.charCodeAt(i + 1) === 34) {
              value += text.slice(segStart, i + 1);
              i += 2;
              segStart = i;
              continue;
            }
            value += text.slice(segStart, i);
            closed = true;
            i++;
            break;
          }
          if (c === 10) line++;
          i++;
        }
        if (!closed) {
          sink?.error(openLine, "unterminated quoted field: the file ends inside quotes (truncated file or a stray quote)", openCol);
          value += text.slice(segStart, n);
          fields.push(value);
          return out;
        }
        // after the closing quote: delimiter, line end, or end of text
        let j = i;
        if (j < n && text.charCodeAt(j) !== delim && text.charCodeAt(j) !== 10 && !(text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10)) {
          // junk after a closing quote: keep it (lenient), report once per field
          let k = j;
          while (k < n && text.charCodeAt(k) !== delim && text.charCodeAt(k) !== 10 && !(text.charCodeAt(k) === 13 && text.charCodeAt(k + 1) === 10)) k++;
          sink?.error(line, `unexpected text after a closing quote: ${JSON.stringify(text.slice(j, Math.min(k, j + 20)))}`, columnOf(text, j));
          value += text.slice(j, k);
          j = k;
        }
        fields.push(value);
        pos = j;
      } else {
        let i = pos;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === delim || c === 10) break;
          if (c === 13 && text.charCodeAt(i + 1) === 10) break;
          i++;
        }
        fields.push(text.slice(pos, i));
        pos = i;
      }
      // separator handling
      if (pos >= n) {
        atRecordEnd = true;
      } else {
        const c = text.charCodeAt(pos);
        if (c === delim) {
          pos++;
          if (pos >= n) {
            fields.push("");
            atRecordEnd = true;
          }
        } else {
          pos += c === 13 ? 2 : 1;
          line++;
          atRecordEnd = true;
        }
      }
    }
    out.push({ line: recordLine, fields });
  }
  return out;
}

/** Lenient mode: does the quoted field opening at `pos` close right before a delimiter or line end? */
function properlyQuoted(text: string, pos: number, delim: number): boolean {
  const n = text.length;
  let i = pos + 1;
  while (i < n) {
    if (text.charCodeAt(i) === 34) {
      if (text.charCodeAt(i + 1) === 34) {
        i += 2;
        continue;
      }
      const c = text.charCodeAt(i + 1);
      return i + 1 >= n || c === delim || c === 10 || (c === 13 && text.charCodeAt(i + 2) === 10);
    }
    i++;
  }
  return false;
}

function columnOf(text: string, pos: number): number {
  const ls = text.lastIndexOf("\n", pos - 1);
  return pos - ls;
}

/** Header normalisation for alias lookup: lower case, trimmed, spaces/dashes → underscores. */
export function normaliseHeader(h: string): string {
  return h.trim().toLowerCase().replace(/[\s-]+/g, "_");
}

/** Index of the first header matching one of the aliases (normalised), or -1. */
export function findColumn(headers: string[], aliases: readonly string[]): number {
  const norm = headers.map(normaliseHeader);
  for (const a of aliases) {
    const i = norm.indexOf(a);
    if (i >= 0) return i;
  }
  return -1;
}

/** Sniffs the delimiter of a header line: tab if present, else comma (semicolon if it has neither). */
export function sniffDelimiter(fileName: string, firstLine: string): string {
  if (/\.tsv$|\.tab$/i.test(fileName) || firstLine.includes("\t")) return "\t";
  if (!firstLine.includes(",") && firstLine.includes(";")) return ";";
  return ",";
}

export function firstLineOf(text: string): string {
  const i = text.indexOf("\n");
  const l = i < 0 ? text : text.slice(0, i);
  return l.endsWith("\r") ? l.slice(0, -1) : l;
}
