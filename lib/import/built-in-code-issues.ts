// The codes an import writes to the tables beside the scheme's values, checked against the presets'
// definitions (lib/schemes/presets/built-in-codes.ts) before anything is stored: an MT output's
// alignment pattern (Alignment.pattern) and a gold reference's kinds (GoldReference.kind). The
// database stores them as text and no longer refuses a code it does not know. Tropos JSONL already
// parses them with the same codes; this catches every other importer's output (spreadsheets, MQM,
// the demo corpus) and names the file, line and field of each bad code. Error spans and post-edits
// are values of the project's scheme: their categories, severities and kinds are checked against
// its fields, with the other values (lib/db/import/scheme-values.ts).
import { POST_EDIT_VARIANT_CODES, REALISATION_PATTERN_CODES } from "@/lib/schemes/presets/built-in-codes";
import { MAX_ERRORS, type ImportIssue, type ImportResult } from "./types";

export function builtInCodeIssues(fileName: string, result: ImportResult): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const check = (ok: boolean, line: number | undefined, field: string, value: unknown, codes: readonly (string | number)[]) => {
    if (!ok && issues.length < MAX_ERRORS) issues.push({ file: fileName, line, field, message: `${JSON.stringify(value)} is not one of ${codes.join(", ")}` });
  };
  const has = (codes: readonly (string | number)[], v: unknown) => codes.includes(v as string | number);
  for (const a of result.alignments) check(has(REALISATION_PATTERN_CODES, a.pattern), undefined, "pattern", a.pattern, REALISATION_PATTERN_CODES);
  for (const g of result.goldReferences ?? []) {
    check(has(POST_EDIT_VARIANT_CODES, g.kind), g.line, "kind", g.kind, POST_EDIT_VARIANT_CODES);
    if (g.sourcePostEditKind !== undefined) check(has(POST_EDIT_VARIANT_CODES, g.sourcePostEditKind), g.line, "sourcePostEditKind", g.sourcePostEditKind, POST_EDIT_VARIANT_CODES);
  }
  return issues;
}
