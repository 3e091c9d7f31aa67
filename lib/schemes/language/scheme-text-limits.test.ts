// Issue 27 point 4: 499,000 nested `[` sent to the scheme editor's save action ran the YAML parser
// (which reads JSON schemes too) out of memory and killed the server. The text is now refused before
// any parser runs, at the first token nested too deep, with its line and column. Without the limit
// the 499k case below took seconds and hundreds of MB in parseSchemeText (a 400 MB heap died).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSchemeError, parseSchemeText } from "./parse-scheme-text";
import { SCHEME_MAX_CHARS, SCHEME_MAX_DEPTH, schemeTextLimitError } from "./scheme-text-limits";
import { SCHEME_STARTING_POINTS } from "@/components/schemes/scheme-starting-points";

const DEEP = 499_000;

describe("schemeTextLimitError", () => {
  it("refuses 499k nested [ at once, at the token that passes the limit", () => {
    const started = performance.now();
    const e = schemeTextLimitError("[".repeat(DEEP) + "]".repeat(DEEP));
    expect(performance.now() - started).toBeLessThan(500);
    expect(e).toEqual({ path: null, message: `nested deeper than ${SCHEME_MAX_DEPTH} levels`, line: 1, column: SCHEME_MAX_DEPTH + 1 });
  });

  it("counts JSON objects, YAML block nesting by indentation and compact `- - -` sequences", () => {
    const nest = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
    expect(schemeTextLimitError(nest(20))).toBeNull();
    expect(schemeTextLimitError(nest(70))).toMatchObject({ line: 1 });
    expect(schemeTextLimitError("- ".repeat(20) + "x")).toBeNull();
    expect(schemeTextLimitError("- ".repeat(DEEP) + "x")).toMatchObject({ line: 1, column: 2 * SCHEME_MAX_DEPTH + 1 });
    const indented = (n: number) => Array.from({ length: n }, (_, i) => `${" ".repeat(i)}a:`).join("\n") + " 1";
    expect(schemeTextLimitError(indented(20))).toBeNull();
    expect(schemeTextLimitError(indented(100))).toMatchObject({ line: SCHEME_MAX_DEPTH + 1 });
  });

  it("does not count brackets inside quoted strings, block scalars or plain text", () => {
    const brackets = "[".repeat(500);
    const yaml = `guidelines: |\n  ${brackets}\n    ${brackets}\nname: '${brackets}'\nlabel: "${brackets}"\nnote: see ${brackets}\n`;
    expect(schemeTextLimitError(yaml)).toBeNull();
    expect(schemeTextLimitError(JSON.stringify({ guidelines: brackets, fields: [{ label: "{".repeat(500) }] }))).toBeNull();
  });

  it("passes every starting point and fixture (about eight levels deep)", () => {
    for (const p of SCHEME_STARTING_POINTS) expect(schemeTextLimitError(p.text, 10), p.id).toBeNull();
    for (const f of ["every-kind.json", "idiom-judgement.json"]) expect(schemeTextLimitError(readFileSync(path.join(__dirname, "fixtures", f), "utf8"), 10), f).toBeNull();
  });

  it("refuses a text over the size limit without scanning it", () => {
    expect(schemeTextLimitError("x".repeat(SCHEME_MAX_CHARS + 1))?.message).toMatch(/longer than 1,000,000 characters/);
  });
});

describe("parseSchemeText with deeply nested input", () => {
  it.each([
    ["scheme.json", "[".repeat(DEEP) + "]".repeat(DEEP)],
    ["scheme.yaml", "[".repeat(DEEP) + "]".repeat(DEEP)],
    ["scheme.yaml", `fields:\n  - ${"- ".repeat(DEEP)}x`],
  ])("%s: refused quickly, naming line:column, without running the parsers", (fileName, text) => {
    const started = performance.now();
    const r = parseSchemeText(fileName, text);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(formatSchemeError(fileName, r.errors[0])).toMatch(new RegExp(`^${fileName.replace(".", "\\.")}:\\d+:\\d+: nested deeper than ${SCHEME_MAX_DEPTH} levels$`));
  });
});
