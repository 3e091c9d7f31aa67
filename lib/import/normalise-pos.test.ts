import { describe, expect, it } from "vitest";
import { normalisePos, posInfo } from "@/lib/import/normalise-pos";

describe("normalisePos", () => {
  it.each([
    // VUAMC wordcat
    ["N", "NOUN"], ["V", "VERB"], ["AJ", "ADJ"], ["AV", "ADV"], ["PR", "OTHER"], ["DT", "OTHER"], ["V + AV", "VERB"],
    // CLAWS5
    ["NN1", "NOUN"], ["VVZ", "VERB"], ["VBD", "VERB"], ["AJ0", "ADJ"], ["AV0", "ADV"], ["PRP", "OTHER"], ["NN1-VVB", "NOUN"],
    // Penn
    ["NNS", "NOUN"], ["VBG", "VERB"], ["JJR", "ADJ"], ["RB", "ADV"], ["MD", "OTHER"], ["IN", "OTHER"],
    // Universal
    ["PROPN", "NOUN"], ["VERB", "VERB"], ["ADJ", "ADJ"], ["ADV", "ADV"], ["ADP", "OTHER"], ["PRON", "OTHER"],
    // PSUCMC / ICTCLAS
    ["n", "NOUN"], ["nr", "NOUN"], ["v", "VERB"], ["vn", "NOUN"], ["vg", "VERB"], ["a", "ADJ"], ["ad", "ADJ"], ["d", "ADV"], ["w", "OTHER"], ["ew", "OTHER"], ["u", "OTHER"], ["p", "OTHER"],
    // idioms and fixed expressions without their sentence: a predicate (MetaHOPE §4.1.1, pos-in-context.ts)
    ["i", "VERB"], ["l", "VERB"],
  ])("%s → %s", (raw, pos) => {
    expect(normalisePos(raw)).toBe(pos);
  });

  it("keeps the raw tag, marks function words inactive, and honours activePos", () => {
    expect(posInfo("PR")).toEqual({ pos: "OTHER", rawPos: "PR", active: false });
    expect(posInfo("VVZ")).toEqual({ pos: "VERB", rawPos: "VVZ", active: true });
    expect(posInfo("VVZ", { activePos: ["NOUN"] }).active).toBe(false);
    expect(posInfo(undefined)).toEqual({ pos: "OTHER", active: true }); // no tag: cannot filter
  });

  it("PSUCMC idioms and verb-nouns are content words, active by default (MetaHOPE §4.1.1)", () => {
    expect(posInfo("i")).toEqual({ pos: "VERB", rawPos: "i", active: true });
    expect(posInfo("l")).toEqual({ pos: "VERB", rawPos: "l", active: true });
    expect(posInfo("vn")).toEqual({ pos: "NOUN", rawPos: "vn", active: true });
    // with its sentence an idiom takes its function there; other tags ignore the context
    expect(posInfo("i", {}, { after: [{ text: "的" }] })).toEqual({ pos: "ADJ", rawPos: "i", active: true });
    expect(posInfo("p", {}, { after: [{ text: "的" }] })).toEqual({ pos: "OTHER", rawPos: "p", active: false });
    expect(posInfo("i", { activePos: ["NOUN"] }, { after: [{ text: "地" }] })).toEqual({ pos: "ADV", rawPos: "i", active: false });
  });
});
