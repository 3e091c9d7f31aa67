// The examples in lib/schemes/README.md must stay true: the JSON block is the example
// (the fixture), the YAML block reads as the same scheme, and the other snippets validate.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSchemeText } from "./language/parse-scheme-text";

const readme = readFileSync(path.join(__dirname, "README.md"), "utf8");
const blocks = (lang: string) => [...readme.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);
const fixture = readFileSync(path.join(__dirname, "language/fixtures/idiom-judgement.json"), "utf8");

describe("lib/schemes/README.md", () => {
  it("shows the issue's example verbatim, and a YAML version that reads as the same scheme", () => {
    const [json, when] = blocks("json");
    expect(json).toBe(fixture);
    const fromJson = parseSchemeText("example.json", json);
    const fromYaml = parseSchemeText("example.yaml", blocks("yaml")[0]);
    expect(fromJson.ok && fromYaml.ok).toBe(true);
    if (fromJson.ok && fromYaml.ok) expect(fromYaml.scheme).toEqual(fromJson.scheme);

    // the `when` snippet, added to the example
    const doc = JSON.parse(fixture);
    doc.fields.push(JSON.parse(when));
    expect(parseSchemeText("when.json", JSON.stringify(doc)).ok).toBe(true);
  });
});
