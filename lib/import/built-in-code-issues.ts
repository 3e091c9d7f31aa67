// The built-in runtime's codes in an import (error span categories and severities, alignment
// patterns, post-edit and gold reference kinds), checked against the presets' definitions
// (lib/schemes/presets/built-in-codes.ts) before anything is stored: the database stores them as
// text and no longer refuses a code it does not know. Tropos JSONL already parses them with the
// same codes; this catches every other importer's output (spreadsheets, MQM, the demo corpus) and
// names the file, line and field of each bad code.
import { ERROR_CATEGORY_CODES, PENALTY_CODES, POST_EDIT_VARIANT_CODES, REALISATION_PATTERN_CODES } from "@/lib/schemes/presets/built-in-codes";
import { MAX_ERRORS, type ImportIssue, type ImportResult } from "./types";

/**
 * `errorSpans: false` for a project that runs a scheme (every project since the one runtime): its
 * span field's labels and severity options decide an error span's category and severity (a variant
 * may add one), checked with the values, every span line in one pass (lib/db/import/scheme-values.ts).
 * Checking severities here first would refuse the file on them alone and hide a bad category on an
 * earlier line.
 */
export function builtInCodeIssues(fileName: string, result: ImportResult, opts: { errorSpans: boolean } = { errorSpans: true }): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const check = (ok: boolean, line: number | undefined, field: string, value: unknown, codes: readonly (string | number)[]) => {
    if (!ok && issues.length < MAX_ERRORS) issues.push({ file: fileName, line, field, message: `${JSON.stringify(value)} is not one of ${codes.join(", ")}` });
  };
  const has = (codes: readonly (string | number)[], v: unknown) => codes.includes(v as string | number);
  for (const a of result.alignments) check(has(REALISATION_PATTERN_CODES, a.pattern), undefined, "pattern", a.pattern, REALISATION_PATTERN_CODES);
  for (const e of opts.errorSpans ? result.errorSpans : []) {
    check(has(ERROR_CATEGORY_CODES, e.category), e.line, "category", e.category, ERROR_CATEGORY_CODES);
    check(has(PENALTY_CODES, e.severity), e.line, "severity", e.severity, PENALTY_CODES);
  }
  for (const p of result.postEdits) check(has(POST_EDIT_VARIANT_CODES, p.kind), undefined, "kind", p.kind, POST_EDIT_VARIANT_CODES);
  for (const g of result.goldReferences ?? []) {
    check(has(POST_EDIT_VARIANT_CODES, g.kind), g.line, "kind", g.kind, POST_EDIT_VARIANT_CODES);
    if (g.sourcePostEditKind !== undefined) check(has(POST_EDIT_VARIANT_CODES, g.sourcePostEditKind), g.line, "sourcePostEditKind", g.sourcePostEditKind, POST_EDIT_VARIANT_CODES);
  }
  return issues;
}
