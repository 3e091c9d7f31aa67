// The built-in codes read from the presets are the former enums' strings, in their order (so no
// stored value changed with migration 20261126010000_enums_as_text, and the exports sort as the
// enums did), and the checks refuse what the enums refused.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  builtInCodeIssue,
  EDIT_KIND_CODES,
  ERROR_CATEGORY_CODES,
  penaltyOf,
  POST_EDIT_VARIANT_CODES,
  REALISATION_PATTERN_CODES,
  SEVERITY_CODE_BY_PENALTY,
  severityCodeOf,
  ZPenalty,
} from "./built-in-codes";

/** The enums as the first migration created them. */
function initEnum(name: string): string[] {
  const sql = readFileSync("prisma/migrations/20261122000000_init/migration.sql", "utf8");
  const m = new RegExp(`CREATE TYPE "${name}" AS ENUM \\(([^)]*)\\)`).exec(sql);
  if (!m) throw new Error(`no enum ${name}`);
  return m[1].split(",").map((s) => s.trim().replace(/^'|'$/g, ""));
}

describe("built-in codes from the presets", () => {
  it("are the former enums' values, in their declaration order", () => {
    expect([...ERROR_CATEGORY_CODES]).toEqual(initEnum("ErrorCategory"));
    expect([...SEVERITY_CODE_BY_PENALTY.values()]).toEqual(initEnum("Severity"));
    expect([...SEVERITY_CODE_BY_PENALTY.keys()]).toEqual([2, 4, 6, 8, 10]);
    expect([...REALISATION_PATTERN_CODES]).toEqual(initEnum("RealisationPattern"));
    // MetaHOPE's post-edit (issue 19) came after the enums, as text: the former values keep their place
    expect([...EDIT_KIND_CODES]).toEqual([...initEnum("EditKind"), "REFERENCE"]);
    expect([...POST_EDIT_VARIANT_CODES]).toEqual(["figurative", "literal", "reference"]);
  });

  it("map penalties and stored severities both ways, refusing what the preset does not list", () => {
    expect(severityCodeOf(6)).toBe("MAJOR");
    expect(penaltyOf("CRITICAL")).toBe(10);
    expect(() => severityCodeOf(5)).toThrow(/penalty 5/);
    expect(() => penaltyOf("major")).toThrow(/"major" is not one of/);
    expect(ZPenalty.safeParse(8).success).toBe(true);
    expect(ZPenalty.safeParse(3).success).toBe(false);
  });

  it("name the column and the codes of a bad row; drafts may leave category and severity empty", () => {
    expect(builtInCodeIssue("ErrorSpan", { category: "MIS", severity: "MAJOR" })).toBeNull();
    expect(builtInCodeIssue("ErrorSpan", { category: null, severity: null })).toBeNull();
    expect(builtInCodeIssue("ErrorSpan", { category: "MIS", severity: "HUGE" })).toBe('ErrorSpan.severity: "HUGE" is not one of MINOR, MEDIUM, MAJOR, SEVERE, CRITICAL');
    expect(builtInCodeIssue("Alignment", { pattern: null })).toBe("Alignment.pattern: null is not one of DIRECT, PARAPHRASE, DISTRIBUTED, IMPLICIT, PARTIAL, OMISSION");
    expect(builtInCodeIssue("PostEdit", { kind: "figurative" })).toMatch(/^PostEdit\.kind: "figurative" is not one of FIGURATIVE, LITERAL/);
    expect(builtInCodeIssue("Annotation", { field: "anything" })).toBeNull();
  });
});
