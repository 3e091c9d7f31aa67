// The MetaHOPE preset must say exactly what the paper's constants say (__fixtures__/metahope-paper.ts):
// realisation patterns with their span rules and digit keys, the five
// categories with their letter keys, the five severities with their penalties and digit keys.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateSchemeValue } from "../language/validate-value";
import { MAX_POST_EDIT_LENGTH } from "../text-limits";
import { METAHOPE_SCHEME_CONFIG, enabledFieldNames } from "../scheme-config";
import * as H from "./__fixtures__/metahope-paper";
import { parseSchemeText } from "../language/parse-scheme-text";
import type { TSchemeField } from "../language/scheme-field";
import { METAHOPE_PRESET } from "./metahope";

const field = <K extends TSchemeField["kind"]>(id: string, kind: K) => {
  const f = METAHOPE_PRESET.fields.find((x) => x.id === id);
  expect(f?.kind, id).toBe(kind);
  return f as Extract<TSchemeField, { kind: K }>;
};
const bold = (t: string) => t.replace(/@([^@]+)@/g, "**$1**");

describe("MetaHOPE preset", () => {
  it("validates, from its file, with the scheme language's own parser", () => {
    const file = path.join(__dirname, "metahope.json");
    const r = parseSchemeText(file, readFileSync(file, "utf8"));
    expect(r.ok && r.scheme).toEqual(METAHOPE_PRESET);
  });

  it("has MetaHOPE's fields in the parts' order, with their scopes, labels and required flags", () => {
    // the post-edit is a part a project switches on (issue 19 point 3): off by default
    expect(METAHOPE_PRESET.fields.map((f) => f.id)).toEqual(enabledFieldNames({ ...METAHOPE_SCHEME_CONFIG, metahopePostEdit: true }));
    expect(enabledFieldNames(METAHOPE_SCHEME_CONFIG)).toEqual(["ALIGNMENT", "METAHOPE_ERRORS"]);
    // annotators MAY post-edit (few did in the workbooks), so the post-edit is not required
    expect(METAHOPE_PRESET.fields.map((f) => [f.id, f.scope, f.label, f.required])).toEqual([
      ["ALIGNMENT", "mrw-translation", "Alignment", true],
      ["METAHOPE_ERRORS", "translation", "MetaHOPE errors", true],
      ["METAHOPE_POSTEDIT", "segment", "Post-edit", false],
    ]);
  });

  it("aligns with the six realisation patterns of figure 4, their span rules and digit keys", () => {
    const f = field("ALIGNMENT", "alignment");
    const patterns = f.patterns ?? [];
    expect(patterns.map((p) => p.value)).toEqual([...H.REALISATION_PATTERNS]);
    for (const [i, p] of patterns.entries()) {
      const d = H.REALISATION_PATTERN_DEFINITIONS[p.value as H.TRealisationPattern];
      expect([p.label, p.description]).toEqual([d.name, d.definition]);
      // the workspace picks REALISATION_PATTERNS[digit - 1] and the keymap has digits 1–5 only
      expect(p.key).toBe(i < 5 ? String(i + 1) : undefined);
      for (const ex of d.examples) expect(p.guidelines).toContain(`${ex.direction}: ${bold(ex.source)} → ${bold(ex.target)}`);
      // the span rule the runtime enforces: a pattern with a span needs one, OMISSION refuses one
      const withSpan = validateSchemeValue(f, { pattern: p.value, spans: [{ start: 0, end: 2 }] }).ok;
      const withoutSpan = validateSchemeValue(f, { pattern: p.value, spans: [] }).ok;
      expect({ [p.value]: [withSpan, withoutSpan] }).toEqual({ [p.value]: { required: [true, false], optional: [true, true], none: [false, true] }[p.span] });
    }
  });

  it("post-edits one reference translation per sentence, from any output, not required (the workbooks' Human Gold Standard)", () => {
    const f = field("METAHOPE_POSTEDIT", "edit");
    expect([f.scope, f.variant, f.base, f.required, f.maxLength]).toEqual(["segment", "reference", "any-translation", false, MAX_POST_EDIT_LENGTH]);
    expect(f.guidelines).toContain("human post-edited gold reference");
  });

  it("marks error spans with the five categories of table 1 and their letter keys", () => {
    const f = field("METAHOPE_ERRORS", "spans");
    expect(f.labels.map((l) => l.value)).toEqual([...H.METAHOPE_CATEGORIES]);
    for (const l of f.labels) {
      const d = H.METAHOPE_CATEGORY_DEFINITIONS[l.value as H.TMetahopeCategory];
      expect([l.label, l.description, l.key]).toEqual([d.name, d.definition, d.key]);
      for (const ex of d.examples) for (const t of [ex.source, ex.problematic, ex.suggested, ex.explanation]) expect(l.guidelines).toContain(t);
    }
  });

  it("gives every span a severity stored as its penalty 2–10, weighted by it, with its digit keys", () => {
    const f = field("METAHOPE_ERRORS", "spans");
    expect(f.attributes.map((a) => [a.id, a.required])).toEqual([["severity", true]]);
    const sev = f.attributes[0].options;
    expect(sev.map((o) => o.value)).toEqual([...H.METAHOPE_PENALTIES]);
    expect(sev.map((o) => o.weight)).toEqual([...H.METAHOPE_PENALTIES]);
    expect(sev.map((o) => [o.label, o.description, o.key])).toEqual(H.METAHOPE_SEVERITIES.map((s) => [s.name, s.definition, s.key]));
  });

  it("allows what the runtime allows: empty (omission) spans, an optional MRW, a comment", () => {
    const f = field("METAHOPE_ERRORS", "spans");
    expect([f.allowEmpty, f.mrw, f.comments]).toEqual([true, "optional", true]);
    const span = { start: 3, end: 3, label: "IMP", attributes: { severity: 2 } };
    expect(validateSchemeValue(f, [span]).ok).toBe(true);
    expect(validateSchemeValue(f, [{ ...span, end: 5, mrwId: null, comment: "x" }]).ok).toBe(true);
    expect(validateSchemeValue(f, [{ ...span, attributes: {} }]).ok).toBe(false);
    expect(METAHOPE_PRESET.guidelines).toContain(H.METAHOPE_PARAPHRASE_POLICY);
  });
});
