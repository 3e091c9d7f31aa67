import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { conflictValueText, suggestedValueText } from "./suggested-value-text";

const idiom = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
const field = (id: string) => idiom.fields.find((f) => f.id === id)!;

describe("suggestedValueText", () => {
  it("shows option labels, scale points with their label, and texts quoted", () => {
    expect(suggestedValueText(field("meaning"), "literal")).toBe("literalised");
    expect(suggestedValueText(field("cues"), ["joy", "anger"])).toBe("joy, anger");
    expect(suggestedValueText(field("transparency"), 7)).toBe("7 (transparent)");
    expect(suggestedValueText(field("transparency"), 4)).toBe("4");
    expect(suggestedValueText(field("note"), "fine")).toBe("“fine”");
    expect(suggestedValueText(field("meaning"), null)).toBe("(empty)");
  });
});

describe("conflictValueText", () => {
  it("names options and scale points by their labels, shows texts as they are and the rest as JSON", () => {
    expect(conflictValueText(field("meaning"), "literal")).toBe("literalised");
    expect(conflictValueText(field("transparency"), 7)).toBe("7 (transparent)");
    expect(conflictValueText(field("note"), "fine")).toBe("fine");
    expect(conflictValueText(field("meaning"), null)).toBe("(empty)");
  });
});
