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
    ["n", "NOUN"], ["nr", "NOUN"], ["v", "VERB"], ["vn", "VERB"], ["vg", "VERB"], ["a", "ADJ"], ["ad", "ADJ"], ["d", "ADV"], ["w", "OTHER"], ["ew", "OTHER"], ["u", "OTHER"], ["i", "OTHER"],
  ])("%s → %s", (raw, pos) => {
    expect(normalisePos(raw)).toBe(pos);
  });

  it("keeps the raw tag, marks function words inactive, and honours activePos", () => {
    expect(posInfo("PR")).toEqual({ pos: "OTHER", rawPos: "PR", active: false });
    expect(posInfo("VVZ")).toEqual({ pos: "VERB", rawPos: "VVZ", active: true });
    expect(posInfo("VVZ", { activePos: ["NOUN"] }).active).toBe(false);
    expect(posInfo(undefined)).toEqual({ pos: "OTHER", active: true }); // no tag: cannot filter
  });
});
