/**
 * Whether one imported value line (an annotation or an adjudication) fits the built-in runtime:
 * its anchor is the one the preset field's scope has, and its value passes the preset field's
 * check (lib/schemes/presets/built-in-value-check.ts). The built-in counterpart of
 * scheme-line-check.ts; the loader (lib/db/import/load-import.ts) resolves the ids, reads the MRW's
 * metaphoricity, and prefixes file, line and field. Pure.
 */
import { anchorItemKey } from "@/lib/schemes/language/value-anchor";
import { scopeName } from "@/lib/schemes/language/scheme-scope";
import { builtInScope, CATEGORY_PENALTY_FIELDS, checkBuiltInAdjudication, checkBuiltInAnnotation, SOURCE_NOTE_FIELDS } from "@/lib/schemes/presets/built-in-value-check";

export interface TBuiltInLine {
  field: string;
  translationId: string | null;
  mrwId: string | null;
  value: unknown;
}

/** The line key of each anchor, as a file names it. */
const LINE_KEY = { translationId: "system", mrwId: "mrwId", role: "role" } as const;

/** Fields whose value marks spans of the line's translation: `{ spans: [{ start, end }] }`. */
const TRANSLATION_SPAN_FIELDS: ReadonlySet<string> = new Set(["ALIGNMENT", "TARGET_WORDS"]);

/**
 * What is wrong with the line (without the field's name in front), or null. `metaphorical`: the
 * line's MRW's flag; `translationLength`: the length of the line's translation, which an
 * alignment's or target words' spans must not run past (as a save checks them).
 */
export function builtInLineIssue(kind: "annotation" | "adjudication", line: TBuiltInLine, ctx: { metaphorical?: boolean; translationLength?: number }): string | null {
  if (CATEGORY_PENALTY_FIELDS.has(line.field) && kind === "adjudication") {
    if (line.translationId === null) return `is decided per translation (or per MRW of a translation): the line needs "system"`;
  } else if (!(SOURCE_NOTE_FIELDS as readonly string[]).includes(line.field)) {
    const scope = builtInScope(line.field);
    if (scope !== null) {
      const anchor = anchorItemKey(line.field, scope, line);
      if (!anchor.ok) {
        const key = LINE_KEY[anchor.field];
        return line[anchor.field as "translationId" | "mrwId"] === null ? `is per ${scopeName(scope)}: the line needs "${key}"` : `is per ${scopeName(scope)}: the line must not have "${key}"`;
      }
    }
  }
  const r = kind === "annotation" ? checkBuiltInAnnotation(line.field, line.value, ctx) : checkBuiltInAdjudication(line.field, line.value, ctx);
  if (r.ok) {
    if (!TRANSLATION_SPAN_FIELDS.has(line.field) || ctx.translationLength === undefined) return null;
    const spans = (line.value as { spans: { start: number; end: number }[] }).spans;
    const past = spans.findIndex((s) => s.end > ctx.translationLength!);
    return past < 0 ? null : `span ${past + 1} [${spans[past].start}, ${spans[past].end}) runs past the end of the translation (length ${ctx.translationLength})`;
  }
  const prefix = `${line.field}: `;
  return r.message.startsWith(prefix) ? r.message.slice(prefix.length) : r.message;
}
