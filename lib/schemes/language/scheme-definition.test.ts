// The scheme language's rules, each shown by a document that breaks exactly one of them.
// Inputs start from the issue's example (fixtures/idiom-judgement.json, verbatim from issue 14).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition, type TSchemeDefinitionInput } from "./scheme-definition";
import { measurementLevelOf } from "./measurement-level";
import { formatIssuePath } from "./format-issue-path";
import { findNamedAnalysis, NAMED_ANALYSIS_NAMES } from "./named-analyses";
import { SHIPPED_PRESETS } from "../presets/shipped-presets";

const EXAMPLE_TEXT = readFileSync(path.join(__dirname, "fixtures/idiom-judgement.json"), "utf8");
const example = (): TSchemeDefinitionInput => JSON.parse(EXAMPLE_TEXT);

/** Every issue as "path: message", the form the CLI prints. */
function problems(doc: unknown): string[] {
  const r = ZSchemeDefinition.safeParse(doc);
  return r.success ? [] : r.error.issues.map((i) => `${formatIssuePath(i.path)}: ${i.message}`);
}

function withFields(...fields: unknown[]): unknown {
  return { id: "t", version: 1, name: "T", fields };
}

const choice = (id: string, extra: object = {}) => ({ id, scope: "translation", kind: "choice", label: id, options: [{ value: "a" }, { value: "b" }], ...extra });

