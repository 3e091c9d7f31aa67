// Reading scheme files: JSON and YAML give the same scheme; syntax errors name line and column;
// validation errors name the JSON path and, found in the text, where it is. Bad input never throws.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSchemeError, parseSchemeText } from "./parse-scheme-text";

const EXAMPLE_TEXT = readFileSync(path.join(__dirname, "fixtures/idiom-judgement.json"), "utf8");

/** The example written as YAML by hand. */
const EXAMPLE_YAML = `id: idiom-judgement
version: 1
name: Idiom judgement
guidelines: |-
  ## Task
  Read the whole sentence first. Rate how transparent the idiom is, then judge each translation.
fields:
  - { id: transparency, scope: segment, kind: scale, label: Transparency of the idiom, min: 1, max: 7, labels: { "1": opaque, "7": transparent }, level: ordinal, required: true }
  - id: meaning
    scope: translation
    kind: choice
    label: Figurative meaning
    options:
      - { value: kept, label: kept, key: "1" }
      - { value: literal, label: literalised, key: "2" }
      - { value: lost, label: lost, key: "3" }
    required: true
  - id: cues
    scope: translation
    kind: multi
    label: Emotional cues kept
    options: [{ value: joy }, { value: sorrow }, { value: anger }]
  - { id: fluency, scope: translation, kind: scale, label: Fluency, min: 0, max: 100, level: interval }
  - { id: note, scope: translation, kind: text, label: Comment }
`;

function errorsOf(fileName: string, text: string): string[] {
  const r = parseSchemeText(fileName, text);
  return r.ok ? [] : r.errors.map((e) => formatSchemeError(fileName, e));
}

describe("parseSchemeText", () => {
  it("reads the issue's example from JSON and the same scheme from YAML", () => {
    const json = parseSchemeText("idiom.json", EXAMPLE_TEXT);
    const yaml = parseSchemeText("idiom.yaml", EXAMPLE_YAML);
    expect(json.ok && yaml.ok).toBe(true);
    if (json.ok && yaml.ok) expect(yaml.scheme).toEqual(json.scheme);
  });

  it("guesses the format from the text when the name has no known extension", () => {
    expect(parseSchemeText("stdin", EXAMPLE_TEXT).ok).toBe(true);
    expect(parseSchemeText("stdin", EXAMPLE_YAML).ok).toBe(true);
  });

  it("gives the line and column of a JSON syntax error", () => {
    // Line 3 is `  "version": 1,,`: the second comma is column 16. The wording is V8's and may
    // change between Node versions; the position is ours.
    const [comma] = errorsOf("s.json", '{\n  "id": "x",\n  "version": 1,,\n  "name": "n"\n}');
    expect(comma).toMatch(/^s\.json:3:16: invalid JSON: \S/);
    const [end] = errorsOf("s.json", '{\n  "id": "x"\n');
    expect(end).toMatch(/^s\.json:3:1: invalid JSON: \S/);
  });

  it("gives the line and column of a YAML syntax error", () => {
    expect(errorsOf("s.yaml", "id: x\nfields: [\n")).toEqual(["s.yaml:3:1: Flow sequence in block collection must be sufficiently indented and end with a ]"]);
    expect(errorsOf("s.yaml", "id: x\nid: y\n")).toEqual(["s.yaml:2:1: Map keys must be unique"]);
  });

  it("names the JSON path of a validation error and where it is in the file", () => {
    const text = EXAMPLE_TEXT.replace('"options": [{"value": "joy"}, {"value": "sorrow"}, {"value": "anger"}]', '"options": []');
    // fields[2].options is on line 11 of the fixture; its value starts at column 17
    expect(errorsOf("idiom.json", text)).toEqual(["idiom.json:11:17: fields[2].options: at least one option"]);
    const yaml = EXAMPLE_YAML.replace("options: [{ value: joy }, { value: sorrow }, { value: anger }]", "options: []");
    expect(errorsOf("idiom.yaml", yaml)).toEqual(["idiom.yaml:22:14: fields[2].options: at least one option"]);
  });

  it("points at an unknown key itself, and reports a missing one as required at its object", () => {
    const text = '{\n  "id": "x", "version": 1, "name": "n",\n  "fields": [\n    {"id": "a", "scope": "segment", "kind": "text", "lable": "A"}\n  ]\n}';
    expect(errorsOf("s.json", text)).toEqual(['s.json:4:5: fields[0].label: required', 's.json:4:53: fields[0]: unknown key "lable"']);
  });

  it("reports every error, not just the first", () => {
    const text = JSON.stringify({ id: "Bad Id", version: 0, name: "", fields: [] });
    expect(errorsOf("s.json", text)).toEqual([
      "s.json:1:7: id: an id is lower-case letters, digits and '-'",
      "s.json:1:26: version: version starts at 1",
      "s.json:1:35: name: a name cannot be empty",
      "s.json:1:47: fields: at least one field",
    ]);
  });

  it("refuses a key given twice in JSON, which JSON.parse would silently resolve to the last", () => {
    const text = EXAMPLE_TEXT.replace('"version": 1,', '"version": 1, "version": 2,');
    expect(errorsOf("idiom.json", text)).toEqual(["idiom.json:2:42: duplicate key (JSON would keep only the last)"]);
  });

  it("reads a file saved with a byte-order mark", () => {
    expect(parseSchemeText("idiom.json", `\uFEFF${EXAMPLE_TEXT}`).ok).toBe(true);
  });

  it("never throws on input that is not a scheme", () => {
    for (const [name, text] of [["a.json", ""], ["a.json", "null"], ["a.json", "[]"], ["a.yaml", "42"], ["a.yaml", "\u0000\u0001"], ["a.yaml", "a: &x [*x]"], ["a.json", "{\"id\": 1e999}"]]) {
      const r = parseSchemeText(name, text);
      expect(r.ok, `${name} ${JSON.stringify(text)}`).toBe(false);
      if (!r.ok) expect(r.errors.length).toBeGreaterThan(0);
    }
  });
});

describe("formatSchemeError", () => {
  it("leaves out what is unknown", () => {
    expect(formatSchemeError("f.json", { path: "fields", message: "m" })).toBe("f.json: fields: m");
    expect(formatSchemeError("f.json", { path: null, message: "m", line: 2, column: 3 })).toBe("f.json:2:3: m");
  });
});
