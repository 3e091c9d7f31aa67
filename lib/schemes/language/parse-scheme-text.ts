/**
 * Reads a scheme file (JSON, or YAML for people who write it by hand) and
 * validates it. Never throws for bad input: every problem comes back as an
 * error with its JSON path (`fields[2].options`) and, when it can be found in
 * the text, its line and column, so an editor or the CLI can point at it.
 */
import { LineCounter, parseDocument, isCollection, isMap, isPair, isScalar, type Document, type Node } from "yaml";
import type { z } from "zod";
import { ZSchemeDefinition, type TSchemeDefinition } from "./scheme-definition";
import { formatIssuePath } from "./format-issue-path";
import { schemeTextLimitError } from "./scheme-text-limits";

export interface TSchemeError {
  /** JSON path of the offending value; null for a syntax error. */
  path: string | null;
  message: string;
  /** 1-based position in the text, when known. */
  line?: number;
  column?: number;
}

export type TParseSchemeResult = { ok: true; scheme: TSchemeDefinition } | { ok: false; errors: TSchemeError[] };

export type TSchemeFormat = "json" | "yaml";

/** By extension; without one, text starting with `{` is JSON, anything else YAML. */
export function schemeFormatOf(fileName: string, text: string): TSchemeFormat {
  if (/\.ya?ml$/i.test(fileName)) return "yaml";
  if (/\.json$/i.test(fileName)) return "json";
  return text.trimStart().startsWith("{") ? "json" : "yaml";
}

export function parseSchemeText(fileName: string, raw: string): TParseSchemeResult {
  // Editors on Windows may save a byte-order mark, which JSON.parse refuses.
  const text = raw.replace(/^\uFEFF/, "");
  // before any parser: deep nesting ran the YAML parser (which reads JSON too) out of memory
  const tooBig = schemeTextLimitError(text);
  if (tooBig) return { ok: false, errors: [tooBig] };
  const lines = new LineCounter();
  const format = schemeFormatOf(fileName, text);
  let data: unknown;
  // The YAML document also gives positions for validation errors in JSON files (JSON is YAML's flow style).
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, keepSourceTokens: false });
  if (format === "json") {
    try {
      data = JSON.parse(text);
    } catch (e) {
      return { ok: false, errors: [jsonSyntaxError(text, e)] };
    }
    // JSON.parse keeps the last of two equal keys without a word; in a scheme that hides a mistake.
    const duplicates = doc.errors.filter((err) => err.code === "DUPLICATE_KEY");
    if (duplicates.length > 0) return { ok: false, errors: duplicates.map((err) => ({ path: null, message: "duplicate key (JSON would keep only the last)", ...position(lines, err.pos[0]) })) };
  } else {
    if (doc.errors.length > 0) {
      return {
        ok: false,
        errors: doc.errors.map((err) => ({ path: null, message: err.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, ""), ...position(lines, err.pos[0]) })),
      };
    }
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      return { ok: false, errors: [{ path: null, message: (e as Error).message }] };
    }
  }
  const parsed = ZSchemeDefinition.safeParse(data, { error: plainMessage });
  if (parsed.success) return { ok: true, scheme: parsed.data };
  const located = doc.errors.length === 0 ? doc : null;
  return { ok: false, errors: parsed.error.issues.map((i) => ({ path: formatIssuePath(i.path), message: i.message, ...locate(located, lines, i) })) };
}

/** Plainer wording than zod's defaults for the two commonest mistakes; custom messages in the schema win. */
function plainMessage(iss: z.core.$ZodRawIssue): string | undefined {
  if (iss.code === "invalid_type" && iss.input === undefined) return "required";
  if (iss.code === "unrecognized_keys") return `unknown key${iss.keys.length > 1 ? "s" : ""} ${iss.keys.map((k) => JSON.stringify(k)).join(", ")}`;
  return undefined;
}

/** One line for people and editors: `file:line:column: path: message`, leaving out what is unknown. */
export function formatSchemeError(fileName: string, e: TSchemeError): string {
  const where = e.line !== undefined ? `${fileName}:${e.line}:${e.column ?? 1}` : fileName;
  return `${where}: ${e.path !== null ? `${e.path}: ` : ""}${e.message}`;
}

function position(lines: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}

/** Node's JSON.parse gives the offset ("at position 42", sometimes also line and column); we compute line and column from it. */
function jsonSyntaxError(text: string, e: unknown): TSchemeError {
  const raw = e instanceof Error ? e.message : String(e);
  const m = /at position (\d+)/.exec(raw);
  const offset = m ? Number(m[1]) : text.length;
  const before = text.slice(0, offset).split("\n");
  const message = raw.replace(/\s*(in JSON )?at position \d+( \(line \d+ column \d+\))?/, "").replace(/^JSON\.parse: /, "");
  return { path: null, message: `invalid JSON: ${message}`, line: before.length, column: before[before.length - 1].length + 1 };
}

/**
 * The text position of the value an issue is about; for a missing or unknown
 * key, the object that lacks or has it (or the unknown key itself).
 */
function locate(doc: Document | null, lines: LineCounter, issue: z.core.$ZodIssue): { line?: number; column?: number } {
  if (!doc) return {};
  let node: unknown = doc.contents;
  for (const key of issue.path) {
    if (!isCollection(node)) break;
    const next: unknown = node.get(key, true);
    if (next === undefined) break;
    node = next;
  }
  if (issue.code === "unrecognized_keys" && isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === issue.keys[0]);
    if (pair && isScalar(pair.key) && pair.key.range) return position(lines, pair.key.range[0]);
  }
  const range = (node as Node | null)?.range;
  return range ? position(lines, range[0]) : {};
}
