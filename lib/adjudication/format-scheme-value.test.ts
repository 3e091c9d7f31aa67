import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { formatSchemeValue } from "./format-scheme-value";

const EVERY = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/every-kind.json", "utf8")));
const f = (id: string) => EVERY.fields.find((x) => x.id === id)!;

describe("formatSchemeValue", () => {
  it("shows option labels, scale labels, booleans and units", () => {
    expect(formatSchemeValue(f("meaning"), "literal")).toBe("literalised");
    expect(formatSchemeValue(f("cues"), ["joy", "sorrow"])).toBe("joy, sorrow");
    expect(formatSchemeValue(f("transparency"), 7)).toBe("7 (transparent)");
    expect(formatSchemeValue(f("transparency"), 4)).toBe("4");
    expect(formatSchemeValue(f("premise-ok"), false)).toBe("no");
    expect(formatSchemeValue(f("seconds"), 12)).toBe("12 s");
  });
  it("shows vectors by dimension and spans and alignments as excerpts of their text", () => {
    expect(formatSchemeValue(f("emotion"), { joy: 0.2, fear: 0.7 })).toBe("joy 0.2 · fear 0.7");
    expect(formatSchemeValue(f("errors"), [{ start: 3, end: 8, label: "MIS", attributes: { severity: 6 } }], { text: "Le temps est un voleur." })).toBe("mistranslation (Severity major) “temps”");
    expect(formatSchemeValue(f("alignment"), { pattern: "DIRECT", spans: [{ start: 16, end: 22 }] }, { text: "Le temps est un voleur." })).toBe("DIRECT “voleur”");
    expect(formatSchemeValue(f("alignment"), { pattern: "OMISSION", spans: [] })).toBe("OMISSION");
  });
  it("shows an MQM span on the source as an excerpt of the source", async () => {
    const { MQM_PRESET } = await import("@/lib/schemes/presets/mqm");
    const errors = MQM_PRESET.fields[0];
    const ctx = { text: "He went to Beijing yesterday.", source: "他明天去北京，然后回家。" };
    expect(formatSchemeValue(errors, [{ start: 7, end: 11, label: "Accuracy/Omission", attributes: { severity: "Major" }, on: "source" }, { start: 19, end: 28, label: "Accuracy/Mistranslation", attributes: { severity: "Major" }, on: "target" }], ctx)).toBe(
      "Omission (Severity Major) source “然后回家”; Mistranslation (Severity Major) “yesterday”",
    );
  });
  it("shows tags by token", () => {
    expect(formatSchemeValue(f("metaphor-tags"), ["O", "B-METAPHOR", "I-METAPHOR"], { tokens: ["Time", "is", "thief"] })).toBe("is/B-METAPHOR thief/I-METAPHOR");
    expect(formatSchemeValue(f("metaphor-tags"), ["O", "O"])).toBe("(no tags)");
  });
});
