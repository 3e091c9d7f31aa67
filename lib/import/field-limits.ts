/**
 * Per-field size limits of an import (issue 27, point 8). A 150 MB segment text used to be
 * accepted: the dry run echoed it back whole and its adjudication page was 300 MB. Every parsed
 * file is checked before anything is stored or shown, whatever its format; a value over its limit
 * is an error naming file, line and field, and the file is refused with nothing of its data kept
 * (the refused result carries the errors only, so no oversized string travels further).
 */
import { MAX_ERRORS, emptyImportResult, type ImportIssue, type ImportResult } from "./types";

/** A text annotators read: segment text, item text by role, translation, post-edit, gold reference. */
export const MAX_TEXT_CHARS = 100_000;
/** A value (annotation, adjudication) as JSON: alignments and error lists stay far below it. */
export const MAX_VALUE_JSON_CHARS = 100_000;
/** Any other string: ids, names, tokens, comments, rationales, labels. */
export const MAX_STRING_CHARS = 10_000;

/** keys whose strings are texts (the item texts by role under `texts` too) */
const TEXT_KEYS = new Set(["text", "texts"]);

function kB(n: number): string {
  return `${n.toLocaleString("en")} characters`;
}

/**
 * The oversized values of one line of a file (a segment with its MRWs, a translation, an
 * annotation …), pushed to `issues` up to MAX_ERRORS. `field` is the key path within the line
 * (`text`, `texts.premise`, `mrws.0.gloss`, `value`); a top-level `value` (annotation,
 * adjudication) counts as its JSON.
 */
export function lineOversize(fileName: string, line: number | undefined, record: object, issues: ImportIssue[]): void {
  const add = (field: string, what: string, length: number, limit: number) => {
    if (issues.length < MAX_ERRORS) issues.push({ file: fileName, line, field, message: `${what} is ${kB(length)} long, over the limit of ${kB(limit)}; nothing was stored.` });
  };
  const walk = (v: unknown, path: string, textLimit: boolean): void => {
    if (issues.length >= MAX_ERRORS) return;
    if (typeof v === "string") {
      const limit = textLimit ? MAX_TEXT_CHARS : MAX_STRING_CHARS;
      if (v.length > limit) add(path, textLimit ? "the text" : "the value", v.length, limit);
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${path}.${i}`, textLimit));
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k, textLimit || TEXT_KEYS.has(k));
    }
  };
  for (const [k, x] of Object.entries(record)) {
    if (k === "line" || k === "type") continue;
    if (k === "value") {
      // a value is stored as JSON: its whole size counts
      const json = JSON.stringify(x) ?? "";
      if (json.length > MAX_VALUE_JSON_CHARS) add("value", "the value", json.length, MAX_VALUE_JSON_CHARS);
    } else if (k !== "segments") {
      walk(x, k, TEXT_KEYS.has(k));
    }
  }
}

/** The issues of `result`'s oversized values, at most MAX_ERRORS. */
export function oversizeIssues(fileName: string, result: ImportResult): ImportIssue[] {
  const issues: ImportIssue[] = [];
  for (const d of result.documents) {
    lineOversize(fileName, d.segments[0]?.line, d, issues);
    for (const s of d.segments) lineOversize(fileName, s.line, s, issues);
  }
  // alignments and post-edits carry no line of their own (formats that give them have none)
  const lists: object[][] = [result.translations, result.alignments, result.annotations, result.errorSpans, result.postEdits, result.adjudications ?? [], result.goldReferences ?? [], result.metricScores ?? []];
  for (const list of lists) for (const x of list) lineOversize(fileName, "line" in x && typeof x.line === "number" ? x.line : undefined, x, issues);
  return issues;
}
/** `result`, or (when a value is over its limit) a refused result with those errors and none of the data. */
export function withFieldLimits(fileName: string, result: ImportResult): ImportResult {
  const issues = oversizeIssues(fileName, result);
  if (!issues.length) return result;
  return { ...emptyImportResult(), errors: [...issues, ...result.errors].slice(0, MAX_ERRORS), warnings: result.warnings.slice(0, MAX_ERRORS) };
}