describe("ZSchemeDefinition", () => {
  it("accepts the issue's example unchanged, with the levels it declares and the kinds' defaults", () => {
    const r = ZSchemeDefinition.safeParse(example());
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    const s = r.data!;
    expect(s.fields.map((f) => [f.id, f.kind, measurementLevelOf(f), f.required])).toEqual([
      ["transparency", "scale", "ordinal", true],
      ["meaning", "choice", "nominal", true],
      ["cues", "multi", "nominal", false],
      ["fluency", "scale", "interval", false],
      ["note", "text", null, false],
    ]);
    expect(s.fields[3]).toMatchObject({ min: 0, max: 100, step: 1 });
  });

  // issue 14: an analysis is code, so an unknown name is an error, not a table that never appears
  it("accepts the named analyses of the registry and refuses an unknown one at its path", () => {
    expect(problems({ ...example(), analyses: ["mmte.table3", "metahope.tables3-6"] })).toEqual([]);
    expect(problems({ ...example(), analyses: ["mmte.table3", "mmte.table4"] })).toEqual([
      `analyses[1]: unknown analysis "mmte.table4" (known: ${NAMED_ANALYSIS_NAMES.join(", ")})`,
    ]);
    expect(problems({ ...example(), analyses: ["emos.metrics", "emos.metrics"] })).toEqual(['analyses[1]: analysis "emos.metrics" is listed twice']);
    for (const p of SHIPPED_PRESETS) for (const a of p.analyses) expect(findNamedAnalysis(a), `${p.id}: ${a}`).toBeDefined();
  });

  it("names the JSON path of a field without options", () => {
    const doc = example() as { fields: { options?: unknown[] }[] };
    doc.fields[2].options = [];
    expect(problems(doc)).toEqual(["fields[2].options: at least one option"]);
  });

  it("refuses unknown keys, so a typo does not silently drop a setting", () => {
    const doc = example() as { fields: Record<string, unknown>[] };
    doc.fields[0].reqired = true;
    expect(problems(doc)).toEqual(['fields[0]: Unrecognized key: "reqired"']);
  });

  it("refuses an unknown kind and a wrong scope with the lists to choose from", () => {
    expect(problems(withFields({ id: "a", scope: "segment", kind: "slider", label: "A" }))).toEqual([
      "fields[0].kind: kind must be one of scale, choice, multi, boolean, number, text, edit, spans, tags, alignment, vector",
    ]);
    expect(problems(withFields(choice("a", { scope: "sentence" })))).toEqual([
      'fields[0].scope: scope must be one of document, segment, translation, mrw, mrw-translation or { "role": "<role id>" }',
    ]);
  });

  describe("ids", () => {
    it("refuses a repeated field id", () => {
      expect(problems(withFields(choice("a"), choice("a")))).toEqual([
        'fields[1].id: field id "a" is already used by fields[0]; ids are unique unless each entry is an alternative with its own when',
      ]);
    });

    it("accepts alternatives of one field under exclusive whens, and refuses overlapping ones", () => {
      const alt = (values: boolean[]) => choice("eq", { scope: "mrw-translation", when: { item: "metaphorical", in: values } });
      expect(problems(withFields(alt([true]), alt([false])))).toEqual([]);
      expect(problems(withFields(alt([true]), alt([false, true])))).toEqual(['fields[1].when.in: alternatives of "eq" overlap with fields[0] on true']);
    });

    it("refuses alternatives of different kinds", () => {
      const a = choice("eq", { when: { item: "metaphorical", in: [true] } });
      const b = { id: "eq", scope: "translation", kind: "boolean", label: "eq", when: { item: "metaphorical", in: [false] } };
      expect(problems(withFields(a, b))).toEqual(['fields[1].id: "eq" repeats fields[0] as an alternative, so it needs the same kind, scope and level']);
    });

    it("refuses repeated option values and keys that clash, letters in either case", () => {
      expect(problems(withFields(choice("a", { options: [{ value: "x" }, { value: "x" }] })))).toEqual([
        'fields[0].options[1].value: option value "x" is already used by option 1',
      ]);
      expect(problems(withFields(choice("a", { options: [{ value: "x", key: "i" }, { value: "y", key: "I" }] })))).toEqual([
        'fields[0].options[1].key: key "I" is already used by options[0]',
      ]);
    });

    it("refuses a span attribute key that clashes with a label key (both active while a span is selected)", () => {
      const spans = {
        id: "err", scope: "translation", kind: "spans", label: "Errors",
        labels: [{ value: "MIS", key: "m" }, { value: "STL", key: "1" }],
        attributes: [{ id: "severity", label: "Severity", options: [{ value: 2, key: "1", weight: 2 }] }],
      };
      expect(problems(withFields(spans))).toEqual(['fields[0].attributes[0].options[0].key: key "1" is already used by labels[1]']);
    });

    it("refuses a key that is not one printable character", () => {
      expect(problems(withFields(choice("a", { options: [{ value: "x", key: "Enter" }] })))).toEqual([
        'fields[0].options[0].key: a key is one printable character, e.g. "1" or "i"',
      ]);
    });
  });

  describe("scales", () => {
    const scale = (extra: object) => ({ id: "s", scope: "segment", kind: "scale", label: "S", min: 1, max: 5, ...extra });
    it("needs min < max and a step that reaches max", () => {
      expect(problems(withFields(scale({ min: 5, max: 5 })))).toEqual(["fields[0].max: max (5) must be greater than min (5)"]);
      expect(problems(withFields(scale({ step: 3 })))).toEqual(["fields[0].step: step 3 does not lead from min 1 to max 5"]);
      expect(problems(withFields(scale({ min: 0, max: 1, step: 0.1 })))).toEqual([]);
    });
    it("keeps labels within the range and on the steps", () => {
      expect(problems(withFields(scale({ labels: { "0": "none", "2.5": "half", x: "?", "5": "all" } })))).toEqual([
        'fields[0].labels["0"]: 0 is outside the scale 1–5',
        'fields[0].labels["2.5"]: 2.5 is not a value of the scale (step 1 from 1)',
        'fields[0].labels.x: "x" is not a number',
      ]);
    });
  });

  describe("levels", () => {
    it("allows only the levels that make sense for a kind", () => {
      expect(problems(withFields(choice("a", { level: "interval" })))).toEqual(["fields[0].level: a choice field is nominal or ordinal, not interval"]);
      expect(problems(withFields({ id: "t", scope: "segment", kind: "text", label: "T", level: "nominal" }))).toEqual(["fields[0].level: a text field has no measurement level"]);
    });
    it("defaults per kind", () => {
      const kinds = [
        ["scale", "ordinal"], ["choice", "nominal"], ["multi", "nominal"], ["boolean", "nominal"], ["number", "interval"], ["text", null],
        ["edit", null], ["spans", "nominal"], ["tags", "nominal"], ["alignment", "nominal"], ["vector", "interval"],
      ] as const;
      for (const [kind, level] of kinds) expect(measurementLevelOf({ kind }), kind).toBe(level);
      expect(measurementLevelOf({ kind: "choice", level: "ordinal" })).toBe("ordinal");
    });
  });

  describe("when", () => {
    it("accepts a dependency on an earlier field's values", () => {
      const doc = example() as { fields: Record<string, unknown>[] };
      doc.fields[4].when = { field: "meaning", in: ["lost"] };
      doc.fields[2].when = { field: "transparency", in: [6, 7] };
      expect(problems(doc)).toEqual([]);
    });

    it("refuses a missing, later or self reference", () => {
      expect(problems(withFields(choice("a", { when: { field: "zz", in: ["a"] } })))).toEqual(['fields[0].when.field: no field "zz"']);
      expect(problems(withFields(choice("a", { when: { field: "b", in: ["a"] } }), choice("b")))).toEqual([
        'fields[0].when.field: "b" comes later (fields[1]); a field can only depend on an earlier one',
      ]);
      expect(problems(withFields(choice("a", { when: { field: "a", in: ["a"] } })))).toEqual(["fields[0].when.field: a field cannot depend on itself"]);
    });

    it("refuses a value the field never takes", () => {
      const doc = example() as { fields: Record<string, unknown>[] };
      doc.fields[4].when = { field: "meaning", in: ["gone"] };
      doc.fields[2].when = { field: "transparency", in: [8] };
      expect(problems(doc)).toEqual([
        'fields[2].when.in[0]: "transparency" never has the value 8; it takes a value of the scale 1–7',
        'fields[4].when.in[0]: "meaning" never has the value "gone"; it takes one of "kept", "literal", "lost"',
      ]);
    });

    it("refuses a dependency on a finer scope, and on a free-text field", () => {
      const seg = choice("s", { scope: "segment", when: { field: "a", in: ["a"] } });
      expect(problems(withFields(choice("a"), seg))).toEqual([
        'fields[1].when.field: "a" has scope translation, which does not enclose segment: there is no single value to look at',
      ]);
      const text = { id: "t", scope: "translation", kind: "text", label: "T" };
      expect(problems(withFields(text, choice("a", { when: { field: "t", in: ["x"] } })))).toEqual([
        'fields[1].when.field: "t" is a text field; when can only look at choice, multi, scale, boolean and number fields',
      ]);
    });

    it("takes booleans for the item's metaphoricity", () => {
      expect(problems(withFields(choice("a", { when: { item: "metaphorical", in: ["yes"] } })))).toEqual([
        'fields[0].when.in[0]: "metaphorical" is true or false, not "yes"',
      ]);
    });
  });

  describe("scopes by kind and roles", () => {
    it("anchors fields to declared item roles only", () => {
      const nli = { id: "nli", version: 1, name: "NLI", roles: [{ id: "premise" }, { id: "hypothesis" }], fields: [choice("a", { scope: { role: "hypothesis" } })] };
      expect(problems(nli)).toEqual([]);
      expect(problems({ ...nli, fields: [choice("a", { scope: { role: "claim" } })] })).toEqual(['fields[0].scope.role: role "claim" is not declared in roles']);
    });

    it("puts an alignment at mrw-translation and an edit's base where it exists", () => {
      expect(problems(withFields({ id: "al", scope: "translation", kind: "alignment", label: "A", patterns: [{ value: "DIRECT" }] }))).toEqual([
        "fields[0].scope: an alignment field cannot have scope translation (an alignment links one source MRW to spans of one translation)",
      ]);
      expect(problems(withFields({ id: "pe", scope: "segment", kind: "edit", label: "PE", base: "translation" }))).toEqual([
        'fields[0].base: base "translation" needs scope translation or mrw-translation, not segment',
      ]);
    });

    it("an alignment without patterns marks target words only; its `none` is for that case alone (issue 19 point 4)", () => {
      const words = { id: "tw", scope: "mrw-translation", kind: "alignment", label: "Target words", none: { label: "Not rendered", key: "2" } };
      expect(problems(withFields(words))).toEqual([]);
      expect(problems(withFields({ id: "tw", scope: "mrw-translation", kind: "alignment", label: "TW", patterns: [] }))).toEqual(["fields[0].patterns: at least one pattern, or leave patterns out to mark only the target words"]);
      expect(problems(withFields({ ...words, patterns: [{ value: "DIRECT" }] }))).toEqual([
        'fields[0].none: none is for an alignment without patterns; with patterns, an omission is a pattern with "span": "none"',
      ]);
      // an edit's variant: MMTE's two, and MetaHOPE's reference post-edit
      expect(problems(withFields({ id: "pe", scope: "segment", kind: "edit", label: "PE", variant: "reference" }))).toEqual([]);
      expect(problems(withFields({ id: "pe", scope: "segment", kind: "edit", label: "PE", variant: "gold" }))[0]).toMatch(/^fields\[0\]\.variant: /);
    });

    it("lists BIO tags without prefixes", () => {
      const tags = { id: "met", scope: "segment", kind: "tags", label: "Metaphors", bio: true, tags: [{ value: "B-MET" }, { value: "O" }] };
      expect(problems(withFields(tags))).toEqual([
        'fields[0].tags[0].value: list "MET" only: with bio, B-, I- and O are derived',
        'fields[0].tags[1].value: list "O" only: with bio, B-, I- and O are derived',
      ]);
    });

    it("accepts every kind at once", () => {
      const all = {
        id: "all-kinds", version: 2, name: "Every kind", roles: [{ id: "premise" }],
        fields: [
          { id: "scale", scope: "segment", kind: "scale", label: "S", min: 1, max: 5 },
          choice("choice"),
          { id: "cloze", scope: "segment", kind: "choice", label: "Cloze", optionsFrom: "candidates", gold: { from: "item", key: "answer" } },
          { id: "multi", scope: "translation", kind: "multi", label: "M", options: [{ value: "x" }, { value: "y" }], maxSelected: 2 },
          { id: "bool", scope: "mrw", kind: "boolean", label: "B", labels: { true: { label: "yes", key: "y" }, false: "no" } },
          { id: "num", scope: "document", kind: "number", label: "N", min: 0, integer: true, level: "ratio" },
          { id: "text", scope: { role: "premise" }, kind: "text", label: "T" },
          { id: "edit", scope: "translation", kind: "edit", label: "E", variant: "literal" },
          { id: "spans", scope: "translation", kind: "spans", label: "Sp", labels: [{ value: "ERR" }], attributes: [{ id: "sev", label: "Sev", options: [{ value: 1, weight: 1 }] }], mrw: "optional" },
          { id: "tags", scope: "segment", kind: "tags", label: "Tg", tags: [{ value: "MET" }], bio: true },
          { id: "align", scope: "mrw-translation", kind: "alignment", label: "Al", patterns: [{ value: "DIRECT" }, { value: "OMISSION", span: "none" }] },
          { id: "vec", scope: "mrw-translation", kind: "vector", label: "V", min: 0, max: 1, dimensions: [{ id: "joy" }, { id: "fear" }], when: { field: "bool", in: [true] } },
        ],
      };
      expect(problems(all)).toEqual([]);
    });
  });
});
